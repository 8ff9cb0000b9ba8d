import { Badge, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { CATALOGUE, type FilterParam, type PagedItems } from '../../../contract/catalogue';

export const FILTER_LABELS: Record<FilterParam, string> = {
  color: 'Colors',
  sizes: 'Size',
  events: 'Events',
  messages: 'Messages',
  poscat: 'Categories',
  shapes: 'Shapes',
  themes: 'Themes',
};

export interface FilterOption {
  value: string;
  label: string;
  count?: number;
}

/** The options of each filter, refilled from the distinct lists of the latest answer (spec §4). */
export function optionsOf(data: PagedItems | undefined, f: FilterParam): FilterOption[] {
  if (!data) return [];
  const facet = (list: PagedItems['distinctColors']) => list.map((v) => ({ value: v.link, label: v.name, count: v.count }));
  switch (f) {
    case 'color':
      return facet(data.distinctColors);
    case 'sizes':
      return data.distinctSizes.map((s) => ({ value: s, label: s }));
    case 'events':
      return facet(data.distinctEvents);
    case 'messages':
      return facet(data.distinctMessages);
    case 'poscat':
      return data.distinctPoscats.map((p) => ({ value: p.poscatNum, label: p.poscatName, count: p.count }));
    case 'shapes':
      return facet(data.distinctShapes);
    case 'themes':
      return facet(data.distinctThemes);
  }
}

/** One filter's button, the same before and after the dropdown's code has loaded. */
export function filterButtonProps(f: FilterParam, selected: string[], options: FilterOption[]): ButtonProps & { children: ReactNode } {
  return {
    variant: selected.length > 0 ? 'light' : 'default',
    size: 'xs',
    radius: 'xl',
    disabled: options.length === 0 && selected.length === 0,
    rightSection:
      selected.length > 0 ? (
        <Badge size="xs" circle>
          {selected.length}
        </Badge>
      ) : (
        <span aria-hidden>▾</span>
      ),
    children: FILTER_LABELS[f],
  };
}

/** The chosen filter values as removable chips, with their labels from the options. */
export function labelOf(data: PagedItems | undefined, f: FilterParam, value: string): string {
  if (value === CATALOGUE.anyValue) return `Any ${FILTER_LABELS[f].toLowerCase()}`;
  return optionsOf(data, f).find((o) => o.value === value)?.label ?? value;
}
