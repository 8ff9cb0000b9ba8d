import type { PriceView } from './pricing/price-book';
import type { PriceBreak } from './pricing/unit-price';
import type { Category, ListingSort, ListItem, SortKey } from '../../contract/catalogue';
import type { CategoryTable, FacetKind, ItemTable } from './tables';
import { LowStockTable } from '../stock/low-stock';
import { collationOrder, collator, inverse } from './collation';
import { type DistinctLists, type Distincts, FACET_KINDS, FacetTable, firstAtLeast, popcount } from './facet-table';
import { NONE, type Runs, runNow, runsOf, shiftBits, Spares, STEP, type Steps } from './sliced';

export { type DistinctLists, type Distincts, FACET_KINDS } from './facet-table';

/**
 * The catalogue's read path, held in memory and built from the database (the source of truth).
 * Items are numbered depth-first by category, so a tree category with its descendants is one
 * range of positions. A filtered listing is an AND of bitsets (one per filter; the category's
 * own only where it is not a range, as for NV collections) over the category's span of words,
 * then a short walk of the category's pre-sorted members or a sort of the few matches; the
 * distinct lists are counted and serialised once per category. Per item only one small object
 * is kept; facet links, postings and sort orders are typed arrays, so half a million items fit
 * in a few hundred megabytes and build in seconds (docs/decisions/0002-catalogue-read-index.md).
 */

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

/** Items and facets fed to a builder a window at a time (the database load). */
export interface LoadedSource {
  categories: CategoryRow[];
  nvMemberships: NvMembership[];
  items: CatalogueBuilder;
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

/** Memory the cached category bitsets of one index may hold. */
const CATEGORY_BITS_BYTES = 32 * 1024 * 1024;
/** Below this share of the category, matches are collected and sorted instead of walked. */
const FEW = 16;

const cents = (c: number) => Math.round(c) / 100;

const NO_BREAKS: readonly PriceBreak[] = Object.freeze([]);

/** What items read their facet links through: the index's current table, and where an item is now. */
interface FacetHolder {
  facets: FacetTable | null;
  positionOf(id: number): number;
}

/**
 * One active item: its list fields. Facet links are read from the index's shared table. Code,
 * title and picture are cut from one string per load window (`ItemRow`s added together), so the
 * index holds two objects per item (this and its number, the key of `byNum`) instead of five:
 * V8's full collections mark every live object, and half a million items made them take
 * hundreds of milliseconds (docs/decisions/0002-catalogue-read-index.md).
 */
export class IndexedItem {
  readonly id: number;
  readonly num: string;
  readonly categoryNum: number;
  readonly logo: string;
  readonly srpCents: number;
  readonly priceCents: number;
  readonly caseQty: number;
  /** Sold only in multiples of this (the cart rounds up to it); 1: any quantity. */
  readonly orderMultiple: number;
  /** Quantity breaks, lowest quantity first (most items: the one shared empty list). */
  readonly breaks: readonly PriceBreak[];
  readonly isNew: boolean;
  inWest: boolean;
  inEast: boolean;
  readonly colorFamily: string;
  readonly colorGroup: string;
  /** The window's text; this item's code, title, picture and creation time are text[start, codeEnd, titleEnd, pictureEnd, createdEnd). */
  private readonly text: string;
  private readonly start: number;
  private readonly codeEnd: number;
  private readonly titleEnd: number;
  private readonly pictureEnd: number;
  private readonly createdEnd: number;

  constructor(
    private readonly table: FacetHolder,
    /**
     * Its position in the index when this object was placed (by the build's depth-first numbering,
     * a patch or a shift). Items taken out or put in before it move it without a write here: ask
     * the index (`positionOfId`) for where an item is now.
     */
    public idx: number,
    r: ItemRow,
    intern: (s: string) => string,
    text: { text: string; at: number },
  ) {
    this.id = r.id;
    this.num = r.num;
    this.categoryNum = r.category_num;
    this.logo = intern(r.logo);
    this.srpCents = r.srp_cents;
    this.priceCents = r.price_cents;
    this.caseQty = r.case_qty;
    this.orderMultiple = r.order_multiple ?? 1;
    this.breaks = r.breaks && r.breaks.length > 0 ? r.breaks : NO_BREAKS;
    this.isNew = r.is_new === 1;
    this.inWest = r.qty_fr - r.reserve_fr > 0;
    this.inEast = r.qty_fh - r.reserve_fh > 0;
    this.colorFamily = intern(r.color_family);
    this.colorGroup = intern(r.color_group);
    this.text = text.text;
    this.start = text.at;
    this.codeEnd = this.start + r.code.length;
    this.titleEnd = this.codeEnd + r.web_title.length;
    this.pictureEnd = this.titleEnd + r.picture.length;
    this.createdEnd = this.pictureEnd + r.created_at.length;
    text.at = this.createdEnd;
  }

  get code(): string {
    return this.text.slice(this.start, this.codeEnd);
  }

  get title(): string {
    return this.text.slice(this.codeEnd, this.titleEnd);
  }

  get picture(): string {
    return this.text.slice(this.titleEnd, this.pictureEnd);
  }

  /** When it was created (the newest-first order's key, compared as text, as the build sorts). */
  get createdAt(): string {
    return this.text.slice(this.pictureEnd, this.createdEnd);
  }

  /** Facet links by kind (for poscat the poscatNum), in the order the database gave them. */
  get facets(): Record<FacetKind, string[]> {
    return this.table.facets!.linksOf(this.table.positionOf(this.id));
  }
}

/**
 * Collects items (in ascending id order) and their facet links, a window at a time, so the
 * database rows of half a million items never need to be in memory together.
 */
export class CatalogueBuilder {
  readonly items: IndexedItem[] = [];
  readonly createdAt: string[] = [];
  /** Filled in when the index is built; items read their facets through it. */
  readonly shared: FacetHolder = { facets: null, positionOf: () => -1 };
  /** The dashboard's low stock, filled as items arrive (stock/low-stock.ts). */
  readonly lowStock = new LowStockTable();
  private readonly strings = new Map<string, string>();
  private readonly valueIds = new Map<FacetKind, Map<string, number>>(FACET_KINDS.map((k) => [k, new Map()]));
  readonly values: { kind: FacetKind; link: string; name: string }[] = [];
  /** (position, value id) pairs in row order. */
  readonly pairs: { pos: Uint32Array; value: Uint32Array; length: number } = { pos: new Uint32Array(1024), value: new Uint32Array(1024), length: 0 };
  private lastId = -Infinity;

  /** Repeated short strings (logos, colour families and groups) are kept once. */
  private readonly intern = (s: string): string => {
    const kept = this.strings.get(s);
    if (kept !== undefined) return kept;
    this.strings.set(s, s);
    return s;
  };

  addItems(rows: ItemRow[]): void {
    // One flat string for the window's codes, titles and pictures (join makes it flat, not a rope).
    const text = { text: rows.map((r) => r.code + r.web_title + r.picture + r.created_at).join(''), at: 0 };
    for (const r of rows) {
      if (r.id <= this.lastId) throw new Error('CatalogueBuilder: items must come in ascending id order');
      this.lastId = r.id;
      const item = new IndexedItem(this.shared, this.items.length, r, this.intern, text);
      this.items.push(item);
      this.lowStock.note(item, r.qty_fr - r.reserve_fr, r.qty_fh - r.reserve_fh);
      this.createdAt.push(r.created_at);
    }
  }

