import type { Category, FacetValue, ListItem, PoscatValue, SortKey } from '../../contract/catalogue';
import type { CategoryTable, FacetKind, ItemTable } from '../db/schema';

/**
 * The catalogue's read path, held in memory and built from the database (the source of truth).
 * Listing a category with multi-select filters, sorting and paging is a walk over a pre-sorted
 * array of the category's items, and its distinct lists are computed once per category, so a
 * listing costs microseconds instead of the several GROUP BY queries SQL would need.
 */

export const FACET_KINDS: readonly FacetKind[] = ['color', 'event', 'message', 'theme', 'shape', 'size', 'poscat', 'dimension'];

export interface IndexedItem {
  /** Position in `items`. */
  idx: number;
  id: number;
  num: string;
  code: string;
  title: string;
  categoryNum: number;
  picture: string;
  logo: string;
  srpCents: number;
  priceCents: number;
  caseQty: number;
  isNew: boolean;
  inWest: boolean;
  inEast: boolean;
  colorFamily: string;
  colorGroup: string;
  createdAt: string;
  /** Facet links by kind (for poscat the poscatNum). */
  facets: Record<FacetKind, string[]>;
  /** The anonymous list-item JSON, built once. */
  listItem: ListItem;
}

export interface IndexedCategory extends Category {
  kind: 'tree' | 'nv';
  children: number[];
}

export type FacetCounts = Record<FacetKind, Map<string, number>>;

export interface DistinctLists {
  distinctEvents: FacetValue[];
  distinctMessages: FacetValue[];
  distinctThemes: FacetValue[];
  distinctShapes: FacetValue[];
  distinctColors: FacetValue[];
  distinctSizes: string[];
  distinctPoscats: PoscatValue[];
  distinctDimensions: string[];
}

/** A filter after validation: the facet kind and the accepted links, or 'any' for the value `all`. */
export interface ActiveFilter {
  kind: FacetKind;
  links: Set<string> | 'any';
}

/** The item columns the index is built from (what queries.loadActiveItems selects). */
export type ItemRow = Pick<
  ItemTable,
  | 'num' | 'code' | 'category_num' | 'web_title' | 'picture' | 'logo' | 'srp_cents' | 'price_cents' | 'case_qty' | 'is_new'
  | 'qty_fr' | 'qty_fh' | 'reserve_fr' | 'reserve_fh' | 'color_family' | 'color_group' | 'created_at'
> & { id: number };

export type CategoryRow = Omit<CategoryTable, 'sort_order'>;

export interface IndexSource {
  categories: CategoryRow[];
  items: ItemRow[];
  facets: { item_id: number; kind: FacetKind; name: string; link: string }[];
  nvMemberships: { category_num: number; item_id: number }[];
}

/** Memory the filter masks of one index may hold (one byte per item per cached filter). */
const MASK_CACHE_BYTES = 32 * 1024 * 1024;

const cents = (c: number) => Math.round(c) / 100;
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function emptyFacets(): Record<FacetKind, string[]> {
  return { color: [], event: [], message: [], theme: [], shape: [], size: [], poscat: [], dimension: [] };
}

export class CatalogueIndex {
  readonly items: IndexedItem[];
  readonly byNum = new Map<string, IndexedItem>();
  readonly byId = new Map<number, IndexedItem>();
  readonly categories = new Map<number, IndexedCategory>();
  /** Names of facet values: kind → link → name. */
  readonly facetNames = new Map<FacetKind, Map<string, string>>();
  /** Items of one product in other colours. */
  readonly colorGroups = new Map<string, IndexedItem[]>();
  /** Item positions per category (own and descendants'), pre-sorted for each sort key. */
  private readonly members = new Map<number, Record<SortKey, Uint32Array>>();
  private readonly distinctCache = new Map<number, DistinctLists>();
  /** Item positions carrying each facet value: kind → link → positions. */
  private readonly postings = new Map<FacetKind, Map<string, Uint32Array>>();
  private readonly maskCache = new Map<string, Uint8Array>();
  private readonly categoryMasks = new Map<number, Uint8Array>();
  /** Rank of each item position in each sort order, for sorting search results. */
  readonly rank: Record<SortKey, Uint32Array>;

