import 'mantine-datatable/styles.layer.css';
import { Alert, Anchor, Select, Stack, Text, Title } from '@mantine/core';
import { DataTable } from 'mantine-datatable';
import { Link } from 'react-router';
import { RETURN_STATUS_LABELS, RETURN_STATUSES, type AdminReturnListItem } from '../../../../contract/admin/returns';
import { money } from '../../../../web/components/money';
import { ReturnStatusBadge } from '../../../../web/components/return-status-badge';
import { atTime } from '../../../components/dates';
import { FilterDrawer } from '../../../components/filter-drawer';
import { CardFacts, CardHead, CardList, TableOrCards } from '../../../components/table-or-cards';
import { useAdminTitle } from '../../../lib/title';
import { useAdminReturns } from './api';
import { returnNextStep } from './return-words';
import { useReturnsFilter } from './use-returns-filter';

const STATUS_OPTIONS = RETURN_STATUSES.map((s) => ({ value: s, label: RETURN_STATUS_LABELS[s] }));

const units = (r: AdminReturnListItem) => `${r.units} unit${r.units === 1 ? '' : 's'} on ${r.lineCount} line${r.lineCount === 1 ? '' : 's'}`;
const credit = (r: AdminReturnListItem) => (r.creditTotal === null ? '—' : money(r.creditTotal));

/** GET /Returns, newest first, with the status filter and page in the URL; each return opens its detail. */
export default function ReturnsPage() {
  useAdminTitle('Returns');
  const [filter, update] = useReturnsFilter();
  const returns = useAdminReturns(filter);
  const page = returns.data;
  const link = (r: AdminReturnListItem) => (
    <Anchor component={Link} to={`/returns/${r.rmaNum}`}>
      {r.rmaNum}
    </Anchor>
  );
  const orderLink = (r: AdminReturnListItem) => (
    <Anchor component={Link} to={`/orders/${r.orderNum}`}>
      {r.orderNum}
    </Anchor>
  );
  return (
    <Stack>
      <Title order={1}>Returns</Title>
      <FilterDrawer active={filter.status ? 1 : 0} onClear={() => update({ status: undefined })}>
        <Select
          label="Status"
          placeholder="Any"
          clearable
          data={STATUS_OPTIONS}
          value={filter.status ?? null}
          onChange={(v) => update({ status: (v ?? undefined) as AdminReturnListItem['status'] | undefined })}
          w={190}
        />
      </FilterDrawer>
      {page && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {page.total.toLocaleString('en-US')} return{page.total === 1 ? '' : 's'}
        </Text>
      )}
      {returns.isError && <Alert color="red">{returns.error.message}</Alert>}
      <TableOrCards
        table={
          <DataTable<AdminReturnListItem>
            withTableBorder
            borderRadius="md"
            striped
            highlightOnHover
            minHeight={200}
            idAccessor="rmaNum"
            fetching={returns.isFetching}
            records={page?.items ?? []}
            noRecordsText="No returns match"
            totalRecords={page?.total ?? 0}
            recordsPerPage={filter.pageSize}
            page={filter.page}
            onPageChange={(p) => update({ page: p })}
            recordsPerPageOptions={[25, 50, 100, 200]}
            onRecordsPerPageChange={(n) => update({ pageSize: n })}
            recordsPerPageLabel="Returns per page"
            getPaginationControlProps={(control) => ({ 'aria-label': `${control} page` })}
            columns={[
              { accessor: 'rmaNum', title: 'Return', render: link },
              { accessor: 'createdAt', title: 'Requested', render: (r) => atTime(r.createdAt) },
              { accessor: 'status', title: 'Status', render: (r) => <ReturnStatusBadge status={r.status} /> },
              { accessor: 'customer', title: 'Customer', render: (r) => r.customer.orgName },
              { accessor: 'orderNum', title: 'Order', render: orderLink },
              { accessor: 'units', title: 'Units', textAlign: 'right', render: units },
              { accessor: 'creditTotal', title: 'Credit', textAlign: 'right', render: credit },
            ]}
          />
        }
        cards={
          <CardList
            records={page?.items}
            id={(r) => r.rmaNum}
            label={(r) => `Return ${r.rmaNum}`}
            empty="No returns match"
            pagination={{ total: page?.total ?? 0, page: filter.page, pageSize: filter.pageSize, onPage: (p) => update({ page: p }) }}
          >
            {(r) => (
              <>
                <CardHead status={<ReturnStatusBadge status={r.status} />}>Return {link(r)}</CardHead>
                <Text size="sm">{r.customer.orgName}</Text>
                <CardFacts facts={[['Order', orderLink(r)], ['', atTime(r.createdAt)], ['', units(r)], ['Credit', r.creditTotal === null ? null : credit(r)]]} />
                {returnNextStep(r.status) && (
                  <Text size="sm" fw={600}>
                    {returnNextStep(r.status)}
                  </Text>
                )}
              </>
            )}
          </CardList>
        }
      />
    </Stack>
  );
}