  /** Facet links of items already added; links of other items (inactive ones) are skipped. */
  addFacets(rows: FacetRow[]): void {
    const pairs = this.pairs;
    for (const f of rows) {
      const pos = this.positionOf(f.item_id);
      if (pos === -1) continue;
      const ids = this.valueIds.get(f.kind)!;
      let id = ids.get(f.link);
      if (id === undefined) {
        ids.set(f.link, (id = this.values.length));
        this.values.push({ kind: f.kind, link: f.link, name: f.name });
      }
      // The last name read for a value is its name (the names of one link normally agree).
      this.values[id]!.name = f.name;
      if (pairs.length === pairs.pos.length) {
        pairs.pos = grow(pairs.pos);
        pairs.value = grow(pairs.value);
      }
      pairs.pos[pairs.length] = pos;
      pairs.value[pairs.length++] = id;
    }
  }

  private positionOf(id: number): number {
    const items = this.items;
    let lo = 0;
    let hi = items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (items[mid]!.id < id) lo = mid + 1;
      else hi = mid;
    }
    return lo < items.length && items[lo]!.id === id ? lo : -1;
  }
}

/** A category's members in each sort order; a collection's also in its curated order, with each entry's place in it. */
type Members = Record<SortKey, Uint32Array> & { position?: Uint32Array; positionAt?: Float64Array };

/** A category's positions: [lo, hi) holds all its members, and only them when `range`. */
interface Span {
  lo: number;
  hi: number;
  range: boolean;
}

export class CatalogueIndex {
  /** Items by position: depth-first by category (see `idOrder`). */
  items: IndexedItem[];
  /** Positions of the items in ascending id order (the order the builder received them). */
  idOrder: Uint32Array;
  readonly byNum = new Map<string, IndexedItem>();
  readonly categories = new Map<number, IndexedCategory>();
  /** Names of facet values: kind → link → name. */
  readonly facetNames = new Map<FacetKind, Map<string, string>>();
  facets: FacetTable;
  /** What every item reads its facet links through (`IndexedItem.facets`): the current table. */
  private readonly facetHolder: FacetHolder;
  /** Items of one product in other colours, in id order. */
  readonly colorGroups: { get(group: string): IndexedItem[] | undefined };
  private groups: ColorGroups;
  /** Each category's place in the depth-first order (items of unknown categories come last). */
  private readonly preorder = new Map<number, number>();
  /** Each category's own number and its ancestors'. */
  private readonly chains = new Map<number, number[]>();

  /** Rank of each item position in each sort order, and the positions in each order. */
  readonly rank: Record<SortKey, Uint32Array>;
  readonly order: Record<SortKey, Uint32Array>;
  /**
   * Item positions per category (own and descendants'), pre-sorted for each sort key; a
   * collection's also in its curated order (`position`).
   */
  private readonly members = new Map<number, Members>();
  /** Where each category's members lie among the positions. */
  private readonly spans = new Map<number, Span>();
  private readonly distinctCache = new Map<number, { distincts: Distincts; counts: Uint32Array }>();
  /**
   * The title orders an edit writes into: the ones the edit before it replaced (or new ones). An
   * edit allocates nothing big, so it sets off no full garbage collection (as SearchIndex.spare).
   */
  private readonly spareTitles: { order?: Uint32Array; rank?: Uint32Array; members: Map<number, Uint32Array> } = { members: new Map() };
  /** The arrays the last shift replaced, for the next to write into (`planShift`). */
  private readonly spares = new Spares();
  private spareItems: IndexedItem[] | null = null;
  /** Scratch marks over positions (the retitled items); all zero between edits. */
  private marks: Uint8Array | null = null;
  /** 32-bit words of a bitset over all item positions. */
  private words: number;
  /** Bitsets of values carried by at least 1 item in 32 (no bigger than their postings). */
  private denseBits = new Map<number, Uint32Array>();
  /** Per kind, the items carrying any value of it (the filter value `all`). */
  private anyBits = new Map<FacetKind, Uint32Array>();
  private readonly categoryBitsCache = new Map<number, Uint32Array>();
  /** Scratch bitsets: one per filter of a query, and the result; all zero between calls except `result`. */
  private readonly scratch: Uint32Array[] = [];
  private result: Uint32Array;

  catalogueVersion: string;
  stockVersion: string;
  /** The catalogue change sequence whose item edits the index shows (`patchItems`). */
  changeSeq: string;
  /** Active items with few units available, kept fresh by `updateStock`. */
  readonly lowStock: LowStockTable;

  constructor(versions: { catalogue: string; stock: string; changes?: string }, source: IndexSource | LoadedSource) {
    this.catalogueVersion = versions.catalogue;
    this.stockVersion = versions.stock;
    this.changeSeq = versions.changes ?? '0';
    const built = source.items instanceof CatalogueBuilder ? source.items : fromRows(source as IndexSource);
    const byId = built.items;
    this.lowStock = built.lowStock;
    const n = byId.length;
    this.loadCategories(source.categories);

    // Depth-first numbering: position of the k-th item by id.
    const place = (this.idOrder = this.depthFirstPlaces(byId));
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
    this.nameFacets();
    for (const item of byId) this.byNum.set(item.num, item);

    this.words = (n + 31) >>> 5;
    this.result = new Uint32Array(this.words);
    runNow(this.filterBitsOf(this.facets, n, this.denseBits, this.anyBits));

    this.groups = runNow(ColorGroups.of(this.idOrder, this.items));
    this.colorGroups = { get: (group) => this.groups.get(group, this.items) };

    // Sort orders, worked out in id order (ties fall as they always did): by number, then title
    // (ties by number), then newest first (ties by number); then carried over to positions.
    const numOrder = collationOrder(byId.map((it) => it.num));
    const numRank = inverse(numOrder);
    const titleOrder = collationOrder(
      byId.map((it) => it.title),
      numRank,
    );
    const created = built.createdAt;
    const dateOrder = numOrder.slice().sort((a, b) => (created[a]! < created[b]! ? 1 : created[a]! > created[b]! ? -1 : numRank[a]! - numRank[b]!));
    built.createdAt.length = 0;
    const placed = (order: Uint32Array) => {
      for (let i = 0; i < order.length; i++) order[i] = place[order[i]!]!;
      return order;
    };
    this.order = { date: placed(dateOrder), num: placed(numOrder), title: placed(titleOrder) };
    this.rank = { date: inverse(this.order.date), num: inverse(this.order.num), title: inverse(this.order.title) };
    this.buildMembers(source.nvMemberships, byId);
  }

  /** The names of the facet values (`facetNames`), from the current table. */
  private nameFacets(): void {
    for (let v = 0; v < this.facets.size; v++) this.facetNames.get(this.facets.kind[v]!)!.set(this.facets.link[v]!, this.facets.name[v]!);
  }

