import { Select } from '@mantine/core';
import { FilterDrawer } from '../../components/filter-drawer';
import { ITEM_STATUSES } from '../../../contract/admin/items';
import { SearchForm } from '../../components/search-form';
import { STATUS_LABELS } from './item-texts';
import type { CategoryOptions } from './use-category-options';
import type { ItemsFilter } from './use-items-filter';

const STATUS_OPTIONS = ITEM_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }));
const STOCK_OPTIONS = [
  { value: 'in', label: 'In stock' },
  { value: 'out', label: 'Out of stock' },
];
const PHOTO_OPTIONS = [
  { value: '1', label: 'With photos' },
  { value: '0', label: 'Without photos' },
];

/** The category picker's groups: the tree, then the NV collections. */
export function categoryGroups(options: CategoryOptions | undefined) {
  if (!options) return [];
  return [
    { group: 'Categories', items: options.tree },
    { group: 'Collections', items: options.collections },
  ];
}

/** Search and filters; every change goes to the URL (use-items-filter.ts). */
export function ItemsFilters({ filter, update, categories }: { filter: ItemsFilter; update: (patch: Partial<ItemsFilter>) => void; categories: CategoryOptions | undefined }) {
  const active = [filter.category, filter.status, filter.stock, filter.hasPhoto].filter((v) => v !== undefined).length;
  return (
    <FilterDrawer
      active={active}
      onClear={() => update({ category: undefined, status: undefined, stock: undefined, hasPhoto: undefined })}
      search={<SearchForm value={filter.q} placeholder="Number, title, code, UPC, key words" width={260} onSearch={(q) => update({ q })} />}
    >
      <Select
        label="Category"
        placeholder="Any"
        clearable
        searchable
        data={categoryGroups(categories)}
        value={filter.category === undefined ? null : String(filter.category)}
        onChange={(v) => update({ category: v === null ? undefined : Number(v) })}
        w={240}
      />
      <Select label="Status" placeholder="Any" clearable data={STATUS_OPTIONS} value={filter.status ?? null} onChange={(v) => update({ status: (v ?? undefined) as ItemsFilter['status'] })} w={150} />
      <Select label="Stock" placeholder="Any" clearable data={STOCK_OPTIONS} value={filter.stock ?? null} onChange={(v) => update({ stock: (v ?? undefined) as ItemsFilter['stock'] })} w={150} />
      <Select label="Photos" placeholder="Any" clearable data={PHOTO_OPTIONS} value={filter.hasPhoto ?? null} onChange={(v) => update({ hasPhoto: (v ?? undefined) as ItemsFilter['hasPhoto'] })} w={160} />
    </FilterDrawer>
  );
}
