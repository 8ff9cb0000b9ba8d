import { CATALOGUE, type FilterParam } from '../../../contract/catalogue';
import type { Filters } from './api';

export type View = 'grid' | 'list';

/** Everything that defines the product list view; it all lives in the URL (DESIGN.md §4). */
export interface ListingState {
  categoryNum: number | null;
  search: string;
  page: number;
  pageSize: number;
  /** '' is the listing's own order: newest first, a collection's curated order (`position`). */
  sort: string;
  view: View;
  filters: Filters;
}

export const PAGE_SIZES = [20, 40, 60, 100];

/** The menus link with a single message, theme or event (spec §2); they select that filter. */
const MENU_ALIASES: Partial<Record<FilterParam, string>> = { messages: 'message', themes: 'theme', events: 'event' };

function positiveInt(v: string | null, fallback: number, max: number): number {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
}

export function readListing(params: URLSearchParams): ListingState {
  const filters = {} as Filters;
  for (const f of CATALOGUE.filterParams) {
    const alias = MENU_ALIASES[f];
    filters[f] = [...new Set([...params.getAll(f), ...(alias ? params.getAll(alias) : [])].filter(Boolean))];
  }
  const cat = params.get('categoryNum');
  const sort = params.get('sort') ?? '';
  return {
    categoryNum: cat !== null && /^\d+$/.test(cat) ? Number(cat) : null,
    search: (params.get('search') ?? '').trim(),
    page: positiveInt(params.get('page'), 1, 1_000_000),
    pageSize: positiveInt(params.get('pageSize'), CATALOGUE.defaultPageSize, CATALOGUE.maxPageSize),
    sort: (CATALOGUE.nvSorts as readonly string[]).includes(sort) ? sort : '',
    view: params.get('view') === 'list' ? 'list' : 'grid',
    filters,
  };
}

/** The URL of a listing state; defaults are left out so links stay short. */
export function writeListing(s: ListingState): URLSearchParams {
  const p = new URLSearchParams();
  if (s.categoryNum !== null) p.set('categoryNum', String(s.categoryNum));
  if (s.search) p.set('search', s.search);
  for (const f of CATALOGUE.filterParams) for (const v of s.filters[f]) p.append(f, v);
  if (s.sort) p.set('sort', s.sort);
  if (s.pageSize !== CATALOGUE.defaultPageSize) p.set('pageSize', String(s.pageSize));
  if (s.page !== 1) p.set('page', String(s.page));
  if (s.view !== 'grid') p.set('view', s.view);
  return p;
}

/**
 * The sort a listing's call asks for: none for its own default, `position` only where it exists (a
 * collection, not searched), and `relevance` only for a search outside a collection.
 */
export function sortParam(sort: string, isNv: boolean, search: string): string | undefined {
  if (sort === '' || (sort === 'position' && (!isNv || search !== ''))) return undefined;
  if (sort === 'relevance' && (isNv || search === '')) return undefined;
  return sort;
}

export function activeFilterCount(filters: Filters): number {
  return CATALOGUE.filterParams.reduce((n, f) => n + filters[f].length, 0);
}
