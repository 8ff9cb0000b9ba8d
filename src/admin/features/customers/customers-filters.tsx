import { Select, TextInput } from '@mantine/core';
import { FilterDrawer } from '../../components/filter-drawer';
import { CUSTOMER_STATUS_LABELS, CUSTOMER_STATUSES } from '../../../contract/admin/customers';
import { SearchForm } from '../../components/search-form';
import type { CustomersFilter } from './use-customers-filter';

const STATUS_OPTIONS = CUSTOMER_STATUSES.map((s) => ({ value: s, label: CUSTOMER_STATUS_LABELS[s] }));

/** Search, status and state; every change goes to the URL (use-customers-filter.ts). */
export function CustomersFilters({ filter, update }: { filter: CustomersFilter; update: (patch: Partial<CustomersFilter>) => void }) {
  const active = [filter.status, filter.state].filter(Boolean).length;
  return (
    <FilterDrawer
      active={active}
      onClear={() => update({ status: undefined, state: undefined })}
      search={<SearchForm value={filter.q} placeholder="Company, contact, email, ZIP" width={260} onSearch={(q) => update({ q })} />}
    >
      <Select label="Status" placeholder="Any" clearable data={STATUS_OPTIONS} value={filter.status ?? null} onChange={(v) => update({ status: (v ?? undefined) as CustomersFilter['status'] })} w={190} />
      <TextInput
        label="State"
        placeholder="e.g. CA"
        maxLength={2}
        defaultValue={filter.state ?? ''}
        onBlur={(e) => update({ state: /^[A-Za-z]{2}$/.test(e.currentTarget.value) ? e.currentTarget.value.toUpperCase() : undefined })}
        onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
        w={90}
      />
    </FilterDrawer>
  );
}
