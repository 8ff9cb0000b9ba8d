import type { ListingSort, SortKey } from '../../contract/catalogue';
import type { FacetKind } from './tables';
import type { LowStockTable } from '../stock';
import { type DistinctLists, type Distincts, FACET_KINDS, FacetTable } from './facet-table';
import { buildMembers, builderOf, CatalogueBuilder, depthFirstPlaces, filterBitsOf, type LoadedSource, loadCategories, nameFacets, sortOrders } from './read-index/build';
import { ColorGroups } from './read-index/color-groups';
import type { IndexedItem } from './read-index/item';
import { planPatch } from './read-index/patch';
import { categoryDistinctsOnce, categoryMembers, categoryPage, categoryRange, countDistincts, positionOfId, positionsPage } from './read-index/queries';
import { planShift } from './read-index/shift';
import type { IndexState } from './read-index/state';
import { type StockRow, updateStockFlags } from './read-index/stock-flags';
import type { ActiveFilter, FacetHolder, IndexedCategory, IndexSource, ItemRow, Members, PatchPlan, PlacedItem, ShiftPlan, Span } from './read-index/types';
import { runNow, Spares, type Steps } from './sliced';

// Imported from here by code outside catalogue/.
export { toListItem } from './read-index/json';

/**
 * The catalogue's read path, held in memory and built from the database (the source of truth).
 * Items are numbered depth-first by category, so a tree category with its descendants is one
 * range of positions. A filtered listing is an AND of bitsets (one per filter; the category's
 * own only where it is not a range, as for NV collections) over the category's span of words,
 * then a short walk of the category's pre-sorted members or a sort of the few matches; the
 * distinct lists are counted and serialised once per category. Per item only one small object
 * is kept; facet links, postings and sort orders are typed arrays, so half a million items fit
 * in a few hundred megabytes and build in seconds (docs/decisions/0002-catalogue-read-index.md).
 *
 * The index holds its state (read-index/state.ts says what each part is); the work is done by
 * the functions of read-index/, by concern: build, in-place edits (patch, shift), queries, JSON,
 * stock flags, colour groups and the array algorithms they share. Code outside read-index/ uses
 * the methods and the fields documented here.
 */
export class CatalogueIndex implements IndexState {
  /** Items by position: depth-first by category (see `idOrder`). */
  items: IndexedItem[];
  /** Positions of the items in ascending id order (the order the builder received them). */
  idOrder: Uint32Array;
  readonly byNum = new Map<string, IndexedItem>();
  readonly categories = new Map<number, IndexedCategory>();
  /** Names of facet values: kind → link → name. */
  readonly facetNames = new Map<FacetKind, Map<string, string>>();
  facets: FacetTable;
  /** Items of one product in other colours, in id order. */
  readonly colorGroups: { get(group: string): IndexedItem[] | undefined };
  /** Rank of each item position in each sort order, and the positions in each order. */
  readonly rank: Record<SortKey, Uint32Array>;
  readonly order: Record<SortKey, Uint32Array>;
  catalogueVersion: string;
  stockVersion: string;
  /** The catalogue change sequence whose item edits the index shows (`patchItems`). */
  changeSeq: string;
  /** Active items with few units available, kept fresh by `updateStock`. */
  readonly lowStock: LowStockTable;

  // The rest of the state, for read-index/ (IndexState).
  readonly facetHolder: FacetHolder;
  groups: ColorGroups;
  readonly preorder = new Map<number, number>();
  readonly chains = new Map<number, number[]>();
  readonly members = new Map<number, Members>();
  readonly spans = new Map<number, Span>();
  readonly distinctCache = new Map<number, { distincts: Distincts; counts: Uint32Array }>();
  readonly spareTitles: IndexState['spareTitles'] = { members: new Map() };
  readonly spares = new Spares();
  spareItems: IndexedItem[] | null = null;
  marks: Uint8Array | null = null;
  words: number;
  denseBits = new Map<number, Uint32Array>();
  anyBits = new Map<FacetKind, Uint32Array>();
  readonly categoryBitsCache = new Map<number, Uint32Array>();
  readonly scratch: Uint32Array[] = [];
  result: Uint32Array;

  constructor(versions: { catalogue: string; stock: string; changes?: string }, source: IndexSource | LoadedSource) {
    this.catalogueVersion = versions.catalogue;
    this.stockVersion = versions.stock;
    this.changeSeq = versions.changes ?? '0';
    const built = source.items instanceof CatalogueBuilder ? source.items : builderOf(source as IndexSource);
    const byId = built.items;
    this.lowStock = built.lowStock;
    const n = byId.length;
    loadCategories(this.categories, source.categories);

    // Depth-first numbering: position of the k-th item by id.
    const place = (this.idOrder = depthFirstPlaces(this.categories, this.preorder, byId));
    this.items = new Array<IndexedItem>(n);
    for (let k = 0; k < n; k++) {
      const item = byId[k]!;
      item.idx = place[k]!;
      this.items[place[k]!] = item;
    }
    const pairs = built.pairs;
    for (let i = 0; i < pairs.length; i++) pairs.pos[i] = place[pairs.pos[i]!]!;
    this.facets = new FacetTable(n, built.values, pairs);
    this.facetHolder = built.shared;
    this.facetHolder.facets = this.facets;
    this.facetHolder.positionOf = (id) => this.positionOfId(id);
    for (const kind of FACET_KINDS) this.facetNames.set(kind, new Map());
    nameFacets(this.facetNames, this.facets);
    for (const item of byId) this.byNum.set(item.num, item);

    this.words = (n + 31) >>> 5;
    this.result = new Uint32Array(this.words);
    runNow(filterBitsOf(this.facets, n, this.denseBits, this.anyBits));

    this.groups = runNow(ColorGroups.of(this.idOrder, this.items));
    this.colorGroups = { get: (group) => this.groups.get(group, this.items) };

    const { order, rank } = sortOrders(byId, built.createdAt, place);
    built.createdAt.length = 0;
    this.order = order;
    this.rank = rank;
    buildMembers(this, source.nvMemberships, byId);
  }

