import { Alert, Anchor, Button, Card, Group, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { HeadedTable } from '../../components/headed-table';
import { money } from '../../components/money';
import { useCreditSummary, usePdfDownload } from './credit-api';

function Figure({ label, value, danger }: { label: string; value: string; danger?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} c={danger ? 'red.9' : undefined}>
        {value}
      </Text>
    </div>
  );
}

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** Terms, credit limit, available credit and open invoices with due dates and PDFs; the statement. */
export function CreditSection() {
  const summary = useCreditSummary();
  const download = usePdfDownload();
  const s = summary.data;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label="Terms and credit" mt="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          Terms and credit
        </Title>
        <Button variant="default" size="xs" onClick={() => download.mutate('statement')} loading={download.isPending && download.variables === 'statement'}>
          Download statement (PDF)
        </Button>
      </Group>
      {summary.isError && <Alert color="red">{summary.error.message}</Alert>}
      {download.isError && <Alert color="red">{download.error.message}</Alert>}
      {s && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 5 }} mb="xs">
            <Figure label="Terms" value={s.termsLabel} />
            <Figure label="Credit limit" value={money(s.creditLimit)} />
            <Figure label="Invoiced, due" value={money(s.invoicedDue)} />
            <Figure label="On open orders" value={money(s.onOpenOrders)} />
            <Figure label="Available credit" value={money(s.availableCredit)} danger={s.availableCredit < 0} />
            {s.creditOnAccount > 0 && <Figure label="Credit on account" value={money(s.creditOnAccount)} />}
          </SimpleGrid>
          <Text size="xs" c="dimmed" mb="md">
            Invoiced, due is what your statement asks you to pay. On open orders counts the items of orders not yet invoiced at their prices (shipping and discounts come with the invoice); it is billed as it ships. Your credit limit counts both. Credit on account (from payments or returns) is taken off what is due.
          </Text>
          {s.openInvoices.length === 0 ? (
            <Text size="sm">No open invoices.</Text>
          ) : (
            <HeadedTable minWidth={520} aria-label="Open invoices" columns={['Invoice', 'Date', 'Due', { label: 'Amount', ta: 'right' }, { label: 'Open', ta: 'right' }, '']}>
              {s.openInvoices.map((i) => (
                <Table.Tr key={i.invoiceNum}>
                  <Table.Td>
                    <Anchor component="button" type="button" size="sm" onClick={() => download.mutate({ invoiceNum: i.invoiceNum })} aria-label={`Invoice ${i.invoiceNum} (PDF)`}>
                      {i.invoiceNum}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{usDate(i.date)}</Table.Td>
                  <Table.Td>{usDate(i.dueDate)}</Table.Td>
                  <Table.Td ta="right">{money(i.total)}</Table.Td>
                  <Table.Td ta="right">{money(i.open)}</Table.Td>
                  <Table.Td>
                    {i.daysOverdue > 0 && (
                      <Text size="xs" c="red.9">
                        {i.daysOverdue} days overdue
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </HeadedTable>
          )}
        </>
      )}
    </Card>
  );
}
