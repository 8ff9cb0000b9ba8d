import { Anchor, Button, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminCustomer } from '../../../contract/admin/customers';
import { PAYMENT_METHOD_LABELS } from '../../../contract/money';
import { HeadedTable } from '../../../web/components/headed-table';
import { money } from '../../../web/components/money';
import { notify } from '../../../web/components/notify';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { documentUrl } from '../../lib/admin-api';
import { useReturnPayment } from './money-api';
import { RecordPaymentDialog } from './record-payment-dialog';
import { Section } from './customer-sections';
import { TermsEditor } from './terms-editor';
import { StatusBadge } from '../../../web/components/status-badge';

/** The customer page's money (decision 0022): terms and credit, invoices with paid and open, payments. */

function Figure({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} c={color} data-testid={`figure-${label.toLowerCase().replace(/\W+/g, '-')}`}>
        {value}
      </Text>
    </div>
  );
}

export function CreditSection({ customer: c, canEditMoney }: { customer: AdminCustomer; canEditMoney: boolean }) {
  const a = c.account;
  return (
    <Section
      title="Terms and credit"
      action={
        <Anchor href={documentUrl(`/Customers/${c.id}/Statement.pdf`)} target="_blank" rel="noopener" size="sm">
          Statement (PDF)
        </Anchor>
      }
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
          <Figure label="Terms" value={a.termsLabel} />
          <Figure label="Credit limit" value={money(a.creditLimit)} />
          <Figure label="Invoiced, due" value={money(a.invoicedDue)} />
          <Figure label="On open orders" value={money(a.onOpenOrders)} />
          <Figure label="Available credit" value={money(a.availableCredit)} color={a.availableCredit < 0 ? 'red' : undefined} />
          <Figure label="Credit on account" value={money(a.creditOnAccount)} />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Invoiced, due is the statement&apos;s amount due. On open orders: items of orders not yet invoiced, at their prices (no shipping or discount). The credit limit is checked against both.
        </Text>
        {canEditMoney && <TermsEditor key={c.version} customer={c} />}
      </Stack>
    </Section>
  );
}

export function InvoicesSection({ customer: c }: { customer: AdminCustomer }) {
  const invoices = c.account.invoices;
  return (
    <Section title="Invoices">
      {invoices.length === 0 ? (
        <Text size="sm">No invoices yet.</Text>
      ) : (
        <HeadedTable
          minWidth={560}
          aria-label="Invoices"
          columns={['Invoice', 'Order', 'Due', { label: 'Total', ta: 'right' }, { label: 'Paid', ta: 'right' }, { label: 'Open', ta: 'right' }, 'Status']}
        >
          {invoices.map((i) => (
            <Table.Tr key={i.invoiceNum}>
              <Table.Td>
                <Anchor href={documentUrl(`/Invoices/${i.invoiceNum}.pdf`)} target="_blank" rel="noopener" aria-label={`Invoice ${i.invoiceNum} (PDF)`}>
                  {i.invoiceNum}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/orders/${i.orderNum}`}>
                  {i.orderNum}
                </Anchor>
              </Table.Td>
              <Table.Td>{i.dueDate}</Table.Td>
              <Table.Td ta="right">{money(i.total)}</Table.Td>
              <Table.Td ta="right">{money(i.paid)}</Table.Td>
              <Table.Td ta="right">{money(i.open)}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={600} c={i.status === 'open' && i.daysOverdue > 0 ? 'red.9' : undefined}>
                  {i.status === 'open' && i.daysOverdue > 0 ? `${i.daysOverdue} days overdue` : i.status === 'paid' ? 'Paid' : i.status === 'void' ? 'Void' : 'Open'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </HeadedTable>
      )}
    </Section>
  );
}

export function PaymentsSection({ customer: c, canEditMoney }: { customer: AdminCustomer; canEditMoney: boolean }) {
  const [recording, setRecording] = useState(false);
  const [returning, setReturning] = useState<number | null>(null);
  const giveBack = useReturnPayment(c.id);
  const { payments, charges } = c.account;
  const close = () => {
    setReturning(null);
    giveBack.reset();
  };
  return (
    <Section title="Payments" action={canEditMoney && <Button size="xs" onClick={() => setRecording(true)}>Record payment</Button>}>
      {payments.length === 0 && <Text size="sm">No payments yet.</Text>}
      {payments.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table aria-label="Payments">
            <Table.Tbody>
              {payments.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{p.receivedOn}</Table.Td>
                  <Table.Td>
                    {PAYMENT_METHOD_LABELS[p.method]} {p.reference}
                  </Table.Td>
                  <Table.Td ta="right">{money(p.amount)}</Table.Td>
                  <Table.Td>
                    <Text size="xs">
                      {p.applications.map((x) => `${x.invoiceNum}: ${money(x.amount)}`).join(', ')}
                      {p.unapplied > 0 && ` · ${money(p.unapplied)} on account`}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {p.returnedAt ? (
                      <StatusBadge tone="bad">
                        Returned
                      </StatusBadge>
                    ) : (
                      canEditMoney &&
                      p.method === 'cheque' && (
                        <Button size="xs" variant="default" onClick={() => setReturning(p.id)}>
                          Returned cheque
                        </Button>
                      )
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {charges.map((ch) => (
        <Text key={ch.id} size="sm" c="red">
          {ch.chargedOn}: {ch.description} {money(ch.amount)}
        </Text>
      ))}
      {recording && <RecordPaymentDialog customer={c} onClose={() => setRecording(false)} />}
      {returning !== null && (
        <ConfirmDialog
          title="Mark this cheque returned?"
          message="Its amounts come off the invoices it paid (they reopen) and the $35.00 returned-cheque fee is charged to the account."
          confirmLabel="Mark returned"
          pending={giveBack.isPending}
          error={giveBack.error}
          onConfirm={() => giveBack.mutate(returning, { onSuccess: () => (notify('green', 'Cheque marked returned'), close()) })}
          onClose={close}
        />
      )}
    </Section>
  );
}
