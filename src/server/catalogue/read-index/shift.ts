import type { SortKey } from '../../../contract/catalogue';
import type { FacetKind } from '../tables';
import { type Distincts, FACET_KINDS, type FacetTable } from '../facet-table';
import { NONE, type Runs, runsOf, shiftBits, STEP, type Steps } from '../sliced';
import { bitsOf, compareDates, compareText, firstKept, invertInto, marking, movedInto, spanOf } from './arrays';
import { categoryChain, nameFacets } from './build';
import { type IndexedItem, itemAt } from './item';
import { positionOfId } from './queries';
import type { IndexState } from './state';
import { noteStock } from './stock-flags';
import type { Members, PlacedItem, ShiftPlan, Span } from './types';

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
export function* planShift(ix: IndexState, removeIds: number[], insert: PlacedItem[]): Steps<ShiftPlan> {
  const ids = new Set([...removeIds, ...insert.map((x) => x.row.id)]);
  const removed = [...ids].map((id) => positionOfId(ix, id)).filter((p) => p >= 0).sort((a, b) => a - b);
  return yield* marking(ix, ix.items.length, removed, (out) => planShiftMarked(ix, removed, insert, out));
}

function* planShiftMarked(ix: IndexState, removed: number[], insert: PlacedItem[], out: Uint8Array): Steps<ShiftPlan> {
  const n = ix.items.length;
  const groupOf = (cat: number) => ix.preorder.get(cat) ?? ix.preorder.size;
  // Each item put in goes before the first old item of a later (category group, id).
  const adds = insert
    .map((x, i) => {
      const g = groupOf(x.row.category_num);
      let lo = 0;
      let hi = n;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const it = ix.items[mid]!;
        const gm = groupOf(it.categoryNum);
        if (gm < g || (gm === g && it.id < x.row.id)) lo = mid + 1;
        else hi = mid;
      }
      return { i, at: lo, g, id: x.row.id, pos: 0 };
    })
    .sort((a, b) => a.at - b.at || a.g - b.g || a.id - b.id);
  const spares = ix.spares;
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
  const placed = adds.map((a) => itemAt(ix.facetHolder, a.pos, insert[a.i]!.row));

  const items = ix.spareItems ?? new Array<IndexedItem>(n2);
  ix.spareItems = null;
  items.length = n2;
  for (let p = 0; p < n; p += STEP) {
    moveItems(items, ix.items, map, p, Math.min(n, p + STEP));
    yield;
  }
  for (const it of placed) items[it.idx] = it;
  const byId = [...placed].sort((a, b) => a.id - b.id);
  const idOrder = yield* movedInto(
    ix.idOrder,
    spares.u32('idOrder', n2),
    { map },
    byId.map((it) => ({ p: it.idx, at: firstKept(ix.idOrder, out, (q) => it.id < ix.items[q]!.id) })),
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
    const old = ix.order[key];
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
    const cats = new Set(categoryChain(ix, it.categoryNum));
    for (const m of insert[adds[j]!.i]!.collections) {
      if (!ix.categories.has(m.category_num) || cats.has(m.category_num)) continue;
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
  for (const cat of new Set([...ix.members.keys(), ...gains.keys()])) {
    const had = ix.members.get(cat);
    const span = ix.spans.get(cat);
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
        if (map[q] !== NONE) entries.push({ p: map[q]!, at: had.positionAt![j]!, id: ix.items[q]!.id });
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
  const facets = yield* ix.facets.shifted(
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
    const cats = new Set(categoryChain(ix, ix.items[p]!.categoryNum));
    for (const [cat, m] of ix.members) if (m.position?.includes(p)) cats.add(cat);
    for (const cat of cats) losses.set(cat, [...(losses.get(cat) ?? []), p]);
  }
  for (const cat of touched) {
    const kept = ix.distinctCache.get(cat);
    if (!members.get(cat) || !kept) continue;
    const counts = new Uint32Array(facets.size);
    counts.set(kept.counts);
    for (const p of losses.get(cat) ?? []) for (const v of Array.from(ix.facets.valuesOf(p))) counts[v]!--;
    for (const p of gains.get(cat) ?? []) for (const v of Array.from(facets.valuesOf(p))) counts[v]!++;
    distincts.set(cat, { distincts: facets.lists(counts), counts });
    yield;
  }
  const dense = new Map<number, Uint32Array>();
  const any = new Map<FacetKind, Uint32Array>();
  yield* shiftedFilterBits(ix, facets, n2, runs, placed, dense, any);
  const groups = yield* ix.groups.shifted(map, placed, items, spares);

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
        ix.byNum.delete(ix.items[p]!.num);
        ix.lowStock.forget(ix.items[p]!.num);
      }
      placed.forEach((it, j) => {
        const r = insert[adds[j]!.i]!.row;
        ix.byNum.set(it.num, it);
        noteStock(ix.lowStock, it, r);
      });
      // What this replaces is written into by the next shift.
      ix.spareItems = ix.items;
      spares.give('map', map);
      spares.give('idOrder', ix.idOrder);
      for (const key of ['date', 'num', 'title'] as const) {
        spares.give(`order.${key}`, ix.order[key]);
        spares.give(`rank.${key}`, ix.rank[key]);
      }
      for (const cat of members.keys()) for (const key of ['date', 'num', 'title'] as const) spares.give(`members.${cat}.${key}`, ix.members.get(cat)?.[key]);
      ix.facets.giveTo(spares);
      for (const [v, bits] of ix.denseBits) spares.give(`dense.${v}`, bits);
      for (const [kind, bits] of ix.anyBits) spares.give(`any.${kind}`, bits);
      ix.groups.giveTo(spares);
      ix.items = items;
      ix.idOrder = idOrder;
      ix.facets = facets;
      ix.facetHolder.facets = facets;
      nameFacets(ix.facetNames, ix.facets);
      ix.denseBits = dense;
      ix.anyBits = any;
      ix.groups = groups;
      Object.assign(ix.order, order);
      Object.assign(ix.rank, rank);
      for (const [cat, lists] of members) {
        if (lists) {
          ix.members.set(cat, lists);
          ix.spans.set(cat, spans.get(cat)!);
        } else {
          ix.members.delete(cat);
          ix.spans.delete(cat);
        }
      }
      for (const cat of touched) ix.distinctCache.delete(cat);
      for (const [cat, d] of distincts) ix.distinctCache.set(cat, d);
      ix.categoryBitsCache.clear();
      ix.words = (n2 + 31) >>> 5;
      if (ix.result.length < ix.words) {
        ix.result = new Uint32Array(ix.words + (ix.words >>> 6) + 64);
        ix.scratch.length = 0;
      }
      // The title edit's spare arrays are of the old length.
      ix.spareTitles.order = undefined;
      ix.spareTitles.rank = undefined;
      ix.spareTitles.members.clear();
      ix.changeSeq = changeSeq;
    },
  };
}

