import 'mantine-datatable/styles.layer.css';
import { Anchor, Card, Group, Pagination, Stack, Text } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { Link } from 'react-router';
import { CUSTOMERS_ADMIN, type CustomerListItem, type CustomersPage } from '../../../contract/admin/customers';
import { money } from '../../../web/components/money';
import { atTime } from '../../components/dates';
import { CustomerStatusBadge } from './customer-texts';
import type { CustomersFilter } from './use-customers-filter';

interface CustomersTableProps {
  page: CustomersPage | undefined;
  fetching: boolean;
  filter: CustomersFilter;
  update: (patch: Partial<CustomersFilter>) => void;
}

const CompanyLink = ({ row }: { row: CustomerListItem }) => (
  <Anchor component={Link} to={`/customers/${row.id}`}>
    {row.orgName || row.contact || row.email}
  </Anchor>
);
/** The customers the pages reach: a capped search's first 1,000 (the rest by narrowing it). */
const pageable = (page: CustomersPage | undefined) => (page ? (page.totalCapped ? CUSTOMERS_ADMIN.countCap : page.total) : 0);
const lastOrder = (row: CustomerListItem) => (row.lastOrderAt ? atTime(row.lastOrderAt) : '—');

/** The customers as a table (desktop). */
export function CustomersTable({ page, fetching, filter, update }: CustomersTableProps) {
  return (
    <DataTable<CustomerListItem>
      withTableBorder
      borderRadius="md"
      striped
      highlightOnHover
      minHeight={200}
      fetching={fetching}
      records={page?.items ?? []}
      noRecordsText="No customers match"
      totalRecords={pageable(page)}
      recordsPerPage={filter.pageSize}
      page={filter.page}
      onPageChange={(p) => update({ page: p })}
      recordsPerPageOptions={[25, 50, 100, 200]}
      onRecordsPerPageChange={(n) => update({ pageSize: n })}
      recordsPerPageLabel="Customers per page"
      getPaginationControlProps={(control) => ({ 'aria-label': `${control} page` })}
      columns={[
        { accessor: 'orgName', title: 'Company', render: (r) => <CompanyLink row={r} /> },
        { accessor: 'contact', title: 'Contact' },
        { accessor: 'email', title: 'Email' },
        { accessor: 'zip', title: 'ZIP' },
        { accessor: 'state', title: 'State' },
        { accessor: 'status', title: 'Status', render: (r) => <CustomerStatusBadge status={r.status} /> },
        { accessor: 'invoicedDue', title: 'Invoiced, due', textAlign: 'right', render: (r) => money(r.invoicedDue) },
        { accessor: 'onOpenOrders', title: 'On open orders', textAlign: 'right', render: (r) => money(r.onOpenOrders) },
        { accessor: 'orderCount', title: 'Orders', textAlign: 'right' },
        { accessor: 'lastOrderAt', title: 'Last order', render: lastOrder },
      ]}
    />
  );
}

/** The same customers as stacked cards (phone); pages below. */
export function CustomerCards({ page, filter, update }: CustomersTableProps) {
  const pages = Math.max(1, Math.ceil(pageable(page) / filter.pageSize));
  return (
    <Stack gap="sm">
      {page?.items.length === 0 && <Text>No customers match</Text>}
      {page?.items.map((r) => (
        <Card key={r.id} withBorder padding="sm">
          <Stack gap={2}>
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <CompanyLink row={r} />
              <CustomerStatusBadge status={r.status} />
            </Group>
            <Text size="sm">{[r.contact, r.email].filter(Boolean).join(' · ')}</Text>
            <Text size="xs">
              {[r.zip, r.state].filter(Boolean).join(' ')} · invoiced, due {money(r.invoicedDue)} · on open orders {money(r.onOpenOrders)} · {r.orderCount} order{r.orderCount === 1 ? '' : 's'} · last {lastOrder(r)}
            </Text>
          </Stack>
        </Card>
      ))}
      {pages > 1 && <Pagination total={pages} value={filter.page} onChange={(p) => update({ page: p })} getControlProps={(control) => ({ 'aria-label': `${control} page` })} />}
    </Stack>
  );
}