  /**
   * `filterBitsOf` after a shift: the bitsets kept moved through the runs (a word at a time), with
   * the bits of the items put in set; a value that becomes common is filled from its postings.
   */
  private *shiftedFilterBits(facets: FacetTable, n: number, runs: Runs, placed: IndexedItem[], dense: Map<number, Uint32Array>, any: Map<FacetKind, Uint32Array>): Steps<void> {
    const words = (n + 31) >>> 5;
    const moved = (key: string, old: Uint32Array, has: (v: number) => boolean) => {
      const bits = this.spares.u32(key, words);
      shiftBits(old, bits, runs);
      for (const it of placed) if (Array.prototype.some.call(facets.valuesOf(it.idx), has)) bits[it.idx >>> 5]! |= 1 << (it.idx & 31);
      return bits;
    };
    for (let v = 0; v < facets.size; v++) {
      const count = facets.valueStart[v + 1]! - facets.valueStart[v]!;
      if (count === 0 || count * 32 < n) continue;
      const old = this.denseBits.get(v);
      dense.set(v, old ? moved(`dense.${v}`, old, (x) => x === v) : bitsOf(words, facets.positions.subarray(facets.valueStart[v], facets.valueStart[v + 1])));
      yield;
    }
    for (const kind of FACET_KINDS) {
      any.set(kind, moved(`any.${kind}`, this.anyBits.get(kind)!, (x) => facets.kind[x] === kind));
      yield;
    }
  }

  /** The bitsets of common values and of each kind's `all`, filled from a table's postings over n items. */
  private *filterBitsOf(facets: FacetTable, n: number, dense: Map<number, Uint32Array>, any: Map<FacetKind, Uint32Array>): Steps<void> {
    const words = (n + 31) >>> 5;
    for (let v = 0; v < facets.size; v++) {
      const from = facets.valueStart[v]!;
      const to = facets.valueStart[v + 1]!;
      if (to > from && (to - from) * 32 >= n) dense.set(v, bitsOf(words, facets.positions.subarray(from, to)));
    }
    yield;
    for (const kind of FACET_KINDS) {
      const bits = new Uint32Array(words);
      for (const v of facets.idsOfKind(kind)) {
        orPostings(bits, facets, v, 0, n);
        yield;
      }
      any.set(kind, bits);
    }
  }

  private loadCategories(rows: CategoryRow[]): void {
    for (const c of rows) {
      this.categories.set(c.num, {
        num: c.num,
        description: c.description,
        parentNum: c.parent_num,
        parentOnly: false,
        logo: c.logo,
        beCat: c.be_cat,
        seoTitle: c.seo_title ?? '',
        seoDescription: c.seo_description ?? '',
        kind: c.kind,
        children: [],
      });
    }
    for (const c of this.categories.values()) {
      const parent = c.kind === 'tree' && c.parentNum !== 0 ? this.categories.get(c.parentNum) : undefined;
      if (parent) {
        parent.children.push(c.num);
        parent.parentOnly = true;
      }
    }
  }

  /**
   * Positions for the items (given in id order): grouped by category, categories in depth-first
   * order of the parent links (the links category membership follows), so each category's
   * subtree is one range; items of unknown categories last; id order within a category.
   */
  private depthFirstPlaces(byId: IndexedItem[]): Uint32Array {
    const below = new Map<number, number[]>();
    const roots: number[] = [];
    for (const c of this.categories.values()) {
      const parent = c.parentNum ? this.categories.get(c.parentNum) : undefined;
      if (parent && parent.num !== c.num) {
        const list = below.get(parent.num);
        if (list) list.push(c.num);
        else below.set(parent.num, [c.num]);
      } else {
        roots.push(c.num);
      }
    }
    const preorder = this.preorder;
    const visit = (root: number) => {
      const stack = [root];
      while (stack.length > 0) {
        const num = stack.pop()!;
        if (preorder.has(num)) continue;
        preorder.set(num, preorder.size);
        const kids = below.get(num);
        if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
      }
    };
    for (const r of roots) visit(r);
    // Categories on a loop of parent links have no root; their order does not matter.
    for (const num of this.categories.keys()) visit(num);
    const groups = preorder.size + 1;
    const groupOf = (it: IndexedItem) => preorder.get(it.categoryNum) ?? groups - 1;
    const start = new Uint32Array(groups + 1);
    for (const it of byId) start[groupOf(it) + 1]!++;
    for (let g = 0; g < groups; g++) start[g + 1]! += start[g]!;
    const place = new Uint32Array(byId.length);
    for (let k = 0; k < byId.length; k++) place[k] = start[groupOf(byId[k]!)]!++;
    return place;
  }

  /** Which categories each item belongs to: its own, every ancestor, and its NV collections. */
  private buildMembers(nvMemberships: NvMembership[], byId: IndexedItem[]): void {
    const chainOf = (num: number) => this.chainOf(num);
    const nv = new Map<number, number[]>();
    const ids = Float64Array.from(byId, (it) => it.id);
    // Each collection's listed items in its curated order (ties by item id, as the editor shows them).
    const curated = new Map<number, { at: number; id: number; pos: number }[]>();
    for (const m of nvMemberships) {
      const k = lowerBound(ids, m.item_id);
      if (ids[k] !== m.item_id || !this.categories.has(m.category_num)) continue;
      const pos = this.idOrder[k]!;
      const list = nv.get(pos) ?? [];
      if (list.includes(m.category_num)) continue;
      list.push(m.category_num);
      nv.set(pos, list);
      let entries = curated.get(m.category_num);
      if (!entries) curated.set(m.category_num, (entries = []));
      entries.push({ at: m.position ?? 0, id: m.item_id, pos });
    }
    const sizes = new Map<number, number>();
    for (let p = 0; p < this.items.length; p++) {
      for (const cat of chainOf(this.items[p]!.categoryNum)) sizes.set(cat, (sizes.get(cat) ?? 0) + 1);
      for (const cat of nv.get(p) ?? []) sizes.set(cat, (sizes.get(cat) ?? 0) + 1);
    }
    for (const [cat, size] of sizes) this.members.set(cat, { date: new Uint32Array(size), num: new Uint32Array(size), title: new Uint32Array(size) });
    for (const key of ['date', 'num', 'title'] as const) {
      const fill = new Map<number, number>();
      for (const p of this.order[key]) {
        const add = (cat: number) => {
          const k = fill.get(cat) ?? 0;
          this.members.get(cat)![key][k] = p;
          fill.set(cat, k + 1);
        };
        for (const cat of chainOf(this.items[p]!.categoryNum)) add(cat);
        for (const cat of nv.get(p) ?? []) add(cat);
      }
    }
    for (const [cat, entries] of curated) {
      entries.sort((a, b) => a.at - b.at || a.id - b.id);
      const of = this.members.get(cat)!;
      of.position = Uint32Array.from(entries, (e) => e.pos);
      of.positionAt = Float64Array.from(entries, (e) => e.at);
    }
    for (const [cat, { date }] of this.members) this.spans.set(cat, spanOf(date));
  }

  /** A category's own number and its ancestors' (through the parent links). */
  private chainOf(num: number): number[] {
    let chain = this.chains.get(num);
    if (!chain) {
      chain = [];
      for (let c = this.categories.get(num); c && !chain.includes(c.num); c = c.parentNum ? this.categories.get(c.parentNum) : undefined) chain.push(c.num);
      this.chains.set(num, chain);
    }
    return chain;
  }

