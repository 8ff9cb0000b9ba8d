import type { ListingSort } from '../../../contract/catalogue';
import { type Distincts, popcount } from '../facet-table';
import { bitsOf, orPostings } from './arrays';
import type { IndexedItem } from './item';
import type { IndexState } from './state';
import type { ActiveFilter } from './types';

/* Answers from the index: an item's position, a category's members and distinct lists, a filtered page. */

/** Memory the cached category bitsets of one index may hold. */
const CATEGORY_BITS_BYTES = 32 * 1024 * 1024;
/** Below this share of the category, matches are collected and sorted instead of walked. */
const FEW = 16;

/** The position of the item with this id, or -1 when the index does not hold it. */
export function positionOfId(ix: Pick<IndexState, 'items' | 'idOrder'>, id: number): number {
  const order = ix.idOrder;
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ix.items[order[mid]!]!.id < id) lo = mid + 1;
    else hi = mid;
  }
  return lo < order.length && ix.items[order[lo]!]!.id === id ? order[lo]! : -1;
}

/**
 * Item positions of a category (with descendants), in the given order; empty when it has none.
 * `position` is a collection's curated order (a tree category has none: newest first).
 */
export function categoryMembers(ix: Pick<IndexState, 'members'>, categoryNum: number, sort: ListingSort): Uint32Array {
  const members = ix.members.get(categoryNum);
  if (!members) return new Uint32Array(0);
  return sort === 'position' ? (members.position ?? members.date) : members[sort];
}

/** The positions [lo, hi) a category's members fill, or null when they are not one range. */
export function categoryRange(ix: Pick<IndexState, 'spans'>, categoryNum: number): { lo: number; hi: number } | null {
  const span = ix.spans.get(categoryNum);
  return span?.range ? { lo: span.lo, hi: span.hi } : null;
}

/** A category's distinct lists, counted and serialised on first use. */
export function categoryDistinctsOnce(ix: Pick<IndexState, 'members' | 'facets' | 'distinctCache'>, categoryNum: number): Distincts {
  let d = ix.distinctCache.get(categoryNum);
  if (!d) {
    // The counts are kept too: a shift moves them by the items taken out and put in.
    const counts = new Uint32Array(ix.facets.size);
    ix.facets.count(counts, categoryMembers(ix, categoryNum, 'date'));
    d = { distincts: ix.facets.lists(counts), counts };
    ix.distinctCache.set(categoryNum, d);
  }
  return d.distincts;
}

export function countDistincts(ix: Pick<IndexState, 'facets'>, positions: ArrayLike<number>): Distincts {
  const counts = new Uint32Array(ix.facets.size);
  ix.facets.count(counts, positions);
  return ix.facets.lists(counts);
}

/**
 * One page of the positions (in their order) that pass every filter (values OR within a
 * filter, AND across filters), with the total that pass.
 */
export function positionsPage(ix: IndexState, positions: ArrayLike<number>, filters: ActiveFilter[], offset: number, limit: number): { page: IndexedItem[]; total: number } {
  const page: IndexedItem[] = [];
  if (filters.length === 0) {
    const end = Math.min(positions.length, offset + limit);
    for (let i = offset; i < end; i++) page.push(ix.items[positions[i]!]!);
    return { page, total: positions.length };
  }
  const sets: Uint32Array[] = [];
  for (let i = 0; i < filters.length; i++) sets.push(filterBits(ix, filters[i]!, i, 0, ix.items.length));
  let total = 0;
  outer: for (let i = 0; i < positions.length; i++) {
    const p = positions[i]!;
    for (const s of sets) if ((s[p >>> 5]! & (1 << (p & 31))) === 0) continue outer;
    if (total >= offset && page.length < limit) page.push(ix.items[p]!);
    total++;
  }
  releaseScratch(ix, filters.length, 0, ix.words);
  return { page, total };
}

/**
 * One page of a category's items that pass the filters: the AND of each filter's bitset over
 * the category's span of words (and of the category's own bitset, where its members are not
 * one range) gives the total; the page is then found by walking the category's members in the
 * sort order (matches are common) or by sorting the few matches by rank.
 */
