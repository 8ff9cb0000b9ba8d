import { Alert, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useRef, useState } from 'react';
import { TAX_CERTIFICATE_LABELS as L, TAX_CERTIFICATES, type TaxCertificate } from '../../../contract/tax-certificates';
import { TaxCertificateStatusBadge } from '../../components/tax-certificate-status-badge';
import { notify } from '../../components/notify';
import { US_STATES } from '../../components/us-states';
import { saveBlob } from '../../lib/api-client';
import { certificateFile, type CertificateForm, useTaxCertificates, useUploadTaxCertificate } from './tax-certificates-api';

const STATE_NAMES = new Map(US_STATES);
const onDay = (ymd: string) => new Date(`${ymd}T00:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const EMPTY: CertificateForm = { number: '', state: '', expiresOn: '', file: null };

function CertificateLine({ c }: { c: TaxCertificate }) {
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      saveBlob(await certificateFile(c.id), c.fileName);
    } catch (e) {
      notify('red', (e as Error).message);
    } finally {
      setOpening(false);
    }
  };
  return (
    <Group component="li" justify="space-between" gap="xs" wrap="nowrap" align="flex-start" data-testid={`tax-certificate-${c.id}`}>
      <div style={{ minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={700}>{STATE_NAMES.get(c.state) ?? c.state}</Text>
          <TaxCertificateStatusBadge status={c.status} />
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          No. {c.number} · valid through {onDay(c.expiresOn)}
        </Text>
        {c.status === 'rejected' && c.rejectReason && (
          <Text size="sm" c="red.9">
            Not accepted: {c.rejectReason}
          </Text>
        )}
      </div>
      <Button size="xs" variant="default" loading={opening} onClick={open} aria-label={`Download the certificate file ${c.fileName}`} style={{ flexShrink: 0 }}>
        Download
      </Button>
    </Group>
  );
}

/**
 * The account page's "Tax exemption" (DESIGN.md §7; decision 0042): the buyer's resale
 * certificates with their status, and the upload. Once staff accept one, orders shipped to its
 * state are tax-exempt until it expires.
 */
export function TaxCertificatesSection() {
  const certificates = useTaxCertificates();
  const upload = useUploadTaxCertificate();
  const [form, setForm] = useState<CertificateForm>(EMPTY);
  const fileInput = useRef<HTMLInputElement>(null);
  const set = (patch: Partial<CertificateForm>) => setForm((f) => ({ ...f, ...patch }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    upload.mutate(form, {
      onSuccess: () => {
        notify('green', 'Certificate uploaded: we will review it shortly');
        setForm(EMPTY);
        if (fileInput.current) fileInput.current.value = '';
      },
    });
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="tax-exemption" mt="md">
      <Title order={2} size="h4" mb="xs" id="tax-exemption">
        Tax exemption
      </Title>
      <Text size="xs" c="dimmed" mb="md">
        Buying for resale? Upload your resale or exemption certificate. Once we accept it, orders shipped to its state are not taxed until it expires; we remind you 30 days
        before.
      </Text>
      {certificates.isError && <Alert color="red">{certificates.error.message}</Alert>}
      {certificates.data &&
        (certificates.data.items.length === 0 ? (
          <Text size="sm" mb="md">
            No certificates on file.
          </Text>
        ) : (
          <Stack gap="sm" component="ul" mb="md" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Your tax certificates">
            {certificates.data.items.map((c) => (
              <CertificateLine key={c.id} c={c} />
            ))}
          </Stack>
        ))}
      <form onSubmit={submit} aria-label="Upload a tax certificate" noValidate>
        <Title order={3} size="h5" mb="xs">
          Upload a certificate
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label={L.number} value={form.number} onChange={(e) => set({ number: e.currentTarget.value })} maxLength={TAX_CERTIFICATES.numberMax} required />
          <NativeSelect
            label={L.state}
            value={form.state}
            onChange={(e) => set({ state: e.currentTarget.value })}
            data={[{ value: '', label: 'Choose a state' }, ...US_STATES.map(([value, label]) => ({ value, label }))]}
            required
          />
          <TextInput label={L.expiresOn} type="date" value={form.expiresOn} onChange={(e) => set({ expiresOn: e.currentTarget.value })} required />
        </SimpleGrid>
        <Stack gap={4} mt="sm">
          <Text component="label" htmlFor="tax-certificate-file" size="sm" fw={500}>
            {L.file} <Text span c="dimmed" size="xs">(PDF, JPEG or PNG, up to {TAX_CERTIFICATES.maxBytes / 1024 / 1024} MB)</Text>
          </Text>
          <input
            id="tax-certificate-file"
            ref={fileInput}
            type="file"
            accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
            onChange={(e) => set({ file: e.currentTarget.files?.[0] ?? null })}
            style={{ maxWidth: '100%' }}
          />
        </Stack>
        {upload.isError && (
          <Alert color="red" mt="sm" role="alert">
            {upload.error.message}
          </Alert>
        )}
        <Group mt="md">
          <Button type="submit" loading={upload.isPending}>
            Upload certificate
          </Button>
        </Group>
      </form>
    </Card>
  );
}