  /** Changes whenever anything a catalogue answer shows changes: the ETag of catalogue GETs. */
  /**
   * The search synonyms' version the service searches with (search-synonyms.ts): part of the
   * version, so answers cached for a search follow a change of the synonyms.
   */
  synonymsVersion = '0';

  get version(): string {
    const synonyms = this.synonymsVersion === '0' ? '' : `.s${this.synonymsVersion}`;
    return `${this.catalogueVersion}.${this.stockVersion}.${this.changeSeq}${synonyms}`;
  }

  /** The position of the item with this id, or -1 when the index does not hold it. */
  positionOfId(id: number): number {
    return positionOfId(this, id);
  }

  /**
   * Items taken out of the index (`removeIds`: hidden, discontinued, deleted) and put in (a new
   * item, one shown again, or one whose category, facets, colour group or collections changed),
   * without a rebuild: read-index/shift.ts. The steps leave the index as it is (so they may run
   * sliced); the plan's `commit` puts everything in place at once.
   */
  planShift(removeIds: number[], insert: PlacedItem[]): Steps<ShiftPlan> {
    return planShift(this, removeIds, insert);
  }

  /**
   * Lays edited items over the index without a rebuild (docs/decisions/0020): their list fields
   * (price, SRP, case quantity, new, logo, picture, colour family, stock), and their code and
   * title, whose item keeps its position while the title order and every category's title order
   * take it where its new title sorts. Only for edits that leave the positions and facets as they
   * were (catalogue/change-feed.ts decides at the write): same category and colour group. Answers
   * the positions laid over (their searchable text may have changed: the search index's words
   * follow them) and whether a title moved, or null, changing nothing, when a row says otherwise
   * (the caller then rebuilds). Rows of items the index does not hold are skipped.
   */
  patchItems(changeSeq: string, rows: ItemRow[]): { positions: number[]; retitled: boolean } | null {
    const plan = runNow(this.planPatch(rows));
    if (!plan) return null;
    plan.commit(changeSeq);
    return { positions: plan.positions, retitled: plan.retitled };
  }

  /** `patchItems` in two parts: steps that may run sliced, then a commit (read-index/patch.ts). */
  planPatch(rows: ItemRow[]): Steps<PatchPlan | null> {
    return planPatch(this, rows);
  }

  /** Replaces the West/East stock flags after a stock change, without a rebuild. */
  updateStock(stockVersion: string, rows: (StockRow & { id: number })[]): void {
    updateStockFlags(this.items, this.idOrder, this.lowStock, rows);
    this.stockVersion = stockVersion;
  }

  /**
   * Item positions of a category (with descendants), in the given order; empty when it has none.
   * `position` is a collection's curated order (a tree category has none: newest first).
   */
  categoryMembers(categoryNum: number, sort: ListingSort): Uint32Array {
    return categoryMembers(this, categoryNum, sort);
  }

  /** The positions [lo, hi) a category's members fill, or null when they are not one range. */
  categoryRange(categoryNum: number): { lo: number; hi: number } | null {
    return categoryRange(this, categoryNum);
  }

  categoryDistincts(categoryNum: number): DistinctLists {
    return this.categoryDistinctsOnce(categoryNum).lists;
  }

  /** A category's distinct lists, counted and serialised on first use. */
  categoryDistinctsOnce(categoryNum: number): Distincts {
    return categoryDistinctsOnce(this, categoryNum);
  }

  /** Every facet value present among the given items, with how many of them carry it. */
  distincts(positions: ArrayLike<number>): DistinctLists {
    return countDistincts(this, positions).lists;
  }

  /** True when the facet value is carried by an active item. */
  hasFacetValue(kind: FacetKind, link: string): boolean {
    return this.facets.idOf(kind, link) !== undefined;
  }

  /**
   * One page of the positions (in their order) that pass every filter (values OR within a
   * filter, AND across filters), with the total that pass.
   */
  page(positions: ArrayLike<number>, filters: ActiveFilter[], offset: number, limit: number): { page: IndexedItem[]; total: number } {
    return positionsPage(this, positions, filters, offset, limit);
  }

  /**
   * One page of a category's items that pass the filters: the AND of each filter's bitset over
   * the category's span of words (and of the category's own bitset, where its members are not
   * one range) gives the total; the page is then found by walking the category's members in the
   * sort order (matches are common) or by sorting the few matches by rank.
   */
  categoryPage(categoryNum: number, sort: ListingSort, filters: ActiveFilter[], offset: number, limit: number): { page: IndexedItem[]; total: number } {
    return categoryPage(this, categoryNum, sort, filters, offset, limit);
  }
}
