import type { SortKey } from '../../../contract/catalogue';
import type { FacetKind } from '../tables';
import { LowStockTable } from '../../stock';
import { collationOrder, inverse } from '../collation';
import { FACET_KINDS, type FacetTable } from '../facet-table';
import type { Steps } from '../sliced';
import { bitsOf, grow, lowerBound, orPostings, spanOf } from './arrays';
import { IndexedItem } from './item';
import type { IndexState } from './state';
import { noteStock } from './stock-flags';
import type { CategoryRow, FacetHolder, FacetRow, IndexedCategory, IndexSource, ItemRow, NvMembership } from './types';

/*
 * Building the index: items and facet links collected from the rows, categories numbered
 * depth-first, sort orders, category members, filter bitsets.
 */

/** Items and facets fed to a builder a window at a time (the database load). */
export interface LoadedSource {
  categories: CategoryRow[];
  nvMemberships: NvMembership[];
  items: CatalogueBuilder;
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
      noteStock(this.lowStock, item, r);
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

/** A builder holding every row of a source (tests, small catalogues). */
export function builderOf(source: IndexSource): CatalogueBuilder {
  const b = new CatalogueBuilder();
  b.addItems([...source.items].sort((x, y) => x.id - y.id));
  b.addFacets(source.facets);
  return b;
}

/** The names of the facet values (`facetNames`), from a table. */
export function nameFacets(facetNames: IndexState['facetNames'], facets: FacetTable): void {
  for (let v = 0; v < facets.size; v++) facetNames.get(facets.kind[v]!)!.set(facets.link[v]!, facets.name[v]!);
}

/** The bitsets of common values and of each kind's `all`, filled from a table's postings over n items. */
export function* filterBitsOf(facets: FacetTable, n: number, dense: Map<number, Uint32Array>, any: Map<FacetKind, Uint32Array>): Steps<void> {
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

/** The categories of the rows, each with its children (tree categories only). */
export function loadCategories(categories: Map<number, IndexedCategory>, rows: CategoryRow[]): void {
  for (const c of rows) {
    categories.set(c.num, {
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
  for (const c of categories.values()) {
    const parent = c.kind === 'tree' && c.parentNum !== 0 ? categories.get(c.parentNum) : undefined;
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
export function depthFirstPlaces(categories: ReadonlyMap<number, IndexedCategory>, preorder: Map<number, number>, byId: IndexedItem[]): Uint32Array {
  const below = new Map<number, number[]>();
  const roots: number[] = [];
  for (const c of categories.values()) {
    const parent = c.parentNum ? categories.get(c.parentNum) : undefined;
    if (parent && parent.num !== c.num) {
      const list = below.get(parent.num);
      if (list) list.push(c.num);
      else below.set(parent.num, [c.num]);
    } else {
      roots.push(c.num);
    }
  }
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
  for (const num of categories.keys()) visit(num);
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
export function buildMembers(ix: Pick<IndexState, 'categories' | 'chains' | 'items' | 'idOrder' | 'order' | 'members' | 'spans'>, nvMemberships: NvMembership[], byId: IndexedItem[]): void {
  const chainOf = (num: number) => categoryChain(ix, num);
  const nv = new Map<number, number[]>();
  const ids = Float64Array.from(byId, (it) => it.id);
  // Each collection's listed items in its curated order (ties by item id, as the editor shows them).
  const curated = new Map<number, { at: number; id: number; pos: number }[]>();
  for (const m of nvMemberships) {
    const k = lowerBound(ids, m.item_id);
    if (ids[k] !== m.item_id || !ix.categories.has(m.category_num)) continue;
    const pos = ix.idOrder[k]!;
    const list = nv.get(pos) ?? [];
    if (list.includes(m.category_num)) continue;
    list.push(m.category_num);
    nv.set(pos, list);
    let entries = curated.get(m.category_num);
    if (!entries) curated.set(m.category_num, (entries = []));
    entries.push({ at: m.position ?? 0, id: m.item_id, pos });
  }
  const sizes = new Map<number, number>();
  for (let p = 0; p < ix.items.length; p++) {
    for (const cat of chainOf(ix.items[p]!.categoryNum)) sizes.set(cat, (sizes.get(cat) ?? 0) + 1);
    for (const cat of nv.get(p) ?? []) sizes.set(cat, (sizes.get(cat) ?? 0) + 1);
  }
  for (const [cat, size] of sizes) ix.members.set(cat, { date: new Uint32Array(size), num: new Uint32Array(size), title: new Uint32Array(size) });
  for (const key of ['date', 'num', 'title'] as const) {
    const fill = new Map<number, number>();
    for (const p of ix.order[key]) {
      const add = (cat: number) => {
        const k = fill.get(cat) ?? 0;
        ix.members.get(cat)![key][k] = p;
        fill.set(cat, k + 1);
      };
      for (const cat of chainOf(ix.items[p]!.categoryNum)) add(cat);
      for (const cat of nv.get(p) ?? []) add(cat);
    }
  }
  for (const [cat, entries] of curated) {
    entries.sort((a, b) => a.at - b.at || a.id - b.id);
    const of = ix.members.get(cat)!;
    of.position = Uint32Array.from(entries, (e) => e.pos);
    of.positionAt = Float64Array.from(entries, (e) => e.at);
  }
  for (const [cat, { date }] of ix.members) ix.spans.set(cat, spanOf(date));
}

/** A category's own number and its ancestors' (through the parent links). */
export function categoryChain(ix: Pick<IndexState, 'categories' | 'chains'>, num: number): number[] {
  let chain = ix.chains.get(num);
  if (!chain) {
    chain = [];
    for (let c = ix.categories.get(num); c && !chain.includes(c.num); c = c.parentNum ? ix.categories.get(c.parentNum) : undefined) chain.push(c.num);
    ix.chains.set(num, chain);
  }
  return chain;
}

/**
 * The sort orders over positions `place` (of the items in id order `byId`, created at `created`),
 * worked out in id order (ties fall as they always did): by number, then title (ties by number),
 * then newest first (ties by number); and their inverses, the ranks.
 */
export function sortOrders(byId: IndexedItem[], created: string[], place: Uint32Array): { order: Record<SortKey, Uint32Array>; rank: Record<SortKey, Uint32Array> } {
  const numOrder = collationOrder(byId.map((it) => it.num));
  const numRank = inverse(numOrder);
  const titleOrder = collationOrder(
    byId.map((it) => it.title),
    numRank,
  );
  const dateOrder = numOrder.slice().sort((a, b) => (created[a]! < created[b]! ? 1 : created[a]! > created[b]! ? -1 : numRank[a]! - numRank[b]!));
  const placed = (order: Uint32Array) => {
    for (let i = 0; i < order.length; i++) order[i] = place[order[i]!]!;
    return order;
  };
  const order = { date: placed(dateOrder), num: placed(numOrder), title: placed(titleOrder) };
  return { order, rank: { date: inverse(order.date), num: inverse(order.num), title: inverse(order.title) } };
}