export function categoryPage(ix: IndexState, categoryNum: number, sort: ListingSort, filters: ActiveFilter[], offset: number, limit: number): { page: IndexedItem[]; total: number } {
  const members = categoryMembers(ix, categoryNum, sort);
  if (filters.length === 0 || members.length === 0) {
    const end = Math.min(members.length, offset + limit);
    const page: IndexedItem[] = [];
    for (let i = offset; i < end; i++) page.push(ix.items[members[i]!]!);
    return { page, total: members.length };
  }
  const span = ix.spans.get(categoryNum)!;
  const from = span.lo >>> 5;
  const to = (span.hi + 31) >>> 5;
  const result = ix.result;
  // One pass for the category and the first filter, then one per further filter.
  const first = filterBits(ix, filters[0]!, 0, span.lo, span.hi);
  if (span.range) {
    for (let w = from; w < to; w++) result[w] = first[w]!;
    result[from]! &= -1 << (span.lo & 31);
    if ((span.hi & 31) !== 0) result[to - 1]! &= (1 << (span.hi & 31)) - 1;
  } else {
    const inCategory = categoryBits(ix, categoryNum);
    for (let w = from; w < to; w++) result[w] = inCategory[w]! & first[w]!;
  }
  for (let i = 1; i < filters.length; i++) {
    const other = filterBits(ix, filters[i]!, i, span.lo, span.hi);
    for (let w = from; w < to; w++) result[w]! &= other[w]!;
  }
  releaseScratch(ix, filters.length, from, to);
  let total = 0;
  for (let w = from; w < to; w++) if (result[w] !== 0) total += popcount(result[w]!);
  const end = Math.min(total, offset + limit);
  const page: IndexedItem[] = [];
  if (offset >= end) return { page, total };
  // The curated order has no rank over all items: its (short) member list is walked.
  if (sort !== 'position' && total * FEW <= members.length) {
    const rank = ix.rank[sort];
    const ranks = new Uint32Array(total);
    let k = 0;
    for (let w = from; w < to; w++) {
      for (let x = result[w]!; x !== 0; x &= x - 1) ranks[k++] = rank[(w << 5) + 31 - Math.clz32(x & -x)]!;
    }
    ranks.sort();
    const order = ix.order[sort];
    for (let i = offset; i < end; i++) page.push(ix.items[order[ranks[i]!]!]!);
  } else {
    let k = 0;
    for (let i = 0; i < members.length && k < end; i++) {
      const p = members[i]!;
      if ((result[p >>> 5]! & (1 << (p & 31))) === 0) continue;
      if (k++ >= offset) page.push(ix.items[p]!);
    }
  }
  return { page, total };
}

/**
 * The items passing a filter, as a bitset valid on the words holding positions [lo, hi) (bits
 * outside [lo, hi) may be anything): kept for `all` and one common value, else built in
 * scratch `slot`.
 */
function filterBits(ix: IndexState, filter: ActiveFilter, slot: number, lo: number, hi: number): Uint32Array {
  if (filter.links === 'any') return ix.anyBits.get(filter.kind)!;
  const ids: number[] = [];
  for (const link of filter.links) {
    const v = ix.facets.idOf(filter.kind, link);
    if (v !== undefined) ids.push(v);
  }
  if (ids.length === 1 && ix.denseBits.has(ids[0]!)) return ix.denseBits.get(ids[0]!)!;
  const bits = (ix.scratch[slot] ??= new Uint32Array(ix.words));
  const from = lo >>> 5;
  const to = (hi + 31) >>> 5;
  for (const v of ids) {
    const dense = ix.denseBits.get(v);
    if (dense) for (let w = from; w < to; w++) bits[w]! |= dense[w]!;
    else orPostings(bits, ix.facets, v, lo, hi);
  }
  return bits;
}

/** Zeroes the words [from, to) of the first `used` scratch bitsets. */
function releaseScratch(ix: Pick<IndexState, 'scratch'>, used: number, from: number, to: number): void {
  for (let i = 0; i < used; i++) ix.scratch[i]?.fill(0, from, to);
}

function categoryBits(ix: IndexState, categoryNum: number): Uint32Array {
  let bits = ix.categoryBitsCache.get(categoryNum);
  if (bits) {
    ix.categoryBitsCache.delete(categoryNum);
  } else {
    bits = bitsOf(ix.words, categoryMembers(ix, categoryNum, 'date'));
    const capacity = Math.max(4, Math.floor(CATEGORY_BITS_BYTES / (4 * Math.max(1, ix.words))));
    if (ix.categoryBitsCache.size >= capacity) ix.categoryBitsCache.delete(ix.categoryBitsCache.keys().next().value!);
  }
  ix.categoryBitsCache.set(categoryNum, bits);
  return bits;
}
