import { Checkbox, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { newWebhookBody, updateWebhookBody, WEBHOOK_EVENTS, WEBHOOKS, type UpdateWebhookBody, type WebhookEndpoint, type WebhookEventType } from '../../../contract/admin/webhooks';
import { checkForm } from '../../../contract/plain-words';
import { notify } from '../../../web/components/notify';
import { FormDialog } from '../../components/form-dialog';
import { ShownOnce } from '../../components/shown-once';
import { useCreateWebhook, useUpdateWebhook } from './api';
import { EVENT_DESCRIPTIONS } from './webhook-texts';

/**
 * Add an endpoint (then its signing secret, shown once) or change one's URL, events and active
 * flag. The server's refusals (an address the SSRF guard refuses, say) stay in the dialog.
 */
export function WebhookDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [events, setEvents] = useState<string[]>(endpoint?.events ?? []);
  const [active, setActive] = useState(endpoint?.active ?? true);
  const [problems, setProblems] = useState<string[]>([]);
  const [secret, setSecret] = useState<string | null>(null);
  const call = endpoint ? update : create;

  const submit = () => {
    if (endpoint) {
      const body: UpdateWebhookBody = {};
      if (url.trim() !== endpoint.url) body.url = url.trim();
      if (!sameEvents(events, endpoint.events)) body.events = events as WebhookEventType[];
      if (active !== endpoint.active) body.active = active;
      if (Object.keys(body).length === 0) return onClose();
      const parsed = checkForm(updateWebhookBody, body);
      setProblems(parsed.problems);
      if (!parsed.success) return;
      update.mutate(
        { id: endpoint.id, body: parsed.data },
        {
          onSuccess: (saved) => {
            notify('green', `Saved the endpoint ${saved.url}`);
            onClose();
          },
        },
      );
      return;
    }
    const parsed = checkForm(newWebhookBody, { url: url.trim(), events });
    setProblems(parsed.problems);
    if (parsed.success) create.mutate(parsed.data, { onSuccess: (created) => setSecret(created.secret) });
  };

  if (secret !== null) {
    return (
      <Modal opened onClose={onClose} title="Endpoint added: its signing secret" closeOnClickOutside={false} closeOnEscape={false}>
        <Text size="sm" mb="sm">
          The receiver at {url.trim()} verifies each message with this secret (Standard Webhooks signature).
        </Text>
        <ShownOnce label="signing secret" value={secret} onDone={onClose} />
      </Modal>
    );
  }

  return (
    <FormDialog
      title={endpoint ? `Edit the endpoint ${endpoint.url}` : 'Add a webhook endpoint'}
      size="lg"
      onSubmit={submit}
      problems={problems}
      error={call.error}
      pending={call.isPending}
      submitLabel={endpoint ? 'Save' : 'Add'}
      onClose={onClose}
    >
      <TextInput
        label="URL"
        description="Where the shop sends each event, by HTTPS POST"
        placeholder="https://erp.example.com/hooks/shop"
        type="url"
        required
        maxLength={WEBHOOKS.urlMax}
        value={url}
        onChange={(e) => setUrl(e.currentTarget.value)}
        data-autofocus
      />
      <Checkbox.Group label="Events" description="The receiver gets only these" required value={events} onChange={setEvents}>
        <Stack gap={6} mt={6}>
          {WEBHOOK_EVENTS.map((e) => (
            <Checkbox key={e} value={e} label={e} description={EVENT_DESCRIPTIONS[e]} />
          ))}
        </Stack>
      </Checkbox.Group>
      {endpoint && <Switch label="Active (receives events)" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />}
    </FormDialog>
  );
}

const sameEvents = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((e) => b.includes(e));
