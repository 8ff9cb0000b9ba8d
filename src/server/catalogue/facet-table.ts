import type { FacetValue, PoscatValue } from '../../contract/catalogue';
import type { FacetKind } from './tables';
import { collator } from './collation';
import { NONE, type Runs, type Spares, STEP, type Steps } from './sliced';

/**
 * Facet values (colour "gold", event "birthday", …) as small integer ids, with each item's value
 * ids and each value's items in flat typed arrays. Half a million items with six or seven values
 * each cost tens of megabytes here, where per-item arrays of strings cost most of a gigabyte, and
 * counting the values of 80,000 items is a loop over small integers.
 */

export const FACET_KINDS: readonly FacetKind[] = ['color', 'event', 'message', 'theme', 'shape', 'size', 'poscat', 'dimension'];

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

/** Distinct lists and the same as JSON object members (`"distinctEvents":[…],…`), made once. */
export interface Distincts {
  lists: DistinctLists;
  json: string;
}

export function distinctsOf(lists: DistinctLists): Distincts {
  return { lists, json: JSON.stringify(lists).slice(1, -1) };
}

export class FacetTable {
  /** Per value id: its kind, link and display name. */
  readonly kind: FacetKind[];
  readonly link: string[];
  readonly name: string[];
  /** Value ids of item p: valueIds[itemStart[p], itemStart[p + 1]), in the order the rows came. */
  private readonly itemStart: Uint32Array;
  private readonly valueIds: Uint16Array | Uint32Array;
  /** Positions of the items carrying value v: positions[valueStart[v], valueStart[v + 1]), ascending. */
  readonly valueStart: Uint32Array;
  readonly positions: Uint32Array;
  /** Value ids of each kind in the order the distinct lists show them. */
  private readonly ordered = new Map<FacetKind, Uint32Array>();
  private readonly ids = new Map<FacetKind, Map<string, number>>();
  /** Each value's name and link as JSON strings, made on first use. */
  private quoted: { name: string[]; link: string[] } | null = null;

  /**
   * `pairs`: (item position < n, value id) in row order; or, from `shifted`, the tables already
   * laid out (`parts`, and no pairs).
   */
  constructor(
    n: number,
    values: { kind: FacetKind; link: string; name: string }[],
    pairs: { pos: Uint32Array; value: Uint32Array; length: number } | null,
    parts?: { itemStart: Uint32Array; valueIds: Uint16Array | Uint32Array; valueStart: Uint32Array; positions: Uint32Array; ordered?: Map<FacetKind, Uint32Array> },
  ) {
    this.kind = values.map((v) => v.kind);
    this.link = values.map((v) => v.link);
    this.name = values.map((v) => v.name);
    for (const k of FACET_KINDS) this.ids.set(k, new Map());
    values.forEach((v, id) => this.ids.get(v.kind)!.set(v.link, id));
    for (const kind of FACET_KINDS) {
      const kept = parts?.ordered?.get(kind);
      if (kept) {
        this.ordered.set(kind, kept);
        continue;
      }
      const byName = kind !== 'size' && kind !== 'dimension';
      const of: number[] = [];
      values.forEach((v, id) => v.kind === kind && of.push(id));
      of.sort((a, b) => (byName ? collator.compare(this.name[a]!, this.name[b]!) : collator.compare(this.link[a]!, this.link[b]!)) || (this.link[a]! < this.link[b]! ? -1 : 1));
      this.ordered.set(kind, Uint32Array.from(of));
    }
    if (parts) {
      ({ itemStart: this.itemStart, valueIds: this.valueIds, valueStart: this.valueStart, positions: this.positions } = parts);
      return;
    }
    pairs ??= { pos: new Uint32Array(0), value: new Uint32Array(0), length: 0 };

    // Counting sorts of the pairs by position and by value: stable, so row order is kept.
    this.itemStart = new Uint32Array(n + 1);
    this.valueStart = new Uint32Array(values.length + 1);
    for (let i = 0; i < pairs.length; i++) {
      this.itemStart[pairs.pos[i]! + 1]!++;
      this.valueStart[pairs.value[i]! + 1]!++;
    }
    for (let p = 0; p < n; p++) this.itemStart[p + 1]! += this.itemStart[p]!;
    for (let v = 0; v < values.length; v++) this.valueStart[v + 1]! += this.valueStart[v]!;
    this.valueIds = values.length <= 0xffff ? new Uint16Array(pairs.length) : new Uint32Array(pairs.length);
    this.positions = new Uint32Array(pairs.length);
    const nextOfItem = this.itemStart.slice(0, n);
    for (let i = 0; i < pairs.length; i++) this.valueIds[nextOfItem[pairs.pos[i]!]!++] = pairs.value[i]!;
    // Each value's positions, filled item by item so they come out ascending whatever the row order.
    const nextOfValue = this.valueStart.slice(0, values.length);
    for (let p = 0; p < n; p++) {
      const end = this.itemStart[p + 1]!;
      for (let j = this.itemStart[p]!; j < end; j++) this.positions[nextOfValue[this.valueIds[j]!]!++] = p;
    }
  }