  /** The position of the item with this id, or -1 when the index does not hold it. */
  positionOfId(id: number): number {
    const order = this.idOrder;
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.items[order[mid]!]!.id < id) lo = mid + 1;
      else hi = mid;
    }
    return lo < order.length && this.items[order[lo]!]!.id === id ? order[lo]! : -1;
  }

  /** An item object for a row laid over (or put into) the index at position `pos`. */
  private itemOf(pos: number, r: ItemRow): IndexedItem {
    return new IndexedItem(this.facetHolder, pos, r, (x) => x, { text: r.code + r.web_title + r.picture + r.created_at, at: 0 });
  }

  /** Scratch marks over the positions, all zero, at least n long. */
  private marksFor(n: number): Uint8Array {
    if (!this.marks || this.marks.length < n) this.marks = new Uint8Array(n);
    return this.marks;
  }

  /**
   * Items taken out of the index (`removeIds`: hidden, discontinued, deleted) and put in (a new
   * item, one shown again, or one whose category, facets, colour group or collections changed,
   * which is taken out first), without a rebuild (docs/decisions/0020, "positions shift"). Items
   * keep the depth-first numbering by category, so every later position moves: every array that
   * holds positions is written again through one increasing map of old to new positions, with
   * the items put in placed where a fresh build would put them (sort orders, category members,
   * facet postings, colour groups). The steps write new arrays and leave the index as it is (so
   * they may run sliced); the plan's `commit` puts them in place at once.
   */
  *planShift(removeIds: number[], insert: PlacedItem[]): Steps<ShiftPlan> {
    const ids = new Set([...removeIds, ...insert.map((x) => x.row.id)]);
    const removed = [...ids].map((id) => this.positionOfId(id)).filter((p) => p >= 0).sort((a, b) => a - b);
    return yield* this.marking(removed, (out) => this.planShiftMarked(removed, insert, out));
  }

  /** Runs `work` with `positions` set in the scratch marks, which are all zero again after, whatever happens. */
  private *marking<T>(positions: number[], work: (marks: Uint8Array) => Steps<T>): Steps<T> {
    const out = this.marksFor(this.items.length);
    for (const p of positions) out[p] = 1;
    try {
      return yield* work(out);
    } finally {
      for (const p of positions) out[p] = 0;
    }
  }

  private *planShiftMarked(removed: number[], insert: PlacedItem[], out: Uint8Array): Steps<ShiftPlan> {
    const n = this.items.length;
    const groupOf = (cat: number) => this.preorder.get(cat) ?? this.preorder.size;
    // Each item put in goes before the first old item of a later (category group, id).
    const adds = insert
      .map((x, i) => {
        const g = groupOf(x.row.category_num);
        let lo = 0;
        let hi = n;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          const it = this.items[mid]!;
          const gm = groupOf(it.categoryNum);
          if (gm < g || (gm === g && it.id < x.row.id)) lo = mid + 1;
          else hi = mid;
        }
        return { i, at: lo, g, id: x.row.id, pos: 0 };
      })
      .sort((a, b) => a.at - b.at || a.g - b.g || a.id - b.id);
    const spares = this.spares;
    const map = spares.u32('map', n);
    const walk = { p: 0, a: 0, k: 0 };
    const runs: Runs = { from: [], to: [], delta: [] };
    while (walk.p < n) {
      const p = walk.p;
      fillMap(map, out, adds, walk, STEP);
      runsOf(map, p, walk.p, runs);
      yield;
    }
    while (walk.a < adds.length) adds[walk.a++]!.pos = walk.k++;
    const n2 = walk.k;
    const first = Math.min(removed[0] ?? n, adds[0]?.at ?? n);
    const placed = adds.map((a) => this.itemOf(a.pos, insert[a.i]!.row));

    const items = this.spareItems ?? new Array<IndexedItem>(n2);
    this.spareItems = null;
    items.length = n2;
    for (let p = 0; p < n; p += STEP) {
      moveItems(items, this.items, map, p, Math.min(n, p + STEP));
      yield;
    }
    for (const it of placed) items[it.idx] = it;
    const byId = [...placed].sort((a, b) => a.id - b.id);
    const idOrder = yield* movedInto(
      this.idOrder,
      spares.u32('idOrder', n2),
      { map },
      byId.map((it) => ({ p: it.idx, at: firstKept(this.idOrder, out, (q) => it.id < this.items[q]!.id) })),
      (a, b) => items[a]!.id < items[b]!.id,
    );

    // Sort orders in the new positions: by number first, whose ranks break the others' ties.
    const cmp: Record<SortKey, (a: number, b: number) => number> = {
      num: (a, b) => compareText(items[a]!.num, items[b]!.num) || items[a]!.id - items[b]!.id,
      title: (a, b) => compareText(items[a]!.title, items[b]!.title) || rank.num[a]! - rank.num[b]!,
      date: (a, b) => compareDates(items[b]!.createdAt, items[a]!.createdAt) || rank.num[a]! - rank.num[b]!,
    };
    const order = {} as Record<SortKey, Uint32Array>;
    const rank = {} as Record<SortKey, Uint32Array>;
    for (const key of ['num', 'title', 'date'] as const) {
      const old = this.order[key];
      const before = cmp[key];
      const places = placed.map((it) => ({ p: it.idx, at: firstKept(old, out, (q) => before(it.idx, map[q]!) < 0) }));
      order[key] = yield* movedInto(old, spares.u32(`order.${key}`, n2), { map }, places, (a, b) => before(a, b) < 0);
      rank[key] = spares.u32(`rank.${key}`, n2);
      for (let i = 0; i < n2; i += STEP) {
        invertInto(rank[key], order[key], i, Math.min(n2, i + STEP));
        yield;
      }
    }

    // Category members: each list moved through the map, the items put in placed by rank.
    const gains = new Map<number, number[]>();
    const curated = new Map<number, { p: number; at: number; id: number }[]>();
    placed.forEach((it, j) => {
      const cats = new Set(this.chainOf(it.categoryNum));
      for (const m of insert[adds[j]!.i]!.collections) {
        if (!this.categories.has(m.category_num) || cats.has(m.category_num)) continue;
        cats.add(m.category_num);
        const list = curated.get(m.category_num) ?? [];
        list.push({ p: it.idx, at: m.position, id: it.id });
        curated.set(m.category_num, list);
      }
      for (const cat of cats) gains.set(cat, [...(gains.get(cat) ?? []), it.idx]);
    });
    const members = new Map<number, Members | null>();
    const spans = new Map<number, Span>();
    const touched = new Set<number>();
    for (const cat of new Set([...this.members.keys(), ...gains.keys()])) {
      const had = this.members.get(cat);
      const span = this.spans.get(cat);
      const joining = gains.get(cat) ?? [];
      if (had && span && span.hi <= first && joining.length === 0) continue;
      const lists = {} as Members;
      let lost = false;
      for (const key of ['date', 'num', 'title'] as const) {
        const old = had?.[key] ?? new Uint32Array(0);
        const places = joining.map((p) => ({ p, at: firstKept(old, out, (q) => rank[key][p]! < rank[key][map[q]!]!) }));
        lists[key] = yield* movedInto(old, spares.u32(`members.${cat}.${key}`, old.length + joining.length), { map }, places, (a, b) => rank[key][a]! < rank[key][b]!);
        lost ||= lists[key].length < old.length + joining.length;
      }
      if (had?.position || curated.has(cat)) {
        const entries: { p: number; at: number; id: number }[] = [];
        had?.position?.forEach((q, j) => {
          if (map[q] !== NONE) entries.push({ p: map[q]!, at: had.positionAt![j]!, id: this.items[q]!.id });
        });
        entries.push(...(curated.get(cat) ?? []));
        entries.sort((a, b) => a.at - b.at || a.id - b.id);
        lists.position = Uint32Array.from(entries, (e) => e.p);
        lists.positionAt = Float64Array.from(entries, (e) => e.at);
      }
      members.set(cat, lists.date.length === 0 ? null : lists);
      if (lists.date.length > 0) spans.set(cat, spanOf(lists.date));
      if (lost || joining.length > 0) touched.add(cat);
      yield;
    }
    const facets = yield* this.facets.shifted(
      n2,
      map,
      runs,
      adds.map((a) => ({ pos: a.pos, values: insert[a.i]!.facets })),
      spares,
    );
    // The distinct lists of the categories whose members changed: their kept counts less the
    // values of the items taken out (the table before), plus those of the items put in (after).
    const distincts = new Map<number, { distincts: Distincts; counts: Uint32Array }>();
    const losses = new Map<number, number[]>();
    for (const p of removed) {
      const cats = new Set(this.chainOf(this.items[p]!.categoryNum));
      for (const [cat, m] of this.members) if (m.position?.includes(p)) cats.add(cat);
      for (const cat of cats) losses.set(cat, [...(losses.get(cat) ?? []), p]);
    }
    for (const cat of touched) {
      const kept = this.distinctCache.get(cat);
      if (!members.get(cat) || !kept) continue;
      const counts = new Uint32Array(facets.size);
      counts.set(kept.counts);
      for (const p of losses.get(cat) ?? []) for (const v of Array.from(this.facets.valuesOf(p))) counts[v]!--;
      for (const p of gains.get(cat) ?? []) for (const v of Array.from(facets.valuesOf(p))) counts[v]!++;
      distincts.set(cat, { distincts: facets.lists(counts), counts });
      yield;
    }
    const dense = new Map<number, Uint32Array>();
    const any = new Map<FacetKind, Uint32Array>();
    yield* this.shiftedFilterBits(facets, n2, runs, placed, dense, any);
    const groups = yield* this.groups.shifted(map, placed, items, spares);

    const byPosition = (byCategory: Map<number, number[]>) => {
      const out = new Map<number, number[]>();
      for (const [cat, positions] of byCategory) for (const p of positions) out.set(p, [...(out.get(p) ?? []), cat]);
      return out;
    };
    return {
      map,
      runs,
      n: n2,
      removed,
      places: { before: byPosition(losses), after: byPosition(gains), facets },
      inserted: insert.map((_, i) => placed[adds.findIndex((a) => a.i === i)]!.idx),
      commit: (changeSeq) => {
        for (const p of removed) {
          this.byNum.delete(this.items[p]!.num);
          this.lowStock.forget(this.items[p]!.num);
        }
        placed.forEach((it, j) => {
          const r = insert[adds[j]!.i]!.row;
          this.byNum.set(it.num, it);
          this.lowStock.note(it, r.qty_fr - r.reserve_fr, r.qty_fh - r.reserve_fh);
        });
        // What this replaces is written into by the next shift.
        this.spareItems = this.items;
        spares.give('map', map);
        spares.give('idOrder', this.idOrder);
        for (const key of ['date', 'num', 'title'] as const) {
          spares.give(`order.${key}`, this.order[key]);
          spares.give(`rank.${key}`, this.rank[key]);
        }
        for (const cat of members.keys()) for (const key of ['date', 'num', 'title'] as const) spares.give(`members.${cat}.${key}`, this.members.get(cat)?.[key]);
        this.facets.giveTo(spares);
        for (const [v, bits] of this.denseBits) spares.give(`dense.${v}`, bits);
        for (const [kind, bits] of this.anyBits) spares.give(`any.${kind}`, bits);
        this.groups.giveTo(spares);
        this.items = items;
        this.idOrder = idOrder;
        this.facets = facets;
        this.facetHolder.facets = facets;
        this.nameFacets();
        this.denseBits = dense;
        this.anyBits = any;
        this.groups = groups;
        Object.assign(this.order, order);
        Object.assign(this.rank, rank);
        for (const [cat, lists] of members) {
          if (lists) {
            this.members.set(cat, lists);
            this.spans.set(cat, spans.get(cat)!);
          } else {
            this.members.delete(cat);
            this.spans.delete(cat);
          }
        }
        for (const cat of touched) this.distinctCache.delete(cat);
        for (const [cat, d] of distincts) this.distinctCache.set(cat, d);
        this.categoryBitsCache.clear();
        this.words = (n2 + 31) >>> 5;
        if (this.result.length < this.words) {
          this.result = new Uint32Array(this.words + (this.words >>> 6) + 64);
          this.scratch.length = 0;
        }
        // The title edit's spare arrays are of the old length.
        this.spareTitles.order = undefined;
        this.spareTitles.rank = undefined;
        this.spareTitles.members.clear();
        this.changeSeq = changeSeq;
      },
    };
  }

  /** Changes whenever anything a catalogue answer shows changes: the ETag of catalogue GETs. */
  get version(): string {
    return `${this.catalogueVersion}.${this.stockVersion}.${this.changeSeq}`;
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

  /**
   * `patchItems` in two parts: the steps work out the new title orders without changing the
   * index (so they may run sliced, requests answered between slices: catalogue/sliced.ts), and
   * `commit` then lays everything over the index in one synchronous step, so no request sees
   * half an edit. Nothing else may change the index between the two.
   */
  *planPatch(rows: ItemRow[]): Steps<PatchPlan | null> {
    const patched: IndexedItem[] = [];
    const retitled: number[] = [];
    for (const r of rows) {
      const old = this.byNum.get(r.num);
      if (!old) continue;
      if (old.id !== r.id || old.categoryNum !== r.category_num || old.colorGroup !== r.color_group) return null;
      const pos = this.positionOfId(old.id);
      patched.push(this.itemOf(pos, r));
      if (old.title !== r.web_title) retitled.push(pos);
    }
    const titles = retitled.length > 0 ? yield* this.titleOrders(retitled, new Map(patched.map((it) => [it.idx, it.title]))) : null;
    const spare = this.spareTitles;
    return {
      positions: patched.map((it) => it.idx),
      retitled: retitled.length > 0,
      commit: (changeSeq) => {
        for (const item of patched) {
          this.items[item.idx] = item;
          this.byNum.set(item.num, item);
          this.lowStock.replace(item);
        }
        if (titles) {
          spare.order = this.order.title;
          spare.rank = this.rank.title;
          this.order.title = titles.order;
          this.rank.title = titles.rank;
          for (const [cat, members] of titles.members) {
            const of = this.members.get(cat)!;
            spare.members.set(cat, of.title);
            of.title = members;
          }
        }
        this.changeSeq = changeSeq;
      },
    };
  }

  /**
   * The title order, its inverse and the title order of every category holding them, with the
   * positions `moved` where their new titles (`newTitle`) sort; ties by number, as in the build.
   * New arrays: the index's are left as they are. Each moved position's place among the others
   * (which stay in order) is found by a binary search, and each array is then copied once with
   * the moved positions dropped and put back at their places.
   */
  private *titleOrders(moved: number[], newTitle: Map<number, string>): Steps<{ order: Uint32Array; rank: Uint32Array; members: Map<number, Uint32Array> }> {
    return yield* this.marking(moved, (out) => this.titleOrdersMarked(moved, newTitle, out));
  }

  private *titleOrdersMarked(moved: number[], newTitle: Map<number, string>, out: Uint8Array): Steps<{ order: Uint32Array; rank: Uint32Array; members: Map<number, Uint32Array> }> {
    const n = this.items.length;
    const spare = this.spareTitles;
    const numRank = this.rank.num;
    const titleOf = (q: number) => (out[q] ? newTitle.get(q)! : this.items[q]!.title);
    const sortsBefore = (a: number, b: number) => {
      const ta = titleOf(a);
      const tb = titleOf(b);
      const c = ta === tb ? 0 : collator.compare(ta, tb);
      return c < 0 || (c === 0 && numRank[a]! < numRank[b]!);
    };
    const old = this.order.title;
    const order = yield* movedInto(
      old,
      spare.order ?? new Uint32Array(n),
      { marked: out },
      moved.map((p) => ({ p, at: firstKept(old, out, (q) => !sortsBefore(q, p)) })),
      sortsBefore,
    );
    const rank = spare.rank ?? new Uint32Array(n);
    for (let i = 0; i < n; i += STEP) {
      invertInto(rank, order, i, Math.min(n, i + STEP));
      yield;
    }
    const members = new Map<number, Uint32Array>();
    for (const [cat, { title: list }] of this.members) {
      const span = this.spans.get(cat)!;
      // A tree category is one range of positions; an NV collection is searched.
      const had = span.range ? moved.filter((p) => p >= span.lo && p < span.hi) : moved.filter((p) => list.includes(p));
      yield;
      if (had.length === 0) continue;
      const places = had.map((p) => ({ p, at: firstKept(list, out, (q) => rank[q]! > rank[p]!) }));
      members.set(cat, yield* movedInto(list, spare.members.get(cat) ?? new Uint32Array(list.length), { marked: out }, places, (a, b) => rank[a]! < rank[b]!));
    }
    return { order, rank, members };
  }

  /** Replaces the West/East stock flags after a stock change, without a rebuild. */
  updateStock(stockVersion: string, rows: { id: number; qty_fr: number; qty_fh: number; reserve_fr: number; reserve_fh: number }[]): void {
    const ids = Float64Array.from(this.idOrder, (p) => this.items[p]!.id);
    for (const r of rows) {
      const k = lowerBound(ids, r.id);
      if (ids[k] !== r.id) continue;
      const item = this.items[this.idOrder[k]!]!;
      item.inWest = r.qty_fr - r.reserve_fr > 0;
      item.inEast = r.qty_fh - r.reserve_fh > 0;
      this.lowStock.note(item, r.qty_fr - r.reserve_fr, r.qty_fh - r.reserve_fh);
    }
    this.stockVersion = stockVersion;
  }

  /**
   * Item positions of a category (with descendants), in the given order; empty when it has none.
   * `position` is a collection's curated order (a tree category has none: newest first).
   */
  categoryMembers(categoryNum: number, sort: ListingSort): Uint32Array {
    const members = this.members.get(categoryNum);
    if (!members) return new Uint32Array(0);
    return sort === 'position' ? (members.position ?? members.date) : members[sort];
  }

  /** The positions [lo, hi) a category's members fill, or null when they are not one range. */
  categoryRange(categoryNum: number): { lo: number; hi: number } | null {
    const span = this.spans.get(categoryNum);
    return span?.range ? { lo: span.lo, hi: span.hi } : null;
  }

  categoryDistincts(categoryNum: number): DistinctLists {
    return this.categoryDistinctsOnce(categoryNum).lists;
  }

  /** A category's distinct lists, counted and serialised on first use. */
  categoryDistinctsOnce(categoryNum: number): Distincts {
    let d = this.distinctCache.get(categoryNum);
    if (!d) {
      // The counts are kept too: a shift moves them by the items taken out and put in.
      const counts = new Uint32Array(this.facets.size);
      this.facets.count(counts, this.categoryMembers(categoryNum, 'date'));
      d = { distincts: this.facets.lists(counts), counts };
      this.distinctCache.set(categoryNum, d);
    }
    return d.distincts;
  }

  /** Every facet value present among the given items, with how many of them carry it. */
  distincts(positions: ArrayLike<number>): DistinctLists {
    return this.countDistincts(positions).lists;
  }

  private countDistincts(positions: ArrayLike<number>): Distincts {
    const counts = new Uint32Array(this.facets.size);
    this.facets.count(counts, positions);
    return this.facets.lists(counts);
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
    const page: IndexedItem[] = [];
    if (filters.length === 0) {
      const end = Math.min(positions.length, offset + limit);
      for (let i = offset; i < end; i++) page.push(this.items[positions[i]!]!);
      return { page, total: positions.length };
    }
    const sets: Uint32Array[] = [];
    for (let i = 0; i < filters.length; i++) sets.push(this.filterBits(filters[i]!, i, 0, this.items.length));
    let total = 0;
    outer: for (let i = 0; i < positions.length; i++) {
      const p = positions[i]!;
      for (const s of sets) if ((s[p >>> 5]! & (1 << (p & 31))) === 0) continue outer;
      if (total >= offset && page.length < limit) page.push(this.items[p]!);
      total++;
    }
    this.releaseScratch(filters.length, 0, this.words);
    return { page, total };
  }

  /**
   * One page of a category's items that pass the filters: the AND of each filter's bitset over
   * the category's span of words (and of the category's own bitset, where its members are not
   * one range) gives the total; the page is then found by walking the category's members in the
   * sort order (matches are common) or by sorting the few matches by rank.
   */
  categoryPage(categoryNum: number, sort: ListingSort, filters: ActiveFilter[], offset: number, limit: number): { page: IndexedItem[]; total: number } {
    const members = this.categoryMembers(categoryNum, sort);
    if (filters.length === 0 || members.length === 0) {
      const end = Math.min(members.length, offset + limit);
      const page: IndexedItem[] = [];
      for (let i = offset; i < end; i++) page.push(this.items[members[i]!]!);
      return { page, total: members.length };
    }
    const span = this.spans.get(categoryNum)!;
    const from = span.lo >>> 5;
    const to = (span.hi + 31) >>> 5;
    const result = this.result;
    // One pass for the category and the first filter, then one per further filter.
    const first = this.filterBits(filters[0]!, 0, span.lo, span.hi);
    if (span.range) {
      for (let w = from; w < to; w++) result[w] = first[w]!;
      result[from]! &= -1 << (span.lo & 31);
      if ((span.hi & 31) !== 0) result[to - 1]! &= (1 << (span.hi & 31)) - 1;
    } else {
      const inCategory = this.categoryBits(categoryNum);
      for (let w = from; w < to; w++) result[w] = inCategory[w]! & first[w]!;
    }
    for (let i = 1; i < filters.length; i++) {
      const other = this.filterBits(filters[i]!, i, span.lo, span.hi);
      for (let w = from; w < to; w++) result[w]! &= other[w]!;
    }
    this.releaseScratch(filters.length, from, to);
    let total = 0;
    for (let w = from; w < to; w++) if (result[w] !== 0) total += popcount(result[w]!);
    const end = Math.min(total, offset + limit);
    const page: IndexedItem[] = [];
    if (offset >= end) return { page, total };
    // The curated order has no rank over all items: its (short) member list is walked.
    if (sort !== 'position' && total * FEW <= members.length) {
      const rank = this.rank[sort];
      const ranks = new Uint32Array(total);
      let k = 0;
      for (let w = from; w < to; w++) {
        for (let x = result[w]!; x !== 0; x &= x - 1) ranks[k++] = rank[(w << 5) + 31 - Math.clz32(x & -x)]!;
      }
      ranks.sort();
      const order = this.order[sort];
      for (let i = offset; i < end; i++) page.push(this.items[order[ranks[i]!]!]!);
    } else {
      let k = 0;
      for (let i = 0; i < members.length && k < end; i++) {
        const p = members[i]!;
        if ((result[p >>> 5]! & (1 << (p & 31))) === 0) continue;
        if (k++ >= offset) page.push(this.items[p]!);
      }
    }
    return { page, total };
  }

  /**
   * The items passing a filter, as a bitset valid on the words holding positions [lo, hi) (bits
   * outside [lo, hi) may be anything): kept for `all` and one common value, else built in
   * scratch `slot`.
   */
  private filterBits(filter: ActiveFilter, slot: number, lo: number, hi: number): Uint32Array {
    if (filter.links === 'any') return this.anyBits.get(filter.kind)!;
    const ids: number[] = [];
    for (const link of filter.links) {
      const v = this.facets.idOf(filter.kind, link);
      if (v !== undefined) ids.push(v);
    }
    if (ids.length === 1 && this.denseBits.has(ids[0]!)) return this.denseBits.get(ids[0]!)!;
    const bits = (this.scratch[slot] ??= new Uint32Array(this.words));
    const from = lo >>> 5;
    const to = (hi + 31) >>> 5;
    for (const v of ids) {
      const dense = this.denseBits.get(v);
      if (dense) for (let w = from; w < to; w++) bits[w]! |= dense[w]!;
      else orPostings(bits, this.facets, v, lo, hi);
    }
    return bits;
  }

  /** Zeroes the words [from, to) of the first `used` scratch bitsets. */
  private releaseScratch(used: number, from: number, to: number): void {
    for (let i = 0; i < used; i++) this.scratch[i]?.fill(0, from, to);
  }

  private categoryBits(categoryNum: number): Uint32Array {
    let bits = this.categoryBitsCache.get(categoryNum);
    if (bits) {
      this.categoryBitsCache.delete(categoryNum);
    } else {
      bits = bitsOf(this.words, this.categoryMembers(categoryNum, 'date'));
      const capacity = Math.max(4, Math.floor(CATEGORY_BITS_BYTES / (4 * Math.max(1, this.words))));
      if (this.categoryBitsCache.size >= capacity) this.categoryBitsCache.delete(this.categoryBitsCache.keys().next().value!);
    }
    this.categoryBitsCache.set(categoryNum, bits);
    return bits;
  }
}

