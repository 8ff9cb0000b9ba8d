import { Checkbox, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { API_KEYS, newApiKeyBody, type CreatedApiKey } from '../../../contract/admin/api-keys';
import { API_SCOPES } from '../../../contract/admin/permissions';
import { checkForm } from '../../../contract/plain-words';
import { FormDialog } from '../../components/form-dialog';
import { ShownOnce } from '../../components/shown-once';
import { useCreateApiKey } from './api';
import { SCOPE_DESCRIPTIONS } from './scope-texts';

/** A date input's day (yyyy-mm-dd) as the end of that day in the member's own time zone. */
function endOfDay(day: string): string {
  return new Date(`${day}T23:59:59.999`).toISOString();
}

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Create a key (name, scopes, optional expiry), then show it once. */
export function ApiKeyDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [expires, setExpires] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const submit = () => {
    const parsed = checkForm(newApiKeyBody, { name, scopes, ...(expires ? { expiresAt: endOfDay(expires) } : {}) });
    setProblems(parsed.problems);
    if (parsed.success) create.mutate(parsed.data, { onSuccess: setCreated });
  };

  if (created) {
    return (
      <Modal opened onClose={onClose} title={`Key created: ${created.name}`} closeOnClickOutside={false} closeOnEscape={false}>
        <Text size="sm" mb="sm">
          Send it as <code>Authorization: Bearer &lt;key&gt;</code> on calls to /beapi/Admin. The shop keeps only a hash of it; the list shows its first characters, {created.prefix}.
        </Text>
        <ShownOnce label="API key" value={created.key} onDone={onClose} />
      </Modal>
    );
  }

  return (
    <FormDialog title="Create an API key" size="lg" onSubmit={submit} problems={problems} error={create.error} pending={create.isPending} submitLabel="Create the key" onClose={onClose}>
      <TextInput label="Name" description="Which system or script uses it, e.g. Accounting ERP" required maxLength={API_KEYS.nameMax} value={name} onChange={(e) => setName(e.currentTarget.value)} data-autofocus />
      <Checkbox.Group label="Scopes" description="What the key may do; it can never manage staff, keys or webhooks" required value={scopes} onChange={setScopes}>
        <Stack gap={6} mt={6}>
          {API_SCOPES.map((s) => (
            <Checkbox key={s} value={s} label={s} description={SCOPE_DESCRIPTIONS[s]} />
          ))}
        </Stack>
      </Checkbox.Group>
      <TextInput
        label="Expires"
        description="The key stops working at the end of this day; leave empty for a key that does not expire"
        type="date"
        min={today()}
        value={expires}
        onChange={(e) => setExpires(e.currentTarget.value)}
      />
    </FormDialog>
  );
}