  /**
   * The table after items are taken out and put in (docs/decisions/0020, "positions shift"):
   * item p moves to map[p] (NONE: taken out; the map is increasing over the others), and each
   * inserted item, at its new position, carries its values (by link; a link no item had is a new
   * value id). `runs` is the map as runs. A value no item carries any more keeps its id with no postings (`idOf` answers
   * undefined for it, as a fresh build, which would not have it). New arrays; this table is left
   * as it is, so the steps may run while requests read it.
   */
  *shifted(n: number, map: Uint32Array, runs: Runs, inserted: { pos: number; values: { kind: FacetKind; link: string; name: string }[] }[], spares: Spares): Steps<FacetTable> {
    const values = this.kind.map((kind, v) => ({ kind, link: this.link[v]!, name: this.name[v]! }));
    const ids = new Map([...this.ids].map(([k, m]) => [k, new Map(m)]));
    const adds = [...inserted].sort((a, b) => a.pos - b.pos);
    const addIds = adds.map(({ values: vs }) => {
      const out: number[] = [];
      for (const f of vs) {
        const of = ids.get(f.kind)!;
        let v = of.get(f.link);
        if (v === undefined) {
          of.set(f.link, (v = values.length));
          values.push({ ...f });
        }
        if (!out.includes(v)) out.push(v);
      }
      return out;
    });
    const old = this.itemStart.length - 1;
    // Each value's count: the kept items' and the inserted items'.
    const valueStart = new Uint32Array(values.length + 1);
    for (let v = 0; v < this.size; v++) valueStart[v + 1] = this.valueStart[v + 1]! - this.valueStart[v]!;
    for (let p = 0; p < old; p++) {
      if (map[p] !== NONE) continue;
      for (let j = this.itemStart[p]!; j < this.itemStart[p + 1]!; j++) valueStart[this.valueIds[j]! + 1]!--;
    }
    for (const vs of addIds) for (const v of vs) valueStart[v + 1]!++;
    for (let v = 0; v < values.length; v++) valueStart[v + 1]! += valueStart[v]!;
    const pairs = valueStart[values.length]!;
    const itemStart = spares.u32('facets.itemStart', n + 1);
    const valueIds = values.length <= 0xffff ? spares.u16('facets.valueIds16', pairs) : spares.u32('facets.valueIds32', pairs);
    const walk = { p: 0, a: 0, at: 0, used: 0 };
    while (walk.p < old || walk.a < adds.length) {
      shiftItems(this.itemStart, this.valueIds, map, adds, addIds, itemStart, valueIds, walk, STEP);
      yield;
    }
    if (walk.at !== n || walk.used !== pairs) throw new Error(`FacetTable.shifted: ${walk.at} of ${n} items, ${walk.used} of ${pairs} values`);
    // Each value's positions: the kept ones moved (still ascending), merged with the inserted ones.
    const positions = spares.u32('facets.positions', pairs);
    const joining = new Map<number, number[]>();
    adds.forEach((a, i) => {
      for (const v of addIds[i]!) joining.set(v, [...(joining.get(v) ?? []), a.pos]);
    });
    for (const list of joining.values()) list.sort((x, y) => x - y);
    const postingWalk = { v: 0, i: 0, k: 0, a: 0, r: 0 };
    while (postingWalk.v < values.length) {
      shiftPostings(this.valueStart, this.positions, this.size, runs, joining, valueStart, positions, postingWalk, values.length, 4 * STEP);
      yield;
    }
    // The display order of each kind is kept when no value of it is new.
    const ordered = new Map([...this.ordered].filter(([kind]) => !values.slice(this.size).some((v) => v.kind === kind)));
    return new FacetTable(n, values, null, { itemStart, valueIds, valueStart, positions, ordered });
  }

  /** Gives its big arrays to be written into by the next shift (it is no longer used). */
  giveTo(spares: Spares): void {
    spares.give('facets.itemStart', this.itemStart);
    spares.give(this.valueIds instanceof Uint16Array ? 'facets.valueIds16' : 'facets.valueIds32', this.valueIds);
    spares.give('facets.positions', this.positions);
  }

  get size(): number {
    return this.kind.length;
  }

  /** The id of a value carried by at least one item, or undefined. */
  idOf(kind: FacetKind, link: string): number | undefined {
    const v = this.ids.get(kind)!.get(link);
    return v !== undefined && this.valueStart[v + 1]! > this.valueStart[v]! ? v : undefined;
  }

