import { Button, Checkbox, Group, Modal, NumberInput, Paper, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { receiveReturnBody, rejectReturnBody, RETURN_REASON_LABELS, type AdminReturn, type ReceiveReturnBody } from '../../../../contract/admin/returns';
import type { WarehouseCode } from '../../../../contract/admin/staff-session';
import { money } from '../../../../web/components/money';
import { notify } from '../../../../web/components/notify';
import { FormDialog } from '../../../components/form-dialog';
import { CallError } from '../../../components/form-problems';
import { useStaffSession } from '../../../lib/session';
import { useReturnAction } from './api';

interface DialogProps {
  ret: AdminReturn;
  onClose: () => void;
}

/** Approve: the buyer is told to send the items back with the return number. */
export function ApproveDialog({ ret, onClose }: DialogProps) {
  const call = useReturnAction(ret);
  return (
    <Modal opened onClose={onClose} title={`Approve return ${ret.rmaNum}`}>
      <Stack>
        <Text size="sm">The buyer is mailed that the return is approved and asked to send the items back with return number {ret.rmaNum} on the box.</Text>
        <CallError error={call.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button loading={call.isPending} onClick={() => call.mutate({ action: 'approve' }, { onSuccess: () => (notify('green', `Return ${ret.rmaNum} is approved`), onClose()) })}>
            Approve
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Reject, with the reason the buyer is mailed. */
export function RejectDialog({ ret, onClose }: DialogProps) {
  const call = useReturnAction(ret);
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const submit = () => {
    const parsed = rejectReturnBody.safeParse({ reason });
    setProblems(parsed.success ? [] : parsed.error.issues.map((i) => i.message));
    if (parsed.success) call.mutate({ action: 'reject', body: parsed.data }, { onSuccess: () => (notify('green', `Return ${ret.rmaNum} is rejected`), onClose()) });
  };
  return (
    <FormDialog title={`Reject return ${ret.rmaNum}`} onSubmit={submit} problems={problems} error={call.error} pending={call.isPending} submitLabel="Reject the return" onClose={onClose}>
      <TextInput label="Reason for the buyer" description="Mailed to the buyer and shown on their account" required data-autofocus value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
    </FormDialog>
  );
}

interface Counted {
  restock: number;
  scrap: number;
}

const toNumber = (v: string | number) => (typeof v === 'number' ? v : Number(v) || 0);

/** The body of Receive: each line's units back to stock and scrapped, lines with none left out. */
export function receiveLines(lines: AdminReturn['lines'], counted: Record<number, Counted>): ReceiveReturnBody['lines'] {
  return lines.flatMap((l) => {
    const c = counted[l.lineNo] ?? { restock: l.qty, scrap: 0 };
    return [
      ...(c.restock > 0 ? [{ lineNo: l.lineNo, qty: c.restock, disposition: 'restock' as const }] : []),
      ...(c.scrap > 0 ? [{ lineNo: l.lineNo, qty: c.scrap, disposition: 'scrap' as const }] : []),
    ];
  });
}

/**
 * Receive: at which warehouse, for each line the units that go back to stock and those scrapped
 * (at most what was asked back), and whether to credit the order's shipping. The credit memo the
 * server raises credits every unit received at its invoiced price.
 */
export function ReceiveDialog({ ret, onClose }: DialogProps) {
  const call = useReturnAction(ret);
  const ownWarehouse = useStaffSession().data?.staff.warehouse ?? null;
  const [warehouse, setWarehouse] = useState<WarehouseCode>(ownWarehouse ?? 'west');
  const [counted, setCounted] = useState<Record<number, Counted>>({});
  const [creditShipping, setCreditShipping] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const countOf = (l: AdminReturn['lines'][number]) => counted[l.lineNo] ?? { restock: l.qty, scrap: 0 };
  const set = (lineNo: number, c: Counted) => setCounted((all) => ({ ...all, [lineNo]: c }));
  const merchandise = ret.lines.reduce((sum, l) => sum + (countOf(l).restock + countOf(l).scrap) * l.price, 0);

  const submit = () => {
    const found = ret.lines.filter((l) => countOf(l).restock + countOf(l).scrap > l.qty).map((l) => `Line ${l.lineNo} (${l.invNum}) was returned for ${l.qty} only.`);
    const parsed = receiveReturnBody.safeParse({ warehouse, lines: receiveLines(ret.lines, counted), creditShipping });
    if (receiveLines(ret.lines, counted).length === 0) found.push('Enter the units that arrived of at least one line.');
    else if (!parsed.success) found.push(...parsed.error.issues.map((i) => i.message));
    setProblems(found);
    if (found.length > 0 || !parsed.success) return;
    call.mutate({ action: 'receive', body: parsed.data }, { onSuccess: (r) => (notify('green', r.creditMemo ? `Return ${r.rmaNum} is received: credit memo ${r.creditMemo.creditMemoNum} for ${money(r.creditMemo.total)}` : `Return ${r.rmaNum} is received`), onClose()) });
  };

  return (
    <FormDialog title={`Receive return ${ret.rmaNum}`} size="lg" onSubmit={submit} problems={problems} error={call.error} pending={call.isPending} submitLabel="Receive and credit" onClose={onClose}>
      <Radio.Group label="Arrived at" value={warehouse} onChange={(v) => setWarehouse(v as WarehouseCode)}>
        <Group mt="xs">
          <Radio value="west" label="West (Fresno)" disabled={ownWarehouse === 'east'} />
          <Radio value="east" label="East (Fairhope)" disabled={ownWarehouse === 'west'} />
        </Group>
      </Radio.Group>
      <Stack gap="xs">
        {ret.lines.map((l) => (
          <Paper key={l.lineNo} withBorder p="sm" component="fieldset" aria-label={`Line ${l.lineNo}: ${l.invNum}`} m={0} style={{ minWidth: 0 }}>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" verticalSpacing="xs">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  Line {l.lineNo}: {l.invNum}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {l.title}
                </Text>
                <Text size="xs">
                  Asked back {l.qty} · {RETURN_REASON_LABELS[l.reason]} · {money(l.price)} each
                </Text>
              </div>
              <NumberInput
                label="Back to stock"
                aria-label={`Units of line ${l.lineNo} (${l.invNum}) back to stock`}
                min={0}
                max={l.qty}
                allowDecimal={false}
                allowNegative={false}
                value={countOf(l).restock}
                onChange={(v) => set(l.lineNo, { ...countOf(l), restock: toNumber(v) })}
              />
              <NumberInput
                label="Scrap"
                aria-label={`Units of line ${l.lineNo} (${l.invNum}) to scrap`}
                min={0}
                max={l.qty}
                allowDecimal={false}
                allowNegative={false}
                value={countOf(l).scrap}
                onChange={(v) => set(l.lineNo, { ...countOf(l), scrap: toNumber(v) })}
              />
            </SimpleGrid>
          </Paper>
        ))}
      </Stack>
      <Checkbox
        label={`Credit shipping (${money(ret.orderShipping)})`}
        description="Tick when the return is our fault: the order's shipping charge goes on the credit memo too"
        checked={creditShipping}
        onChange={(e) => setCreditShipping(e.currentTarget.checked)}
      />
      <Text size="sm" aria-live="polite">
        Merchandise to credit: {money(merchandise)}
        {creditShipping ? `, and shipping ${money(ret.orderShipping)}` : ''}. The credit memo takes off its share of any order discount and adds its tax; it goes to the customer’s oldest open invoices, the rest is credit on account.
      </Text>
    </FormDialog>
  );
}
