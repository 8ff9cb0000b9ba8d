import { Button, Group, Modal, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { AdminCustomer } from '../../../contract/admin/customers';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod, paymentBody } from '../../../contract/money';
import { money } from '../../../web/components/money';
import { notify } from '../../../web/components/notify';
import { CallError, FormProblems } from '../../components/form-problems';
import { useRecordPayment } from './money-api';
import { oldestFirst } from './payment-prefill';

/** Record a payment: amount, method, reference, and how much goes to each open invoice (prefilled oldest first). */
export function RecordPaymentDialog({ customer, onClose }: { customer: AdminCustomer; onClose: () => void }) {
  const open = customer.account.openInvoices;
  const [amount, setAmount] = useState<number | string>('');
  const [method, setMethod] = useState<PaymentMethod>('cheque');
  const [reference, setReference] = useState('');
  const [applied, setApplied] = useState<Record<number, number | string>>({});
  const [problems, setProblems] = useState<string[]>([]);
  const record = useRecordPayment(customer.id);
  const changeAmount = (v: number | string) => {
    setAmount(v);
    if (typeof v === 'number') setApplied(oldestFirst(Math.round(v * 100), open));
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const applications = open.filter((i) => typeof applied[i.invoiceNum] === 'number' && (applied[i.invoiceNum] as number) > 0).map((i) => ({ invoiceNum: i.invoiceNum, amount: applied[i.invoiceNum] as number }));
    const parsed = paymentBody.safeParse({ customerId: customer.id, amount: typeof amount === 'number' ? amount : Number.NaN, method, reference, applications });
    setProblems(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(' ') || 'Payment'}: ${i.message}`));
    if (parsed.success) record.mutate(parsed.data, { onSuccess: (p) => (notify('green', `Payment of ${money(p.amount)} recorded`), onClose()) });
  };
  const total = Object.values(applied).reduce<number>((n, v) => n + (typeof v === 'number' ? v : 0), 0);
  return (
    <Modal opened onClose={onClose} title="Record payment" size="lg">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Group grow>
            <NumberInput label="Amount ($)" min={0} decimalScale={2} thousandSeparator="," value={amount} onChange={changeAmount} data-autofocus />
            <Select label="Method" data={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] }))} value={method} onChange={(v) => v && setMethod(v as PaymentMethod)} allowDeselect={false} />
            <TextInput label="Reference" description="Cheque number, transfer or card reference" maxLength={100} value={reference} onChange={(e) => setReference(e.currentTarget.value)} />
          </Group>
          {open.length === 0 ? (
            <Text size="sm">No open invoices: the whole amount becomes credit on account.</Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Invoice</Table.Th>
                  <Table.Th>Due</Table.Th>
                  <Table.Th ta="right">Open</Table.Th>
                  <Table.Th ta="right">Apply ($)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {open.map((i) => (
                  <Table.Tr key={i.invoiceNum}>
                    <Table.Td>{i.invoiceNum}</Table.Td>
                    <Table.Td>{i.dueDate}</Table.Td>
                    <Table.Td ta="right">{money(i.open)}</Table.Td>
                    <Table.Td>
                      <NumberInput aria-label={`Apply to invoice ${i.invoiceNum}`} size="xs" min={0} max={i.open} decimalScale={2} value={applied[i.invoiceNum] ?? ''} onChange={(v) => setApplied({ ...applied, [i.invoiceNum]: v })} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {typeof amount === 'number' && <Text size="sm">Applied {money(total)}; credit on account {money(Math.max(0, amount - total))}</Text>}
          <FormProblems problems={problems} />
          <CallError error={record.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={record.isPending}>
              Record payment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