export function toListItem(item: IndexedItem, prices: PriceView | null): ListItem {
  const listItem: ListItem = {
    num: item.num,
    code: item.code,
    web_Title: item.title,
    picture: item.picture,
    inventoryPicture: item.picture,
    logo: item.logo,
    inStockFresno: item.inWest,
    inStockFairhope: item.inEast,
    new: item.isNew,
    srp: cents(item.srpCents),
  };
  if (prices) listItem.price = cents(prices.unitCents(item));
  return listItem;
}

/** `JSON.stringify(toListItem(item, prices))`, without building the object. */
export function listItemJson(item: IndexedItem, prices: PriceView | null): string {
  const q = JSON.stringify;
  const picture = q(item.picture);
  return (
    `{"num":${q(item.num)},"code":${q(item.code)},"web_Title":${q(item.title)},"picture":${picture},"inventoryPicture":${picture},` +
    `"logo":${q(item.logo)},"inStockFresno":${item.inWest},"inStockFairhope":${item.inEast},"new":${item.isNew},"srp":${q(cents(item.srpCents))}` +
    `${prices ? `,"price":${q(cents(prices.unitCents(item)))}` : ''}}`
  );
}

function fromRows(source: IndexSource): CatalogueBuilder {
  const b = new CatalogueBuilder();
  b.addItems([...source.items].sort((x, y) => x.id - y.id));
  b.addFacets(source.facets);
  return b;
}