  /** Ids of every value of a kind. */
  idsOfKind(kind: FacetKind): Iterable<number> {
    return this.ids.get(kind)!.values();
  }

  /** The value ids of the item at position p, in row order. */
  valuesOf(p: number): ArrayLike<number> {
    return this.valueIds.subarray(this.itemStart[p], this.itemStart[p + 1]);
  }

  /** An item's values by kind, as links, in row order. */
  linksOf(p: number): Record<FacetKind, string[]> {
    const out: Record<FacetKind, string[]> = { color: [], event: [], message: [], theme: [], shape: [], size: [], poscat: [], dimension: [] };
    for (let i = this.itemStart[p]!; i < this.itemStart[p + 1]!; i++) {
      const v = this.valueIds[i]!;
      out[this.kind[v]!].push(this.link[v]!);
    }
    return out;
  }

  /** Adds to `counts` (one slot per value id) the values of the items at these positions. */
  count(counts: Uint32Array, positions: ArrayLike<number>): void {
    const { itemStart, valueIds } = this;
    for (let i = 0; i < positions.length; i++) {
      const p = positions[i]!;
      const end = itemStart[p + 1]!;
      for (let j = itemStart[p]!; j < end; j++) counts[valueIds[j]!]!++;
    }
  }

  /**
   * Adds to `counts` the values of the items among positions [lo, hi) whose bit is set. Over the
   * whole catalogue with most bits set, the items whose bit is clear are counted instead and
   * taken from each value's total; runs of 32 set bits are counted as one run of value ids.
   */
  countBits(counts: Uint32Array, bits: Uint32Array, lo = 0, hi = this.itemStart.length - 1): void {
    const n = this.itemStart.length - 1;
    const from = lo >>> 5;
    const to = (hi + 31) >>> 5;
    let flip = 0;
    if (lo === 0 && hi === n) {
      let set = 0;
      for (let w = 0; w < to; w++) if (bits[w] !== 0) set += popcount(bits[w]!);
      flip = set * 2 > n ? -1 : 0;
    }
    const into = flip === 0 ? counts : new Uint32Array(counts.length);
    const { itemStart, valueIds } = this;
    const loMask = -1 << (lo & 31);
    const hiMask = (hi & 31) === 0 ? -1 : (1 << (hi & 31)) - 1;
    for (let w = from; w < to; w++) {
      let x = bits[w]! ^ flip;
      if (w === from) x &= loMask;
      if (w === to - 1) x &= hiMask;
      if (x === 0) continue;
      if (x === -1) {
        const end = itemStart[(w << 5) + 32]!;
        for (let j = itemStart[w << 5]!; j < end; j++) into[valueIds[j]!]!++;
        continue;
      }
      const base = (w << 5) + 31;
      while (x !== 0) {
        const low = x & -x;
        const p = base - Math.clz32(low);
        x ^= low;
        const end = itemStart[p + 1]!;
        for (let j = itemStart[p]!; j < end; j++) into[valueIds[j]!]!++;
      }
    }
    if (flip !== 0) {
      for (let v = 0; v < counts.length; v++) counts[v]! += this.valueStart[v + 1]! - this.valueStart[v]! - into[v]!;
    }
  }

  /**
   * The distinct lists of counted values: present values only, in display order. Written as JSON
   * text from each value's name and link quoted once, byte for byte what JSON.stringify of the
   * lists gives; the lists as objects are parsed from it only when asked for.
   */
  lists(counts: Uint32Array): Distincts {
    const quoted = (this.quoted ??= { name: this.name.map((x) => JSON.stringify(x)), link: this.link.map((x) => JSON.stringify(x)) });
    const part = (key: string, kind: FacetKind, shape: 'named' | 'plain' | 'poscat') => {
      let out = '';
      for (const id of this.ordered.get(kind)!) {
        const count = counts[id]!;
        if (count === 0) continue;
        if (out !== '') out += ',';
        if (shape === 'plain') out += quoted.link[id]!;
        else if (shape === 'named') out += `{"name":${quoted.name[id]!},"link":${quoted.link[id]!},"count":${count}}`;
        else out += `{"poscatNum":${quoted.link[id]!},"poscatName":${quoted.name[id]!},"count":${count}}`;
      }
      return `"${key}":[${out}]`;
    };
    return new DistinctsText(DISTINCT_PARTS.map(([key, kind, shape]) => part(key, kind, shape)).join(','));
  }
}

/**
 * `FacetTable.shifted`'s item walk, up to `budget` old items: the value ids of each kept item
 * (at its new position) and of each inserted one, in new position order.
 */
