import { Checkbox, Group, Pagination, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePhone } from './use-phone';

/** A list as a table on wider screens and as stacked cards on a phone (never a table scrolled sideways). */
export function TableOrCards({ table, cards }: { table: ReactNode; cards: ReactNode }) {
  return usePhone() ? (
    <Stack gap="sm" component="div">
      {cards}
    </Stack>
  ) : (
    <>{table}</>
  );
}

/** One entry of such a list on a phone, named for screen readers by `label`. */
export function ListCard({ label, children, checkbox }: { label: string; children: ReactNode; checkbox?: ReactNode }) {
  return (
    <Paper withBorder p="sm" component="section" aria-label={label}>
      {checkbox ? (
        <Group wrap="nowrap" align="flex-start" gap="sm">
          {checkbox}
          <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
            {children}
          </Stack>
        </Group>
      ) : (
        <Stack gap={6}>{children}</Stack>
      )}
    </Paper>
  );
}

/** A card's heading line: the thing's name or number on the left, its status on the right. */
export function CardHead({ children, status }: { children: ReactNode; status?: ReactNode }) {
  return (
    <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
      <Text fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
      {status}
    </Group>
  );
}

/** "Label: value" lines of a card; empty values left out. */
export function CardFacts({ facts }: { facts: [string, ReactNode][] }) {
  const shown = facts.filter(([, v]) => v !== null && v !== undefined && v !== '');
  return (
    <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
      {shown.map(([label, value], i) => (
        <span key={label}>
          {i > 0 && ' · '}
          {label ? `${label} ` : ''}
          {value}
        </span>
      ))}
    </Text>
  );
}

export interface CardSelection<T> {
  selected: T[];
  onChange: (rows: T[]) => void;
  /** The checkbox's name, e.g. "Select order 100001". */
  label: (row: T) => string;
  /** The select-all checkbox's name, e.g. "Select all orders on this page". */
  allLabel: string;
}

export interface CardPagination {
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}

/**
 * The phone side of a DataTable: one ListCard per record (with its checkbox when rows can be
 * selected), the empty text, and the pages below.
 */
export function CardList<T>({
  records,
  id,
  label,
  empty,
  selection,
  pagination,
  children,
}: {
  records: T[] | undefined;
  id: (row: T) => string | number;
  label: (row: T) => string;
  empty: string;
  selection?: CardSelection<T> | null;
  pagination?: CardPagination;
  children: (row: T) => ReactNode;
}) {
  const rows = records ?? [];
  const isSelected = (r: T) => !!selection?.selected.some((s) => id(s) === id(r));
  const toggle = (r: T) => selection?.onChange(isSelected(r) ? selection.selected.filter((s) => id(s) !== id(r)) : [...selection.selected, r]);
  const allSelected = rows.length > 0 && rows.every(isSelected);
  const pages = pagination ? Math.max(1, Math.ceil(pagination.total / pagination.pageSize)) : 1;
  return (
    <>
      {selection && rows.length > 0 && (
        <Checkbox
          label={selection.allLabel}
          checked={allSelected}
          indeterminate={!allSelected && selection.selected.length > 0}
          onChange={() => selection.onChange(allSelected ? [] : rows)}
        />
      )}
      {records && rows.length === 0 && <Text>{empty}</Text>}
      {rows.map((r) => (
        <ListCard key={id(r)} label={label(r)} checkbox={selection ? <Checkbox aria-label={selection.label(r)} checked={isSelected(r)} onChange={() => toggle(r)} mt={2} /> : undefined}>
          {children(r)}
        </ListCard>
      ))}
      {pagination && pages > 1 && (
        <Pagination total={pages} value={pagination.page} onChange={pagination.onPage} siblings={0} getControlProps={(control) => ({ 'aria-label': `${control} page` })} />
      )}
    </>
  );
}
