import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type AdminDistributor, distributorCreateBody, distributorUpdateBody } from '../../../contract/admin/distributors';
import { checkForm } from '../../../contract/plain-words';
import { notify } from '../../../web/components/notify';
import { US_STATES } from '../../../web/components/us-states';
import { FormDialog } from '../../components/form-dialog';
import { useSaveDistributor } from './api';

export const STATE_OPTIONS = US_STATES.map(([code, name]) => ({ value: code, label: `${name} (${code})` }));

type Text = 'name' | 'address' | 'city' | 'zip' | 'phone' | 'website';
const TEXT_FIELDS: { key: Text; label: string; required?: boolean }[] = [
  { key: 'name', label: 'Name', required: true },
  { key: 'address', label: 'Street address', required: true },
  { key: 'city', label: 'City', required: true },
  { key: 'zip', label: 'ZIP code', required: true },
  { key: 'phone', label: 'Phone' },
  { key: 'website', label: 'Website' },
];

/** Add a distributor or edit one; the server's refusals (a stale version) stay in the dialog. */
export function DistributorDialog({ distributor, onClose }: { distributor: AdminDistributor | null; onClose: () => void }) {
  const save = useSaveDistributor();
  const [text, setText] = useState<Record<Text, string>>({
    name: distributor?.name ?? '',
    address: distributor?.address ?? '',
    city: distributor?.city ?? '',
    zip: distributor?.zip ?? '',
    phone: distributor?.phone ?? '',
    website: distributor?.website ?? '',
  });
  const [state, setState] = useState<string | null>(distributor?.state ?? null);
  const [latitude, setLatitude] = useState<number | string>(distributor?.latitude ?? '');
  const [longitude, setLongitude] = useState<number | string>(distributor?.longitude ?? '');
  const [problems, setProblems] = useState<string[]>([]);

  const submit = () => {
    const fields = { ...text, state: state ?? '', latitude: latitude === '' ? undefined : Number(latitude), longitude: longitude === '' ? undefined : Number(longitude) };
    const parsed = distributor ? checkForm(distributorUpdateBody, { ...fields, version: distributor.version }) : checkForm(distributorCreateBody, fields);
    setProblems(parsed.problems);
    if (!parsed.success) return;
    save.mutate(
      { id: distributor?.id ?? null, body: parsed.data },
      {
        onSuccess: (saved) => {
          notify('green', `Saved ${saved.name}`);
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      title={distributor ? `Edit ${distributor.name}` : 'Add a distributor'}
      size="lg"
      onSubmit={submit}
      problems={problems}
      error={save.error}
      pending={save.isPending}
      submitLabel={distributor ? 'Save' : 'Add'}
      onClose={onClose}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {TEXT_FIELDS.map((f) => (
          <TextInput key={f.key} label={f.label} required={f.required} value={text[f.key]} onChange={(e) => setText({ ...text, [f.key]: e.currentTarget.value })} />
        ))}
        <Select label="State" required searchable data={STATE_OPTIONS} value={state} onChange={setState} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput label="Latitude" description="-90 to 90" required min={-90} max={90} decimalScale={6} value={latitude} onChange={setLatitude} />
        <NumberInput label="Longitude" description="-180 to 180" required min={-180} max={180} decimalScale={6} value={longitude} onChange={setLongitude} />
      </SimpleGrid>
    </FormDialog>
  );
}
