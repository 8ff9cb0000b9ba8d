import { Alert, Anchor, Button, CloseButton, Group, Loader, NativeSelect, Pagination, Pill, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CATALOGUE, type FilterParam } from '../../../contract/catalogue';
import { usePageMeta } from '../../lib/page-meta';
import { prefetchListing, useCategoryInfo, useIsCollection, useListing } from './api';
import { CategoryBreadcrumb } from './breadcrumb';
import { categoryMeta } from './category-meta';
import { FilterBar, labelOf } from './filter-bar';
import { ORDER_GRIDS } from './grid-links';
import { activeFilterCount, type ListingState, PAGE_SIZES, readListing, sortParam, writeListing } from './listing-state';
import classes from './catalogue.module.css';
import { ProductCard } from './product-card';

/** The list view's table (Mantine's Table and ScrollArea) loads when it is chosen; the grid is the default. */
const ProductTable = lazy(() => import('./product-table').then((m) => ({ default: m.ProductTable })));

const SEARCH_DEBOUNCE_MS = 500;
/** How long a search's URL change waits for its results; a slower answer shows the dimmed previous results meanwhile. */
const SEARCH_WAIT_MS = 250;
/** The first row's pictures load at once and first (the largest paint on a phone's two columns). */
const PRIORITY_CARDS = 2;
const SORTS = [
  { value: 'date', label: 'Newest first' },
  { value: 'num', label: 'Item number' },
  { value: 'title', label: 'Title' },
];
/** A collection is a curated list: its own order comes first, and is its default. */
const COLLECTION_SORTS = [{ value: 'position', label: 'Collection order' }, ...SORTS];
/** A search (outside a collection) puts the best matches first unless asked otherwise. */
const SEARCH_SORTS = [{ value: 'relevance', label: 'Best match' }, ...SORTS];