/**
 * `filterBitsOf` after a shift: the bitsets kept moved through the runs (a word at a time), with
 * the bits of the items put in set; a value that becomes common is filled from its postings.
 */
function* shiftedFilterBits(ix: Pick<IndexState, 'spares' | 'denseBits' | 'anyBits'>, facets: FacetTable, n: number, runs: Runs, placed: IndexedItem[], dense: Map<number, Uint32Array>, any: Map<FacetKind, Uint32Array>): Steps<void> {
  const words = (n + 31) >>> 5;
  const moved = (key: string, old: Uint32Array, has: (v: number) => boolean) => {
    const bits = ix.spares.u32(key, words);
    shiftBits(old, bits, runs);
    for (const it of placed) if (Array.prototype.some.call(facets.valuesOf(it.idx), has)) bits[it.idx >>> 5]! |= 1 << (it.idx & 31);
    return bits;
  };
  for (let v = 0; v < facets.size; v++) {
    const count = facets.valueStart[v + 1]! - facets.valueStart[v]!;
    if (count === 0 || count * 32 < n) continue;
    const old = ix.denseBits.get(v);
    dense.set(v, old ? moved(`dense.${v}`, old, (x) => x === v) : bitsOf(words, facets.positions.subarray(facets.valueStart[v], facets.valueStart[v + 1])));
    yield;
  }
  for (const kind of FACET_KINDS) {
    any.set(kind, moved(`any.${kind}`, ix.anyBits.get(kind)!, (x) => facets.kind[x] === kind));
    yield;
  }
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
