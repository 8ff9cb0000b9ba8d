import type { Category, SortKey } from '../../../contract/catalogue';
import type { CategoryTable, FacetKind, ItemTable } from '../tables';
import type { PriceBreak } from '../pricing/unit-price';
import type { FacetTable } from '../facet-table';
import type { Runs } from '../sliced';

/* The read index's rows, filters and plans (catalogue-index.ts holds the index itself). */

export interface IndexedCategory extends Category {
  kind: 'tree' | 'nv';
  children: number[];
}

/** A filter after validation: the facet kind and the accepted links, or 'any' for the value `all`. */
export interface ActiveFilter {
  kind: FacetKind;
  links: Set<string> | 'any';
}

/** The item columns the index is built from (what queries.activeItemChunks selects). */
export type ItemRow = Pick<
  ItemTable,
  | 'num' | 'code' | 'category_num' | 'web_title' | 'picture' | 'logo' | 'srp_cents' | 'price_cents' | 'case_qty' | 'is_new'
  | 'qty_fr' | 'qty_fh' | 'reserve_fr' | 'reserve_fh' | 'color_family' | 'color_group' | 'created_at'
> & {
  id: number;
  /** 1 when left out (index tests that build rows by hand). */
  order_multiple?: number;
  /** The item's quantity breaks (item_price_breaks), lowest quantity first; none when left out. */
  breaks?: readonly PriceBreak[];
};

/** A category as the index keeps it; the SEO texts are optional for index tests that build rows by hand. */
export type CategoryRow = Pick<CategoryTable, 'num' | 'description' | 'parent_num' | 'kind' | 'logo' | 'be_cat'> & { seo_title?: string; seo_description?: string };

export interface FacetRow {
  item_id: number;
  kind: FacetKind;
  name: string;
  link: string;
}

/** Everything at once (tests, small catalogues). */
export interface IndexSource {
  categories: CategoryRow[];
  items: ItemRow[];
  facets: FacetRow[];
  nvMemberships: NvMembership[];
}

/** An item in a collection; `position` is its place in the collection's curated order (0 when left out). */
export interface NvMembership {
  category_num: number;
  item_id: number;
  position?: number;
}


/** An edit laid over the index in two parts (`CatalogueIndex.planPatch`). */
export interface PatchPlan {
  /** The positions of the edited items (their searchable text may have changed). */
  positions: number[];
  /** Whether a title changed (the title orders move). */
  retitled: boolean;
  /** Lays the edit over the index, in one synchronous step. */
  commit(changeSeq: string): void;
}

/** An item put into the index without a rebuild: its row, facet links (in row order) and collections. */
export interface PlacedItem {
  row: ItemRow;
  facets: { kind: FacetKind; link: string; name: string }[];
  collections: { category_num: number; position: number }[];
}

/** Items taken out of the index and put in, worked out (`CatalogueIndex.planShift`), to be put in place at once. */
export interface ShiftPlan {
  /** Old position → new position; NONE for an item taken out (increasing over the others). */
  map: Uint32Array;
  /** The same map as runs. */
  runs: Runs;
  /** Items after the edit. */
  n: number;
  /** The old positions of the items taken out, ascending. */
  removed: number[];
  /** The new positions of the items put in, in the order they were given. */
  inserted: number[];
  /**
   * The categories (with ancestors and collections) of the items taken out, by old position, and
   * of those put in, by new position; and the facet table after the edit.
   */
  places: { before: Map<number, number[]>; after: Map<number, number[]>; facets: FacetTable };
  /** Lays the edit over the index, in one synchronous step. */
  commit(changeSeq: string): void;
}

/** What items read their facet links through: the index's current table, and where an item is now. */
export interface FacetHolder {
  facets: FacetTable | null;
  positionOf(id: number): number;
}

/** A category's members in each sort order; a collection's also in its curated order, with each entry's place in it. */
export type Members = Record<SortKey, Uint32Array> & { position?: Uint32Array; positionAt?: Float64Array };

/** A category's positions: [lo, hi) holds all its members, and only them when `range`. */
export interface Span {
  lo: number;
  hi: number;
  range: boolean;
}
