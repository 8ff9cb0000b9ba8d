import { Alert, Button, Group, Modal, NumberInput, SegmentedControl, Select, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { WarehouseCode } from '../../../contract/admin/staff-session';
import { STOCK_REASONS, stockAdjustBody, type ItemStock } from '../../../contract/admin/stock';
import { notify } from '../../../web/components/notify';
import { FormProblems } from '../../components/form-problems';
import { SchemaForm } from '../../components/schema-form';
import { useAdjustStock } from './api';

const REASON_LABELS: Record<(typeof STOCK_REASONS)[number], string> = { received: 'Received', count: 'Stock count', damaged: 'Damaged', returned: 'Returned', other: 'Other' };

type Mode = 'add' | 'remove' | 'count';
const AMOUNT_LABELS: Record<Mode, string> = { add: 'Units to add', remove: 'Units to remove', count: 'Units counted on hand' };
const SUBMIT_LABELS: Record<Mode, string> = { add: 'Add units', remove: 'Remove units', count: 'Save count' };

/**
 * POST /Stock/Adjust: units added or removed (a delta, negative for Remove: no minus sign to type,
 * which a phone's number keypad may not have) or a count of units on hand (setTo), with reason and note.
 */
export function AdjustDialog({ item, warehouse: fixed, onClose }: { item: ItemStock; warehouse: WarehouseCode | null; onClose: () => void }) {
  const adjust = useAdjustStock();
  const [warehouse, setWarehouse] = useState<WarehouseCode>(fixed ?? 'west');
  const [mode, setMode] = useState<Mode>('add');
  const [amount, setAmount] = useState<number | ''>('');
  const [reason, setReason] = useState<(typeof STOCK_REASONS)[number]>('received');
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<string[]>([]);

  const submit = () => {
    const value = amount === '' ? undefined : amount;
    if (value === undefined || (mode !== 'count' && value === 0)) {
      setProblems([`Enter the ${AMOUNT_LABELS[mode].toLowerCase()}`]);
      return;
    }
    const amountOf = mode === 'count' ? { setTo: value } : { delta: mode === 'remove' ? -value : value };
    const parsed = stockAdjustBody.safeParse({ invNum: item.invNum, warehouse, reason, note, ...amountOf });
    setProblems(parsed.success ? [] : parsed.error.issues.map((i) => (i.path[0] === 'delta' || i.path[0] === 'setTo' ? `${AMOUNT_LABELS[mode]}: ${i.message}` : i.message)));
    if (!parsed.success) return;
    adjust.mutate(parsed.data, {
      onSuccess: (r) => {
        notify('green', `${r.invNum} at ${r.warehouse === 'west' ? 'West' : 'East'}: ${r.available} available, ${r.onHand} on hand`);
        onClose();
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={`Adjust stock of ${item.invNum}`}>
      <SchemaForm onSubmit={submit}>
        <Stack>
          <Select
            label="Warehouse"
            data={[
              { value: 'west', label: `West (${item.west.available} available, ${item.west.onHand} on hand)` },
              { value: 'east', label: `East (${item.east.available} available, ${item.east.onHand} on hand)` },
            ]}
            value={warehouse}
            allowDeselect={false}
            disabled={fixed !== null}
            onChange={(v) => v && setWarehouse(v as WarehouseCode)}
          />
          <SegmentedControl
            aria-label="Kind of adjustment"
            value={mode}
            fullWidth
            onChange={(v) => setMode(v as Mode)}
            data={[
              { value: 'add', label: 'Add' },
              { value: 'remove', label: 'Remove' },
              { value: 'count', label: 'Count' },
            ]}
          />
          <NumberInput
            label={AMOUNT_LABELS[mode]}
            inputMode="numeric"
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={amount}
            onChange={(v) => setAmount(typeof v === 'number' ? v : '')}
            data-autofocus
          />
          <Select label="Reason" data={STOCK_REASONS.map((r) => ({ value: r, label: REASON_LABELS[r] }))} value={reason} allowDeselect={false} onChange={(v) => v && setReason(v as typeof reason)} />
          <Textarea label="Note" autosize minRows={2} maxLength={500} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
          <FormProblems problems={problems} />
          {adjust.error && (
            <Alert color="red" role="alert">
              {adjust.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={adjust.isPending} color={mode === 'remove' ? 'red.9' : undefined}>
              {SUBMIT_LABELS[mode]}
            </Button>
          </Group>
        </Stack>
      </SchemaForm>
    </Modal>
  );
}