function shiftItems(
  start: Uint32Array,
  ids: Uint16Array | Uint32Array,
  map: Uint32Array,
  adds: { pos: number }[],
  addIds: number[][],
  itemStart: Uint32Array,
  valueIds: Uint16Array | Uint32Array,
  walk: { p: number; a: number; at: number; used: number },
  budget: number,
): void {
  const old = start.length - 1;
  let { p, a, at, used } = walk;
  const stop = p + budget;
  while ((p < old && p < stop) || (p >= old && a < adds.length)) {
    if (a < adds.length && adds[a]!.pos === at) {
      for (const v of addIds[a++]!) valueIds[used++] = v;
    } else if (map[p] === NONE) {
      p++;
      continue;
    } else {
      // A run of kept items up to the next one taken out or put in: copied as one block.
      let end = p + 1;
      const limit = Math.min(old, stop, a < adds.length ? p + (adds[a]!.pos - at) : old);
      while (end < limit && map[end] !== NONE) end++;
      valueIds.set(ids.subarray(start[p]!, start[end]!), used);
      const shift = used - start[p]!;
      for (let q = p + 1; q <= end; q++) itemStart[++at] = start[q]! + shift;
      used += start[end]! - start[p]!;
      p = end;
      continue;
    }
    itemStart[++at] = used;
  }
  walk.p = p;
  walk.a = a;
  walk.at = at;
  walk.used = used;
}

/**
 * `FacetTable.shifted`'s postings, resumed where `walk` stopped, until about `budget` old postings
 * are read. A value's postings are ascending, so the runs of the map are walked beside them: each
 * kept position moves by its run's delta, one between runs is taken out; the inserted ones
 * (`joining`, new positions) are merged in.
 */
function shiftPostings(
  oldStart: Uint32Array,
  oldPositions: Uint32Array,
  oldSize: number,
  runs: Runs,
  joining: Map<number, number[]>,
  valueStart: Uint32Array,
  positions: Uint32Array,
  walk: { v: number; i: number; k: number; a: number; r: number },
  size: number,
  budget: number,
): void {
  let { v, i, k, a, r } = walk;
  let left = budget;
  const { from, to, delta } = runs;
  while (v < size && left > 0) {
    const adds = joining.get(v);
    const end = v < oldSize ? oldStart[v + 1]! : 0;
    if (v < oldSize && i < oldStart[v]!) i = oldStart[v]!;
    const stop = Math.max(i, Math.min(end, i + left));
    left -= stop - i;
    for (; i < stop; i++) {
      const p = oldPositions[i]!;
      while (r < from.length && to[r]! <= p) r++;
      if (r === from.length || p < from[r]!) continue;
      const q = p + delta[r]!;
      if (adds) while (a < adds.length && adds[a]! < q) positions[k++] = adds[a++]!;
      positions[k++] = q;
    }
    if (i < end) break;
    if (adds) while (a < adds.length) positions[k++] = adds[a++]!;
    if (k !== valueStart[v + 1]) throw new Error(`FacetTable.shifted: value ${v} has ${k - valueStart[v]!} positions, counted ${valueStart[v + 1]! - valueStart[v]!}`);
    v++;
    a = 0;
    r = 0;
  }
  walk.v = v;
  walk.i = i;
  walk.k = k;
  walk.a = a;
  walk.r = r;
}

/** Distinct lists kept as their JSON text (one string, not hundreds of small objects). */
class DistinctsText implements Distincts {
  constructor(readonly json: string) {}

  get lists(): DistinctLists {
    return JSON.parse(`{${this.json}}`) as DistinctLists;
  }
}

/** The distinct lists in the answer's order: key, facet kind, and how a value is written. */
const DISTINCT_PARTS: readonly (readonly [string, FacetKind, 'named' | 'plain' | 'poscat'])[] = [
  ['distinctEvents', 'event', 'named'],
  ['distinctMessages', 'message', 'named'],
  ['distinctThemes', 'theme', 'named'],
  ['distinctShapes', 'shape', 'named'],
  ['distinctColors', 'color', 'named'],
  ['distinctSizes', 'size', 'plain'],
  ['distinctPoscats', 'poscat', 'poscat'],
  ['distinctDimensions', 'dimension', 'plain'],
];

/** What `lists` answers when nothing was counted (a search that finds nothing): every list empty, without a walk of every value. */
export const NO_DISTINCTS: Distincts = new DistinctsText(DISTINCT_PARTS.map(([key]) => `"${key}":[]`).join(','));

/** Set bits in a 32-bit word. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The first index in [lo, hi) of an ascending list whose value is ≥ x (hi if none). */
export function firstAtLeast(sorted: Uint32Array, lo: number, hi: number, x: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
