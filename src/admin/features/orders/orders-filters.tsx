import { Select, TextInput } from '@mantine/core';
import { ORDER_PERIOD_LABELS, ORDER_PERIODS } from '../../../contract/admin/orders';
import { FilterDrawer } from '../../components/filter-drawer';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '../../../contract/order-lifecycle';
import { SearchForm } from '../../components/search-form';
import type { OrdersFilter } from './use-orders-filter';

const STATUS_OPTIONS = ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }));
const WAREHOUSE_OPTIONS = [
  { value: 'west', label: 'Open at West' },
  { value: 'east', label: 'Open at East' },
];
const PERIOD_OPTIONS = ORDER_PERIODS.map((p) => ({ value: p, label: ORDER_PERIOD_LABELS[p] }));
const SORT_OPTIONS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'total', label: 'Largest total' },
];

/** Search and filters (in a drawer on a phone); every change goes to the URL (use-orders-filter.ts). */
export function OrdersFilters({ filter, update }: { filter: OrdersFilter; update: (patch: Partial<OrdersFilter>) => void }) {
  const active = [filter.status, filter.warehouse, filter.backordered, filter.period, filter.from, filter.to].filter(Boolean).length + (filter.sort !== 'newest' ? 1 : 0);
  const clear = () => update({ status: undefined, warehouse: undefined, backordered: undefined, period: undefined, from: undefined, to: undefined, sort: 'newest' });
  return (
    <FilterDrawer active={active} onClear={clear} search={<SearchForm value={filter.q} placeholder="Order #, PO, company, name, email" width={240} onSearch={(q) => update({ q })} />}>
      <Select label="Status" placeholder="Any" clearable data={STATUS_OPTIONS} value={filter.status ?? null} onChange={(v) => update({ status: (v ?? undefined) as OrdersFilter['status'] })} w={170} />
      <Select label="Warehouse" placeholder="Any" clearable data={WAREHOUSE_OPTIONS} value={filter.warehouse ?? null} onChange={(v) => update({ warehouse: (v ?? undefined) as OrdersFilter['warehouse'] })} w={150} />
      <Select
        label="Backorders"
        placeholder="Any"
        clearable
        data={[{ value: '1', label: 'With backorders' }]}
        value={filter.backordered === '1' ? '1' : null}
        onChange={(v) => update({ backordered: v === '1' ? '1' : undefined })}
        w={170}
      />
      <Select
        label="Placed"
        placeholder="Any time"
        clearable
        data={PERIOD_OPTIONS}
        value={filter.period ?? null}
        onChange={(v) => update({ period: (v ?? undefined) as OrdersFilter['period'], from: undefined, to: undefined })}
        w={150}
      />
      <TextInput label="From" type="date" value={filter.from ?? ''} onChange={(e) => update({ from: e.currentTarget.value || undefined, period: undefined })} w={150} />
      <TextInput label="To" type="date" value={filter.to ?? ''} onChange={(e) => update({ to: e.currentTarget.value || undefined, period: undefined })} w={150} />
      <Select label="Sort" data={SORT_OPTIONS} value={filter.sort} allowDeselect={false} onChange={(v) => update({ sort: (v ?? 'newest') as OrdersFilter['sort'] })} w={150} />
    </FilterDrawer>
  );
}
