import { Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { cancelBody, type AdminOrder } from '../../../../contract/admin/orders';
import { notify } from '../../../../web/components/notify';
import { useOrderAction } from '../api';
import { FormProblems } from '../../../components/form-problems';
import { SchemaForm } from '../../../components/schema-form';
import { ActionError } from './action-error';
import { chosenLines, LineQuantitiesTable } from './line-quantities-table';

/** Open and backordered units can be cancelled; shipped ones never. */
const cancellable = (l: AdminOrder['lines'][number]) => l.openWest + l.openEast + l.backordered;

/**
 * Cancel the whole order (everything not shipped) or chosen quantities of chosen lines, with a
 * reason. Released units go back to stock (and to waiting backorders) on the server.
 */
export function CancelDialog({ order, opened, onClose, onReload }: { order: AdminOrder; opened: boolean; onClose: () => void; onReload: () => void }) {
  const call = useOrderAction(order);
  const [scope, setScope] = useState<'order' | 'lines'>('order');
  const [reason, setReason] = useState('');
  const [qty, setQty] = useState<Record<number, number>>({});
  const [problems, setProblems] = useState<string[]>([]);
  const lines = order.lines.filter((l) => cancellable(l) > 0);

  const close = () => {
    call.reset();
    onClose();
  };
  const submit = () => {
    const { chosen, over } = chosenLines(lines, qty, cancellable, (l) => `Line ${l.lineNo} has only ${cancellable(l)} units that can be cancelled`);
    if (scope === 'lines' && chosen.length === 0) over.push('Enter a quantity for at least one line');
    const parsed = cancelBody.safeParse({ reason, ...(scope === 'lines' ? { lines: chosen } : {}) });
    const all = [...over, ...(parsed.success ? [] : parsed.error.issues.map((i) => i.message))];
    setProblems(all);
    if (all.length || !parsed.success) return;
    call.mutate(
      { action: 'cancel', body: parsed.data },
      {
        onSuccess: (o) => {
          notify('green', scope === 'order' ? `Order ${o.orderNum} is cancelled` : `Cancelled ${chosen.reduce((n, l) => n + l.qty, 0)} units of order ${o.orderNum}`);
          close();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={`Cancel order ${order.orderNum}`} size="lg">
      <SchemaForm onSubmit={submit}>
        <Stack>
          <Radio.Group label="What to cancel" value={scope} onChange={(v) => setScope(v as 'order' | 'lines')}>
            <Group mt="xs">
              <Radio value="order" label="The whole order (everything not shipped)" />
              <Radio value="lines" label="Chosen lines" />
            </Group>
          </Radio.Group>
          {scope === 'lines' && (
            <LineQuantitiesTable lines={lines} limit={cancellable} limitLabel="Can cancel" verb="cancel" qty={qty} onChange={setQty} />
          )}
          <Textarea
            label="Reason for the buyer"
            description="Sent to the buyer in the cancellation mail and shown on their order page"
            required
            autosize
            minRows={2}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <FormProblems problems={problems} />
          <ActionError error={call.error} onReload={onReload} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Close
            </Button>
            <Button type="submit" color="red.9" loading={call.isPending}>
              {scope === 'order' ? 'Cancel the order' : 'Cancel these units'}
            </Button>
          </Group>
        </Stack>
      </SchemaForm>
    </Modal>
  );
}