  catalogueVersion: string;
  stockVersion: string;

  constructor(versions: { catalogue: string; stock: string }, source: IndexSource) {
    this.catalogueVersion = versions.catalogue;
    this.stockVersion = versions.stock;
    for (const kind of FACET_KINDS) this.facetNames.set(kind, new Map());
    for (const c of source.categories) {
      this.categories.set(c.num, {
        num: c.num,
        description: c.description,
        parentNum: c.parent_num,
        parentOnly: false,
        logo: c.logo,
        beCat: c.be_cat,
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

    this.items = source.items.map((r, idx) => {
      const listItem: ListItem = {
        num: r.num,
        code: r.code,
        web_Title: r.web_title,
        picture: r.picture,
        inventoryPicture: r.picture,
        logo: r.logo,
        inStockFresno: r.qty_fr - r.reserve_fr > 0,
        inStockFairhope: r.qty_fh - r.reserve_fh > 0,
        new: r.is_new === 1,
        srp: cents(r.srp_cents),
      };
      const item: IndexedItem = {
        idx,
        id: r.id,
        num: r.num,
        code: r.code,
        title: r.web_title,
        categoryNum: r.category_num,
        picture: r.picture,
        logo: r.logo,
        srpCents: r.srp_cents,
        priceCents: r.price_cents,
        caseQty: r.case_qty,
        isNew: r.is_new === 1,
        inWest: listItem.inStockFresno,
        inEast: listItem.inStockFairhope,
        colorFamily: r.color_family,
        colorGroup: r.color_group,
        createdAt: r.created_at,
        facets: emptyFacets(),
        listItem,
      };
      this.byNum.set(r.num, item);
      this.byId.set(r.id, item);
      if (r.color_group) {
        const group = this.colorGroups.get(r.color_group) ?? [];
        group.push(item);
        this.colorGroups.set(r.color_group, group);
      }
      return item;
    });

    const postingLists = new Map<FacetKind, Map<string, number[]>>(FACET_KINDS.map((k) => [k, new Map()]));
    for (const f of source.facets) {
      const item = this.byId.get(f.item_id);
      if (!item) continue;
      item.facets[f.kind].push(f.link);
      this.facetNames.get(f.kind)!.set(f.link, f.name);
      const byLink = postingLists.get(f.kind)!;
      let list = byLink.get(f.link);
      if (!list) byLink.set(f.link, (list = []));
      list.push(item.idx);
    }
    for (const [kind, byLink] of postingLists) {
      this.postings.set(kind, new Map([...byLink].map(([link, list]) => [link, Uint32Array.from(list)])));
    }

    const n = this.items.length;
    const orders: Record<SortKey, IndexedItem[]> = {
      date: [...this.items].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : collator.compare(a.num, b.num))),
      num: [...this.items].sort((a, b) => collator.compare(a.num, b.num)),
      title: [...this.items].sort((a, b) => collator.compare(a.title, b.title) || collator.compare(a.num, b.num)),
    };
    this.rank = { date: new Uint32Array(n), num: new Uint32Array(n), title: new Uint32Array(n) };
    for (const key of ['date', 'num', 'title'] as const) orders[key].forEach((it, r) => (this.rank[key][it.idx] = r));

    // Which categories each item belongs to: its own, every ancestor, and its NV collections.
    const memberOf = new Map<number, number[]>();
    const ancestry = (num: number): number[] => {
      const chain: number[] = [];
      for (let c = this.categories.get(num); c && !chain.includes(c.num); c = c.parentNum ? this.categories.get(c.parentNum) : undefined) {
        chain.push(c.num);
      }
      return chain;
    };
    const ancestryCache = new Map<number, number[]>();
    for (const item of this.items) {
      let chain = ancestryCache.get(item.categoryNum);
      if (!chain) ancestryCache.set(item.categoryNum, (chain = ancestry(item.categoryNum)));
      memberOf.set(item.idx, [...chain]);
    }
    for (const m of source.nvMemberships) {
      const item = this.byId.get(m.item_id);
      if (item && this.categories.has(m.category_num)) memberOf.get(item.idx)!.push(m.category_num);
    }
    const buckets = new Map<number, Record<SortKey, number[]>>();
    for (const key of ['date', 'num', 'title'] as const) {
      for (const item of orders[key]) {
        for (const cat of memberOf.get(item.idx)!) {
          let b = buckets.get(cat);
          if (!b) buckets.set(cat, (b = { date: [], num: [], title: [] }));
          b[key].push(item.idx);
        }
      }
    }
    for (const [cat, b] of buckets) {
      this.members.set(cat, { date: Uint32Array.from(b.date), num: Uint32Array.from(b.num), title: Uint32Array.from(b.title) });
    }
  }

  /** Changes whenever anything a catalogue answer shows changes: the ETag of catalogue GETs. */
  get version(): string {
    return `${this.catalogueVersion}.${this.stockVersion}`;
  }

  /** Replaces the West/East stock flags after a stock change, without a rebuild. */
  updateStock(stockVersion: string, rows: { id: number; qty_fr: number; qty_fh: number; reserve_fr: number; reserve_fh: number }[]): void {
    for (const r of rows) {
      const item = this.byId.get(r.id);
      if (!item) continue;
      item.inWest = r.qty_fr - r.reserve_fr > 0;
      item.inEast = r.qty_fh - r.reserve_fh > 0;
      // List-item objects may be held by a response being serialised: replace, never mutate.
      item.listItem = { ...item.listItem, inStockFresno: item.inWest, inStockFairhope: item.inEast };
    }
    this.stockVersion = stockVersion;
  }

  /** Item positions of a category (with descendants), in the given order; empty when it has none. */
  categoryMembers(categoryNum: number, sort: SortKey): Uint32Array {
    return this.members.get(categoryNum)?.[sort] ?? new Uint32Array(0);
  }

  categoryDistincts(categoryNum: number): DistinctLists {
    let lists = this.distinctCache.get(categoryNum);
    if (!lists) {
      lists = this.distincts(this.categoryMembers(categoryNum, 'date'));
      this.distinctCache.set(categoryNum, lists);
    }
    return lists;
  }

  /** Every facet value present among the given items, with how many of them carry it. */
  distincts(positions: ArrayLike<number>): DistinctLists {
    const counts = new Map<FacetKind, Map<string, number>>(FACET_KINDS.map((k) => [k, new Map()]));
    for (let i = 0; i < positions.length; i++) {
      const item = this.items[positions[i]!]!;
      for (const kind of FACET_KINDS) {
        const links = item.facets[kind];
        if (links.length === 0) continue;
        const m = counts.get(kind)!;
        for (const link of links) m.set(link, (m.get(link) ?? 0) + 1);
      }
    }
    const named = (kind: FacetKind): FacetValue[] => {
      const names = this.facetNames.get(kind)!;
      return [...counts.get(kind)!]
        .map(([link, count]) => ({ name: names.get(link) ?? link, link, count }))
        .sort((a, b) => collator.compare(a.name, b.name));
    };
    const plain = (kind: FacetKind): string[] => [...counts.get(kind)!.keys()].sort(collator.compare);
    const poscatNames = this.facetNames.get('poscat')!;
    return {
      distinctEvents: named('event'),
      distinctMessages: named('message'),
      distinctThemes: named('theme'),
      distinctShapes: named('shape'),
      distinctColors: named('color'),
      distinctSizes: plain('size'),
      distinctPoscats: [...counts.get('poscat')!]
        .map(([poscatNum, count]) => ({ poscatNum, poscatName: poscatNames.get(poscatNum) ?? poscatNum, count }))
        .sort((a, b) => collator.compare(a.poscatName, b.poscatName)),
      distinctDimensions: plain('dimension'),
    };
  }

  /** True when the facet value exists anywhere in the catalogue. */
  hasFacetValue(kind: FacetKind, link: string): boolean {
    return this.facetNames.get(kind)!.has(link);
  }

  /**
   * One page of the positions that pass every filter (values OR within a filter, AND across
   * filters), with the total that pass.
   */
  page(positions: ArrayLike<number>, filters: ActiveFilter[], offset: number, limit: number): { page: IndexedItem[]; total: number } {
    const page: IndexedItem[] = [];
    if (filters.length === 0) {
      const end = Math.min(positions.length, offset + limit);
      for (let i = offset; i < end; i++) page.push(this.items[positions[i]!]!);
      return { page, total: positions.length };
    }
    const masks = filters.map((f) => this.filterMask(f));
    let total = 0;
    outer: for (let i = 0; i < positions.length; i++) {
      const pos = positions[i]!;
      for (let m = 0; m < masks.length; m++) if (masks[m]![pos] === 0) continue outer;
      if (total >= offset && page.length < limit) page.push(this.items[pos]!);
      total++;
    }
    return { page, total };
  }

  /**
   * One page of a category's items that pass the filters. When one filter selects far fewer
   * items than the category holds (gold birthday foils among 30,000 foils), its postings are
   * walked instead of the whole category and the few matches sorted, which keeps a selective
   * listing of a big category as cheap as one of a small category.
   */
  categoryPage(categoryNum: number, sort: SortKey, filters: ActiveFilter[], offset: number, limit: number): { page: IndexedItem[]; total: number } {
    const members = this.categoryMembers(categoryNum, sort);
    const sizes = filters.map((f) => this.filterSize(f));
    const best = sizes.indexOf(Math.min(...sizes));
    if (best === -1 || sizes[best]! * 8 >= members.length) return this.page(members, filters, offset, limit);
    const inCategory = this.categoryMask(categoryNum);
    const masks = filters.map((f) => this.filterMask(f));
    const found: number[] = [];
    const postings = this.postings.get(filters[best]!.kind)!;
    for (const link of filters[best]!.links === 'any' ? postings.keys() : filters[best]!.links) {
      outer: for (const pos of postings.get(link) ?? []) {
        if (inCategory[pos] === 0) continue;
        for (const m of masks) if (m[pos] === 0) continue outer;
        found.push(pos);
      }
    }
    const rank = this.rank[sort];
    found.sort((a, b) => rank[a]! - rank[b]!);
    // An item carrying two of the selected values was collected twice; neighbours after sorting.
    const unique = found.filter((pos, i) => i === 0 || found[i - 1] !== pos);
    return { page: unique.slice(offset, offset + limit).map((pos) => this.items[pos]!), total: unique.length };
  }

  /** How many items a filter's postings hold (an upper bound of the items that pass it). */
  private filterSize(filter: ActiveFilter): number {
    const postings = this.postings.get(filter.kind)!;
    let size = 0;
    for (const link of filter.links === 'any' ? postings.keys() : filter.links) size += postings.get(link)?.length ?? 0;
    return size;
  }

  private categoryMask(categoryNum: number): Uint8Array {
    let mask = this.categoryMasks.get(categoryNum);
    if (!mask) {
      mask = new Uint8Array(this.items.length);
      for (const pos of this.categoryMembers(categoryNum, 'date')) mask[pos] = 1;
      this.categoryMasks.set(categoryNum, mask);
    }
    return mask;
  }

  /**
   * One byte per item: 1 when the item passes the filter. Built from the postings of the
   * selected values and kept in a small cache bounded by bytes, so the common filters of a
   * catalogue cost one array lookup per item.
   */
  private filterMask(filter: ActiveFilter): Uint8Array {
    const key = `${filter.kind}\u0000${filter.links === 'any' ? '*' : [...filter.links].sort().join('\u0000')}`;
    const cached = this.maskCache.get(key);
    if (cached) {
      this.maskCache.delete(key);
      this.maskCache.set(key, cached);
      return cached;
    }
    const mask = new Uint8Array(this.items.length);
    const postings = this.postings.get(filter.kind)!;
    const links = filter.links === 'any' ? postings.keys() : filter.links.values();
    for (const link of links) {
      const list = postings.get(link);
      if (list) for (const pos of list) mask[pos] = 1;
    }
    const capacity = Math.max(4, Math.floor(MASK_CACHE_BYTES / Math.max(1, this.items.length)));
    this.maskCache.set(key, mask);
    if (this.maskCache.size > capacity) this.maskCache.delete(this.maskCache.keys().next().value!);
    return mask;
  }
}

export function toListItem(item: IndexedItem, priced: boolean): ListItem {
  return priced ? { ...item.listItem, price: cents(item.priceCents) } : item.listItem;
}
