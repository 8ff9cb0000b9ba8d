import { Button, Group } from '@mantine/core';
import { Fragment, lazy, Suspense, useState } from 'react';
import { CATALOGUE, type FilterParam, type PagedItems } from '../../../contract/catalogue';
import type { Filters } from './api';
import { filterButtonProps, optionsOf } from './filter-options';

export { labelOf } from './filter-options';

/** The dropdowns' code (Popover, checkboxes, scroll area) loads on the first hover, focus or click of the bar. */
const loadFilterMenu = () => import('./filter-menu');
const FilterMenu = lazy(() => loadFilterMenu().then((m) => ({ default: m.FilterMenu })));

interface FilterBarProps {
  data: PagedItems | undefined;
  filters: Filters;
  onToggle(f: FilterParam, value: string): void;
  onReset(f: FilterParam): void;
}

/** The seven filter dropdowns: multi-select with counts, Reset, Show all; one open at a time; outside click closes. */
export function FilterBar({ data, filters, onToggle, onReset }: FilterBarProps) {
  const [open, setOpen] = useState<FilterParam | null>(null);
  // The bar switches to the real dropdowns on the first click only, never mid-click: a hover or
  // focus just starts loading their code. The clicked button keeps the focus across the switch.
  const [wanted, setWanted] = useState<{ focus: FilterParam | null } | null>(null);
  const preload = () => void loadFilterMenu();
  return (
    <Group gap="xs" role="group" aria-label="Filters" onPointerEnter={preload} onFocus={preload}>
      {CATALOGUE.filterParams.map((f) => {
        const options = optionsOf(data, f);
        const selected = filters[f];
        // Until its code is there, a filter is a plain button that looks the same; a click opens it once loaded.
        const openOnceLoaded = (e: React.MouseEvent<HTMLButtonElement>) => {
          setWanted({ focus: document.activeElement === e.currentTarget ? f : null });
          setOpen(f);
        };
        const placeholder = <Button {...filterButtonProps(f, selected, options)} onClick={openOnceLoaded} />;
        if (!wanted) return <Fragment key={f}>{placeholder}</Fragment>;
        return (
          <Suspense key={f} fallback={placeholder}>
            <FilterMenu autoFocus={wanted.focus === f} f={f} options={options} selected={selected} opened={open === f} setOpened={(o) => setOpen(o ? f : null)} onToggle={onToggle} onReset={onReset} />
          </Suspense>
        );
      })}
    </Group>
  );
}
