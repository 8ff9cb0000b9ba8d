import { Alert, Anchor, Group, Pagination, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PAYMENT_METHOD_LABELS } from '../../../contract/money';
import { money } from '../../../web/components/money';
import { useAdminTitle } from '../../lib/title';
import { usePayments, usePaymentsFilter } from './api';
import { StatusBadge } from '../../../web/components/status-badge';

/** GET /Payments: recent payments, newest received first, with received-on dates in the URL. */
export default function PaymentsPage() {
  useAdminTitle('Payments');
  const [filter, update] = usePaymentsFilter();
  const payments = usePayments(filter);
  const page = payments.data;
  return (
    <Stack>
      <Title order={1}>Payments</Title>
      <Group>
        <TextInput type="date" label="Received from" value={filter.from ?? ''} onChange={(e) => update({ from: e.currentTarget.value || undefined, page: 1 })} />
        <TextInput type="date" label="to" value={filter.to ?? ''} onChange={(e) => update({ to: e.currentTarget.value || undefined, page: 1 })} />
        {page && (
          <Text size="sm" aria-live="polite">
            {page.total.toLocaleString('en-US')} payment{page.total === 1 ? '' : 's'}
          </Text>
        )}
      </Group>
      {payments.isError && <Alert color="red">{payments.error.message}</Alert>}
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label="Payments">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Received</Table.Th>
              <Table.Th>Customer</Table.Th>
              <Table.Th>Method</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Applied to</Table.Th>
              <Table.Th>Recorded by</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page?.items.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.receivedOn}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/customers/${p.customerId}`}>
                    {p.orgName}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {PAYMENT_METHOD_LABELS[p.method]} {p.reference}{' '}
                  {p.returnedAt && (
                    <StatusBadge tone="bad">
                      Returned
                    </StatusBadge>
                  )}
                </Table.Td>
                <Table.Td ta="right">{money(p.amount)}</Table.Td>
                <Table.Td>
                  <Text size="xs">
                    {p.applications.map((a) => `${a.invoiceNum}: ${money(a.amount)}`).join(', ')}
                    {p.unapplied > 0 && ` · ${money(p.unapplied)} on account`}
                  </Text>
                </Table.Td>
                <Table.Td>{p.createdBy}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {page && page.total > page.pageSize && <Pagination total={Math.ceil(page.total / page.pageSize)} value={page.page} onChange={(p) => update({ page: p })} />}
    </Stack>
  );
}