/** Each colour group's items (positions) in id order, in one array: a run per group. */
class ColorGroups {
  private constructor(
    private readonly ids: Map<string, number>,
    private readonly start: Uint32Array,
    private readonly members: Uint32Array,
  ) {}

  /** From the positions in id order (`idOrder`) and the items by position. */
  static *of(idOrder: Uint32Array, items: IndexedItem[]): Steps<ColorGroups> {
    const ids = new Map<string, number>();
    const groupOf = new Int32Array(idOrder.length);
    const counts: number[] = [];
    for (let k = 0; k < idOrder.length; k += STEP) {
      groupsInto(groupOf, idOrder, items, ids, counts, k, Math.min(idOrder.length, k + STEP));
      yield;
    }
    const start = new Uint32Array(counts.length + 1);
    counts.forEach((c, g) => (start[g + 1] = start[g]! + c));
    const members = new Uint32Array(start[counts.length]!);
    const next = start.slice(0, counts.length);
    groupOf.forEach((g, k) => {
      if (g >= 0) members[next[g]!++] = idOrder[k]!;
    });
    return new ColorGroups(ids, start, members);
  }

  /**
   * The groups after a shift (`CatalogueIndex.planShift`): each group's positions moved through
   * the map (NONE: taken out), with the items put in (`placed`, at their new positions) among
   * them in id order; `items` are the items by new position.
   */
  *shifted(map: Uint32Array, placed: IndexedItem[], items: IndexedItem[], spares: Spares): Steps<ColorGroups> {
    // The names stay as they are (shared) unless a group is new.
    const fresh = placed.some((it) => it.colorGroup && !this.ids.has(it.colorGroup));
    const ids = fresh ? new Map(this.ids) : this.ids;
    const joining = new Map<number, number[]>();
    for (const it of [...placed].sort((a, b) => a.id - b.id)) {
      if (!it.colorGroup) continue;
      let g = ids.get(it.colorGroup);
      if (g === undefined) ids.set(it.colorGroup, (g = ids.size));
      joining.set(g, [...(joining.get(g) ?? []), it.idx]);
    }
    const groups = ids.size;
    const start = spares.u32('groups.start', groups + 1);
    const members = spares.u32('groups.members', this.members.length + placed.length);
    const walk = { g: 0, k: 0 };
    while (walk.g < groups) {
      moveGroups(this.start, this.members, map, joining, items, start, members, walk, groups, STEP);
      yield;
    }
    return new ColorGroups(ids, start, members.subarray(0, walk.k));
  }