export default function ProductsPage() {
  const [params, setParams] = useSearchParams();
  const state = readListing(params);
  const category = useCategoryInfo(state.categoryNum);
  const listing = useListing(state);
  const isNv = useIsCollection(state.categoryNum).isNv;
  const curated = isNv && !state.search;
  const searching = state.search !== '' && !isNv;
  const defaultSort = curated ? 'position' : searching ? 'relevance' : 'date';
  const sort = sortParam(state.sort, isNv, state.search) ?? defaultSort;
  const title = state.search ? `Search results for "${state.search}"` : (category.data?.description ?? 'Products');
  const sentence = (name: string) => `${name}: wholesale balloons from Skyline Balloons, with stock in our West and East warehouses.`;
  const meta = state.search ? { title, description: sentence(title) } : categoryMeta(category.data, 'Products', sentence);
  usePageMeta(meta.title, meta.description);

  // Changes apply to the address bar's URL as it is when they land, so two quick clicks both count. (React
  // Router hands a function update the URL of the last render, which lags behind while the next page of
  // results is loading: two quick ticks in a filter then kept only the second.) A search still waiting
  // for its results (below) counts as landed.
  // The new page's call starts at once. A click's change reaches the URL (and the screen) at once, while
  // the call runs: the page shows the previous results dimmed until the new ones are in. A search is
  // typed, not clicked, and nothing on screen waits for it: its URL change waits for its results (up to
  // SEARCH_WAIT_MS), so the page is drawn once, with them, rather than twice (dimmed, then the results).
  const waiting = useRef<{ next: URLSearchParams; from: string } | null>(null);
  const update = (change: Partial<ListingState> | ((current: ListingState) => Partial<ListingState>), replace = false, whenLoaded = false) => {
    const current = readListing(waiting.current?.next ?? new URLSearchParams(window.location.search));
    const next = writeListing({ ...current, page: 1, ...(typeof change === 'function' ? change(current) : change) });
    const loaded = prefetchListing(next);
    const own = { next, from: window.location.href };
    waiting.current = own;
    const land = () => {
      // A later change (which started from this one) or another navigation took over.
      if (waiting.current !== own) return;
      waiting.current = null;
      if (window.location.href === own.from) setParams(next, { replace, flushSync: whenLoaded });
    };
    if (whenLoaded) void Promise.race([loaded, new Promise((r) => setTimeout(r, SEARCH_WAIT_MS))]).then(land);
    else land();
  };

  const toggle = (f: FilterParam, value: string) =>
    update((current) => {
      const cur = current.filters[f];
      const next = cur.includes(value) ? cur.filter((v) => v !== value) : [...cur, value];
      return { filters: { ...current.filters, [f]: next } };
    });
  const resetFilter = (f: FilterParam) => update((current) => ({ filters: { ...current.filters, [f]: [] } }));
  const clearAll = () => update({ filters: Object.fromEntries(CATALOGUE.filterParams.map((f) => [f, []])) as unknown as ListingState['filters'] });

  const data = listing.data;
  const pages = data ? Math.max(1, Math.ceil(data.totalNumberOfItems / state.pageSize)) : 1;
  const first = data && data.totalNumberOfItems > 0 ? (state.page - 1) * state.pageSize + 1 : 0;
  const last = data ? Math.min(data.totalNumberOfItems, state.page * state.pageSize) : 0;

  return (
    <Stack maw={1320} mx="auto" px="md" py="lg" gap="md">
      <CategoryBreadcrumb categoryNum={state.categoryNum} current={state.search ? `Search: ${state.search}` : undefined} />
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        {state.categoryNum !== null && ORDER_GRIDS.has(state.categoryNum) && !state.search && (
          <Button component={Link} to={`/order-grid/${state.categoryNum}`} variant="light">
            Order by colour and size
          </Button>
        )}
      </Group>
      {category.error && <Alert color="red">{`Error: ${category.error.message}`}</Alert>}

      <Group justify="space-between" gap="sm" align="flex-end">
        <SearchBox
          search={state.search}
          placeholder={state.categoryNum !== null ? 'Search this category' : 'Search the catalogue'}
          onSearch={(search) => update({ search }, true, true)}
        />
        <Group gap="sm">
          <NativeSelect
            aria-label="Sort by"
            value={sort}
            onChange={(e) => update({ sort: e.currentTarget.value === defaultSort ? '' : e.currentTarget.value })}
            data={curated ? COLLECTION_SORTS : searching ? SEARCH_SORTS : SORTS}
            size="sm"
          />
          <ViewToggle value={state.view} onChange={(view) => update((current) => ({ view, page: current.page }))} />
        </Group>
      </Group>

      {state.search && data?.didYouMean && (
        <Text data-testid="did-you-mean">
          Did you mean{' '}
          <Anchor component={Link} to={{ search: writeListing({ ...state, search: data.didYouMean, page: 1 }).toString() }} fw={600}>
            {data.didYouMean}
          </Anchor>
          ?
        </Text>
      )}

      <FilterBar data={data} filters={state.filters} onToggle={toggle} onReset={resetFilter} />
      {activeFilterCount(state.filters) > 0 && (
        <Group gap={6}>
          {CATALOGUE.filterParams.flatMap((f) =>
            state.filters[f].map((v) => (
              <Pill key={`${f}:${v}`} withRemoveButton onRemove={() => toggle(f, v)} removeButtonProps={{ 'aria-label': `Remove ${labelOf(data, f, v)}` }}>
                {labelOf(data, f, v)}
              </Pill>
            )),
          )}
          <Button variant="subtle" size="compact-sm" onClick={clearAll}>
            Clear all
          </Button>
        </Group>
      )}

      {listing.isPending && listing.fetchStatus !== 'idle' ? (
        <Group gap="xs" py="xl">
          <Loader size="sm" />
          <Text>Loading products...</Text>
        </Group>
      ) : listing.error ? (
        <Alert color="red" title="An error occurred">
          {listing.error.message}
        </Alert>
      ) : !data ? (
        <Text py="xl">Choose a category or type a search to see products.</Text>
      ) : data.items.length === 0 ? (
        <Stack py="xl" gap="xs" align="flex-start">
          <Text fw={600}>No products found</Text>
          <Text c="dimmed">Try another search, or remove a filter.</Text>
        </Stack>
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite">
            Showing {first}–{last} of {data.totalNumberOfItems} products
          </Text>
          <div
            data-results-for={state.search}
            aria-busy={listing.isPlaceholderData || undefined}
            style={{ opacity: listing.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
          >
            {state.view === 'grid' ? (
              <div className={classes.grid} data-testid="product-grid">
                {/* Keyed by position: a new page of results updates the cards in place (product-card.tsx). */}
                {data.items.map((item, i) => (
                  <ProductCard key={i} item={item} categoryNum={state.categoryNum} priority={i < PRIORITY_CARDS} />
                ))}
              </div>
            ) : (
              <Suspense fallback={<Loader size="sm" aria-label="Loading the list" />}>
                <ProductTable items={data.items} categoryNum={state.categoryNum} />
              </Suspense>
            )}
          </div>
          <Group justify="space-between" gap="sm">
            <Pagination total={pages} value={Math.min(state.page, pages)} onChange={(page) => update({ page })}
              siblings={1}
              getControlProps={(control) => ({ 'aria-label': `${control === 'previous' ? 'Previous' : control === 'next' ? 'Next' : control === 'first' ? 'First' : 'Last'} page` })}
              getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
            />
            <NativeSelect
              aria-label="Items per page"
              value={String(state.pageSize)}
              onChange={(e) => update({ pageSize: Number(e.currentTarget.value) })}
              data={PAGE_SIZES.map((n) => ({ value: String(n), label: `${n} per page` }))}
              size="sm"
            />
          </Group>
        </>
      )}
    </Stack>
  );
}

/**
 * The search box: typed text reaches the URL 500 ms after the last key (spec §4, §9). Its own
 * component, so a keystroke redraws the box alone, not the page and its product grid.
 */
function SearchBox({ search, placeholder, onSearch }: { search: string; placeholder: string; onSearch(search: string): void }) {
  const [text, setText] = useState(search);
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  // Back/forward or a new link changes the URL's search: the box follows it.
  const [shownSearch, setShownSearch] = useState(search);
  if (shownSearch !== search) {
    setShownSearch(search);
    setText(search);
  }
  useEffect(() => {
    // The moment the debounce fires: `npm run bench:web` times from here to the painted results.
    performance.mark('search-debounced', { detail: debounced });
    if (debounced !== search) onSearch(debounced);
    // Only the debounced text triggers this; state changes from the URL are synced above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return (
    <TextInput
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      placeholder={placeholder}
      aria-label="Search products"
      type="search"
      w={{ base: '100%', sm: 320 }}
      rightSection={text ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setText('')} /> : null}
    />
  );
}

const VIEWS: { value: ListingState['view']; label: string }[] = [
  { value: 'grid', label: 'Grid' },
  { value: 'list', label: 'List' },
];

/**
 * Grid or List, as two radio buttons drawn like Mantine's SegmentedControl. Not that control
 * itself: its sliding indicator measures the layout after every render (a forced reflow of the
 * whole page, the largest single cost of the listing's first render on a slow phone).
 */
function ViewToggle({ value, onChange }: { value: ListingState['view']; onChange(view: ListingState['view']): void }) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label="View" className={classes.segmented}>
      {VIEWS.map((v) => (
        <div key={v.value} className={classes.segment}>
          <input type="radio" id={`${name}-${v.value}`} name={name} value={v.value} checked={value === v.value} onChange={() => onChange(v.value)} />
          <label htmlFor={`${name}-${v.value}`}>{v.label}</label>
        </div>
      ))}
    </div>
  );
}
