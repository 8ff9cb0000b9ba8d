import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { checkForm } from '../../../../contract/plain-words';
import { rejectTaxCertificateBody, TAX_CERTIFICATE_LABELS, type AdminTaxCertificate } from '../../../../contract/tax-certificates';
import { TaxCertificateStatusBadge } from '../../../../web/components/tax-certificate-status-badge';
import { notify } from '../../../../web/components/notify';
import { atTime, onDate } from '../../../components/dates';
import { FormDialog } from '../../../components/form-dialog';
import { CallError } from '../../../components/form-problems';
import { documentUrl } from '../../../lib/admin-api';
import { useDecideCertificate } from './api';


/** Reject, with the reason the buyer is mailed: checked with the contract's plain words before it is sent. */
function RejectDialog({ c, onClose }: { c: AdminTaxCertificate; onClose: () => void }) {
  const decide = useDecideCertificate(c);
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const submit = () => {
    const checked = checkForm(rejectTaxCertificateBody, { reason });
    setProblems(checked.problems);
    if (checked.success) decide.mutate({ action: 'reject', body: checked.data }, { onSuccess: () => (notify('green', `Certificate ${c.number} is rejected`), onClose()) });
  };
  return (
    <FormDialog title={`Reject certificate ${c.number}`} onSubmit={submit} problems={problems} error={decide.error} pending={decide.isPending} submitLabel="Reject the certificate" onClose={onClose}>
      <TextInput
        label={TAX_CERTIFICATE_LABELS.reason}
        description="Mailed to the buyer and shown on their account"
        required
        data-autofocus
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
      />
    </FormDialog>
  );
}

function CertificateRow({ c, withCustomer, canDecide }: { c: AdminTaxCertificate; withCustomer: boolean; canDecide: boolean }) {
  const decide = useDecideCertificate(c);
  const [rejecting, setRejecting] = useState(false);
  return (
    <Paper withBorder p="sm" radius="md" component="li" aria-label={`Certificate ${c.number}`} data-testid={`tax-certificate-${c.id}`}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs">
            {withCustomer && (
              <Anchor component={Link} to={`/customers/${c.customerId}`} fw={700}>
                {c.orgName || `Customer ${c.customerId}`}
              </Anchor>
            )}
            <Text fw={700}>{c.state}</Text>
            <TaxCertificateStatusBadge status={c.status} />
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            No. {c.number} · valid through {onDate(c.expiresOn)}
          </Text>
          <Text size="xs" c="dimmed">
            Uploaded {atTime(c.uploadedAt)}
            {c.decidedAt ? ` · decided ${atTime(c.decidedAt)}` : ''}
          </Text>
          {c.rejectReason && (
            <Text size="sm" c="red.9">
              Reason: {c.rejectReason}
            </Text>
          )}
        </div>
        <Group gap="xs">
          <Button component="a" href={documentUrl(`/TaxCertificates/${c.id}/File`)} target="_blank" rel="noopener" size="xs" variant="default" aria-label={`View file of certificate ${c.number}`}>
            View file
          </Button>
          {canDecide && c.status === 'pending' && (
            <>
              <Button
                size="xs"
                loading={decide.isPending}
                onClick={() => decide.mutate({ action: 'accept' }, { onSuccess: () => notify('green', `Certificate ${c.number} is accepted: orders shipped to ${c.state} are tax-exempt`) })}
              >
                Accept
              </Button>
              <Button size="xs" variant="default" color="red" onClick={() => setRejecting(true)}>
                Reject
              </Button>
            </>
          )}
        </Group>
      </Group>
      <CallError error={decide.error} />
      {rejecting && <RejectDialog c={c} onClose={() => setRejecting(false)} />}
    </Paper>
  );
}

/** Certificates as cards (one line a person scans, then View file, Accept, Reject), on a phone as on a desk. */
export function CertificateList({ items, withCustomer, canDecide, empty, error }: { items: AdminTaxCertificate[] | undefined; withCustomer: boolean; canDecide: boolean; empty: string; error: Error | null }) {
  if (error) return <Alert color="red">{error.message}</Alert>;
  if (!items) return null;
  if (items.length === 0) return <Text size="sm">{empty}</Text>;
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((c) => (
        <CertificateRow key={c.id} c={c} withCustomer={withCustomer} canDecide={canDecide} />
      ))}
    </Stack>
  );
}