  /** Gives its arrays to be written into by the next shift (it is no longer used). */
  giveTo(spares: Spares): void {
    spares.give('groups.start', this.start);
    spares.give('groups.members', this.members);
  }

  /** The group's items as `items` (the index's items by position) holds them now. */
  get(group: string, items: IndexedItem[]): IndexedItem[] | undefined {
    const g = this.ids.get(group);
    return g === undefined ? undefined : Array.from(this.members.subarray(this.start[g], this.start[g + 1]), (p) => items[p]!);
  }
}

/** The colour group of the items idOrder[from, to) (-1: none), numbering groups as they are first seen. */
function groupsInto(groupOf: Int32Array, idOrder: Uint32Array, items: IndexedItem[], ids: Map<string, number>, counts: number[], from: number, to: number): void {
  for (let k = from; k < to; k++) {
    const group = items[idOrder[k]!]!.colorGroup;
    if (!group) {
      groupOf[k] = -1;
      continue;
    }
    let g = ids.get(group);
    if (g === undefined) {
      ids.set(group, (g = counts.length));
      counts.push(0);
    }
    groupOf[k] = g;
    counts[g]!++;
  }
}

/** `ColorGroups.shifted` from group walk.g on, until about `budget` members are written. */
function moveGroups(
  oldStart: Uint32Array,
  oldMembers: Uint32Array,
  map: Uint32Array,
  joining: Map<number, number[]>,
  items: IndexedItem[],
  start: Uint32Array,
  members: Uint32Array,
  walk: { g: number; k: number },
  groups: number,
  budget: number,
): void {
  let { g, k } = walk;
  const stop = k + budget;
  const old = oldStart.length - 1;
  for (; g < groups && k < stop; g++) {
    const adds = joining.get(g) ?? [];
    let a = 0;
    if (g < old) {
      for (let i = oldStart[g]!; i < oldStart[g + 1]!; i++) {
        const p = map[oldMembers[i]!]!;
        if (p === NONE) continue;
        while (a < adds.length && items[adds[a]!]!.id < items[p]!.id) members[k++] = adds[a++]!;
        members[k++] = p;
      }
    }
    while (a < adds.length) members[k++] = adds[a++]!;
    start[g + 1] = k;
  }
  walk.g = g;
  walk.k = k;
}

