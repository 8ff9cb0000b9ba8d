import { collator } from '../collation';
import { type FacetTable, firstAtLeast } from '../facet-table';
import { NONE, STEP, type Steps } from '../sliced';
import type { Span } from './types';

/* Algorithms over the index's typed arrays: orders, merges, bitsets. */

/** The collator's order of two texts (equal texts without asking it). */
export function compareText(a: string, b: string): number {
  return a === b ? 0 : collator.compare(a, b);
}

/** Where a category's members lie, from its positions (in any order). */
export function spanOf(positions: Uint32Array): Span {
  let lo = positions[0]!;
  let hi = lo;
  for (let i = 1; i < positions.length; i++) {
    const p = positions[i]!;
    if (p < lo) lo = p;
    else if (p > hi) hi = p;
  }
  return { lo, hi: hi + 1, range: hi + 1 - lo === positions.length };
}

/** Creation times compared as text (the build's newest-first sort compares them so). */
export function compareDates(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * An index i of `a` such that `at` holds for no entry not marked (in `marked`) before i and for
 * every one from i on (`at` is monotone over the unmarked entries, which are few short of all).
 */
export function firstKept(a: Uint32Array, marked: Uint8Array, at: (x: number) => boolean): number {
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
export function* movedInto(
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

/**
 * Runs `work` with `positions` set in the holder's scratch marks over positions (made at least n
 * long), which are all zero again after, whatever happens.
 */
export function* marking<T>(holder: { marks: Uint8Array | null }, n: number, positions: number[], work: (marks: Uint8Array) => Steps<T>): Steps<T> {
  if (!holder.marks || holder.marks.length < n) holder.marks = new Uint8Array(n);
  const out = holder.marks;
  for (const p of positions) out[p] = 1;
  try {
    return yield* work(out);
  } finally {
    for (const p of positions) out[p] = 0;
  }
}

/** rank[order[i]] = i for i in [from, to). */
export function invertInto(rank: Uint32Array, order: Uint32Array, from: number, to: number): void {
  for (let i = from; i < to; i++) rank[order[i]!] = i;
}

export function grow(a: Uint32Array): Uint32Array {
  const b = new Uint32Array(a.length * 2);
  b.set(a);
  return b;
}

export function lowerBound(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function bitsOf(words: number, positions: ArrayLike<number>): Uint32Array {
  const bits = new Uint32Array(words);
  for (let i = 0; i < positions.length; i++) bits[positions[i]! >>> 5]! |= 1 << (positions[i]! & 31);
  return bits;
}

/** Sets the bits of the items carrying value v, among positions [lo, hi). */
export function orPostings(bits: Uint32Array, facets: FacetTable, v: number, lo: number, hi: number): void {
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

