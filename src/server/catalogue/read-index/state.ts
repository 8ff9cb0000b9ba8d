import type { SortKey } from '../../../contract/catalogue';
import type { FacetKind } from '../tables';
import type { LowStockTable } from '../../stock';
import type { Distincts, FacetTable } from '../facet-table';
import type { Spares } from '../sliced';
import type { ColorGroups } from './color-groups';
import type { IndexedItem } from './item';
import type { FacetHolder, IndexedCategory, Members, Span } from './types';

/**
 * What `CatalogueIndex` holds, as the functions of read-index/ (build, edits, queries) read and
 * write it: the index keeps its state and hands itself to them.
 */
export interface IndexState {
  /** Items by position: depth-first by category (see `idOrder`). */
  items: IndexedItem[];
  /** Positions of the items in ascending id order (the order the builder received them). */
  idOrder: Uint32Array;
  readonly byNum: Map<string, IndexedItem>;
  readonly categories: Map<number, IndexedCategory>;
  /** Names of facet values: kind → link → name. */
  readonly facetNames: Map<FacetKind, Map<string, string>>;
  facets: FacetTable;
  /** What every item reads its facet links through (`IndexedItem.facets`): the current table. */
  readonly facetHolder: FacetHolder;
  /** Items of one product in other colours, in id order. */
  groups: ColorGroups;
  /** Each category's place in the depth-first order (items of unknown categories come last). */
  readonly preorder: Map<number, number>;
  /** Each category's own number and its ancestors'. */
  readonly chains: Map<number, number[]>;
  /** Rank of each item position in each sort order, and the positions in each order. */
  readonly rank: Record<SortKey, Uint32Array>;
  readonly order: Record<SortKey, Uint32Array>;
  /**
   * Item positions per category (own and descendants'), pre-sorted for each sort key; a
   * collection's also in its curated order (`position`).
   */
  readonly members: Map<number, Members>;
  /** Where each category's members lie among the positions. */
  readonly spans: Map<number, Span>;
  /** Each category's distinct lists, with the counts they were made from. */
  readonly distinctCache: Map<number, { distincts: Distincts; counts: Uint32Array }>;
  /**
   * The title orders an edit writes into: the ones the edit before it replaced (or new ones). An
   * edit allocates nothing big, so it sets off no full garbage collection (as SearchIndex.spare).
   */
  readonly spareTitles: { order?: Uint32Array; rank?: Uint32Array; members: Map<number, Uint32Array> };
  /** The arrays the last shift replaced, for the next to write into (`planShift`). */
  readonly spares: Spares;
  spareItems: IndexedItem[] | null;
  /** Scratch marks over positions (the retitled items); all zero between edits. */
  marks: Uint8Array | null;
  /** 32-bit words of a bitset over all item positions. */
  words: number;
  /** Bitsets of values carried by at least 1 item in 32 (no bigger than their postings). */
  denseBits: Map<number, Uint32Array>;
  /** Per kind, the items carrying any value of it (the filter value `all`). */
  anyBits: Map<FacetKind, Uint32Array>;
  readonly categoryBitsCache: Map<number, Uint32Array>;
  /** Scratch bitsets: one per filter of a query, and the result; all zero between calls except `result`. */
  readonly scratch: Uint32Array[];
  result: Uint32Array;
  /** The catalogue change sequence whose item edits the index shows (`patchItems`). */
  changeSeq: string;
  /** Active items with few units available, kept fresh by `updateStock`. */
  readonly lowStock: LowStockTable;
}