/** The collator's order of two texts (equal texts without asking it). */
function compareText(a: string, b: string): number {
  return a === b ? 0 : collator.compare(a, b);
}

/** Where a category's members lie, from its positions (in any order). */
function spanOf(positions: Uint32Array): Span {
  let lo = positions[0]!;
  let hi = lo;
  for (let i = 1; i < positions.length; i++) {
    const p = positions[i]!;
    if (p < lo) lo = p;
    else if (p > hi) hi = p;
  }
  return { lo, hi: hi + 1, range: hi + 1 - lo === positions.length };
}

/**
 * `planShift`'s map over old positions [walk.p, walk.p + budget): the items put in before each
 * old position take the next new positions, then the old item its own (NONE when marked: taken out).
 */
function fillMap(map: Uint32Array, out: Uint8Array, adds: { at: number; pos: number }[], walk: { p: number; a: number; k: number }, budget: number): void {
  let { p, a, k } = walk;
  const end = Math.min(map.length, p + budget);
  for (; p < end; p++) {
    while (a < adds.length && adds[a]!.at === p) adds[a++]!.pos = k++;
    map[p] = out[p] ? NONE : k++;
  }
  walk.p = p;
  walk.a = a;
  walk.k = k;
}

/** The kept items of old positions [from, to), at their new positions. */
function moveItems(items: IndexedItem[], old: IndexedItem[], map: Uint32Array, from: number, to: number): void {
  for (let p = from; p < to; p++) {
    const q = map[p]!;
    if (q !== NONE) items[q] = old[p]!;
  }
}

/** Creation times compared as text (the build's newest-first sort compares them so). */
function compareDates(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * An index i of `a` such that `at` holds for no entry not marked (in `marked`) before i and for
 * every one from i on (`at` is monotone over the unmarked entries, which are few short of all).
 */
function firstKept(a: Uint32Array, marked: Uint8Array, at: (x: number) => boolean): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    let j = mid;
    while (j < hi && marked[a[j]!]) j++;
    if (j === hi || at(a[j]!)) hi = mid;
    else lo = j + 1;
  }
  return lo;
}

/**
 * `a` without its marked entries (in `marked`, or NONE in `map`) and moved through `map` when
 * given, with each of `places` put before index `at` of `a` (those at one index in the order
 * `before` gives), written into `b` (long enough); answers the part of `b` written.
 */
function* movedInto(
  a: Uint32Array,
  b: Uint32Array,
  drop: { marked: Uint8Array } | { map: Uint32Array },
  places: { p: number; at: number }[],
  before: (x: number, y: number) => boolean,
): Steps<Uint32Array> {
  places.sort((x, y) => x.at - y.at || (before(x.p, y.p) ? -1 : 1));
  const done = { k: 0, m: 0 };
  const marked = 'marked' in drop ? drop.marked : null;
  const map = 'map' in drop ? drop.map : null;
  for (let i = 0; i < a.length; i += STEP) {
    mergeChunk(a, b, marked, map, places, i, Math.min(a.length, i + STEP), done);
    yield;
  }
  let { k, m } = done;
  while (m < places.length) b[k++] = places[m++]!.p;
  return b.subarray(0, k);
}

/** `movedInto` over a[from, to): plain loops, which V8 optimises (a loop in a generator it does not, at first). */
function mergeChunk(a: Uint32Array, b: Uint32Array, marked: Uint8Array | null, map: Uint32Array | null, places: { p: number; at: number }[], from: number, to: number, done: { k: number; m: number }): void {
  let { k, m } = done;
  for (let i = from; i < to; i++) {
    while (m < places.length && places[m]!.at === i) b[k++] = places[m++]!.p;
    const q = map ? map[a[i]!]! : marked![a[i]!] ? NONE : a[i]!;
    if (q !== NONE) b[k++] = q;
  }
  done.k = k;
  done.m = m;
}

/** rank[order[i]] = i for i in [from, to). */
function invertInto(rank: Uint32Array, order: Uint32Array, from: number, to: number): void {
  for (let i = from; i < to; i++) rank[order[i]!] = i;
}

function grow(a: Uint32Array): Uint32Array {
  const b = new Uint32Array(a.length * 2);
  b.set(a);
  return b;
}

function lowerBound(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function bitsOf(words: number, positions: ArrayLike<number>): Uint32Array {
  const bits = new Uint32Array(words);
  for (let i = 0; i < positions.length; i++) bits[positions[i]! >>> 5]! |= 1 << (positions[i]! & 31);
  return bits;
}

/** Sets the bits of the items carrying value v, among positions [lo, hi). */
function orPostings(bits: Uint32Array, facets: FacetTable, v: number, lo: number, hi: number): void {
  const positions = facets.positions;
  let i = facets.valueStart[v]!;
  let end = facets.valueStart[v + 1]!;
  if (lo > 0 || hi < bits.length << 5) {
    // Positions are ascending: the first at or after lo, and the first at or after hi.
    i = firstAtLeast(positions, i, end, lo);
    end = firstAtLeast(positions, i, end, hi);
  }
  for (; i < end; i++) bits[positions[i]! >>> 5]! |= 1 << (positions[i]! & 31);
}

