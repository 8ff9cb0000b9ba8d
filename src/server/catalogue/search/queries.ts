import type { SortKey } from '../../../contract/catalogue';
import { type DistinctLists, type Distincts, firstAtLeast, NO_DISTINCTS, popcount } from '../facet-table';
import { rangeKey, setBits, uniqueSorted, wordRange } from './postings';
import type { SearchState } from './state';

/** A match set covering more than 1/DENSE of the positions searched is put in order by walking the sort order. */
const DENSE = 3;
/** A list of matches with fewer than 1/FEW_FACTOR of the words of a bitset over all items is ordered by sorting ranks. */
const FEW_FACTOR = 8;
/** Distinct lists kept for reuse across sort orders and pages (one JSON string each, a few kilobytes). */
const DISTINCT_CACHE_SIZE = 2048;
/** Characters those strings may hold together. */
const DISTINCT_CACHE_CHARS = 8 * 1024 * 1024;

export interface SearchAnswer {
  positions: Uint32Array;
  distincts: Distincts;
}

/** One page of a search: its positions in the sort's order, how many match in all, and their distinct lists. */
export interface SearchPage {
  positions: Uint32Array;
  total: number;
  distincts: Distincts;
}

type Matches = { kind: 'list'; positions: Uint32Array } | { kind: 'bits'; bits: Uint32Array };

/** A search term: a prefix some word must start, or prefixes of which one must (synonyms, typos). */
export type SearchTerm = string | string[];

/**
 * The items matching every term (none for no terms) in the sort's order, limited to a
 * category (with its descendants) when one is given, with their distinct lists.
 */
export function search(s: SearchState, terms: SearchTerm[], sort: SortKey, scope?: number): SearchAnswer {
  const found = match(s, terms);
  if (!found) return { positions: new Uint32Array(0), distincts: NO_DISTINCTS };
  const { matches } = found;
  // A tree category is one range of positions; an NV collection is walked in the sort's order.
  const range = scope === undefined ? { lo: 0, hi: s.n } : s.index.categoryRange(scope);
  const members = range ? undefined : s.index.categoryMembers(scope!, sort);
  const within = range ? inRange(matches, range.lo, range.hi, scope) : matches;
  const positions = range ? inOrder(s, within, sort, range.lo, range.hi, scope) : pick(s, members!, matches);
  if (range) return { positions, distincts: distinctsOf(s, found.key, scope, within, range) };
  // Counting in position order reads the per-item facet ids front to back, several times
  // faster on large results than following the sort order.
  const distincts = cachedDistincts(s, `${scope ?? ''}|${found.key}`, (counts) => {
    for (const p of positions) s.scratch[p >>> 5]! |= 1 << (p & 31);
    s.index.facets.countBits(counts, s.scratch, 0, s.n);
    s.scratch.fill(0);
  });
  return { positions, distincts };
}

/**
 * One page of what `search` answers (its positions [offset, offset + limit)), with their total
 * and the distinct lists, without putting every match in order: the walk of the sort order
 * stops at the page's end. Answers without filters need no more than this, so a large match
 * set costs no array of its size per request (docs/decisions/0007-in-memory-search.md).
 */
export function searchPage(s: SearchState, terms: SearchTerm[], sort: SortKey, scope: number | undefined, offset: number, limit: number): SearchPage {
  const range = scope === undefined ? { lo: 0, hi: s.n } : s.index.categoryRange(scope);
  if (!range) {
    // An NV collection is not one range of positions: its members are walked in full.
    const all = search(s, terms, sort, scope);
    return { positions: all.positions.slice(offset, offset + limit), total: all.positions.length, distincts: all.distincts };
  }
  const found = match(s, terms);
  if (!found) return { positions: new Uint32Array(0), total: 0, distincts: NO_DISTINCTS };
  const within = inRange(found.matches, range.lo, range.hi, scope);
  const total = countIn(within, range.lo, range.hi);
  const positions = pageInOrder(s, within, total, sort, range.lo, range.hi, scope, offset, limit);
  return { positions, total, distincts: distinctsOf(s, found.key, scope, within, range) };
}

/**
 * Positions [offset, offset + limit) of the m matches among [lo, hi) in the sort's order. A
 * walk of the order (or the scope's members, which are that range in order) ends after the
 * page; it is expected to read about (offset + limit) × (hi − lo) / m entries, so it is taken
 * when that is no more than the matches themselves; otherwise the matches are put in order
 * as `inOrder` does and the page is cut from them.
 */
function pageInOrder(s: SearchState, matches: Matches, m: number, sort: SortKey, lo: number, hi: number, scope: number | undefined, offset: number, limit: number): Uint32Array {
  const end = Math.min(m, offset + limit);
  if (offset >= end) return new Uint32Array(0);
  if (end * (hi - lo) > m * m) return inOrder(s, matches, sort, lo, hi, scope, s.out).slice(offset, end);
  const walk = scope === undefined ? s.index.order[sort] : s.index.categoryMembers(scope, sort);
  const bits = matches.kind === 'bits' ? matches.bits : s.scratch;
  if (matches.kind === 'list') for (const p of matches.positions) bits[p >>> 5]! |= 1 << (p & 31);
  const out = new Uint32Array(end - offset);
  let k = 0;
  for (let i = 0; i < walk.length && k < end; i++) {
    const p = walk[i]!;
    if ((bits[p >>> 5]! & (1 << (p & 31))) === 0 || p < lo || p >= hi) continue;
    if (k++ >= offset) out[k - offset - 1] = p;
  }
  if (matches.kind === 'list') for (const p of matches.positions) bits[p >>> 5] = 0;
  return out;
}

/** The matches limited to positions [lo, hi): a list is cut to them; a bitset is read only there. */
function inRange(matches: Matches, lo: number, hi: number, scope: number | undefined): Matches {
  if (matches.kind === 'bits' || scope === undefined) return matches;
  const list = matches.positions;
  return { kind: 'list', positions: list.subarray(firstAtLeast(list, 0, list.length, lo), firstAtLeast(list, 0, list.length, hi)) };
}

/** How many matches lie among positions [lo, hi). */
function countIn(matches: Matches, lo: number, hi: number): number {
  if (matches.kind === 'list') return matches.positions.length;
  const bits = matches.bits;
  const from = lo >>> 5;
  const to = (hi + 31) >>> 5;
  const loMask = -1 << (lo & 31);
  const hiMask = (hi & 31) === 0 ? -1 : (1 << (hi & 31)) - 1;
  let m = 0;
  for (let w = from; w < to; w++) {
    let x = bits[w]!;
    if (x === 0) continue;
    if (w === from) x &= loMask;
    if (w === to - 1) x &= hiMask;
    m += popcount(x);
  }
  return m;
}

/**
 * The distinct lists of a tree-scoped (or unscoped) match set, kept per scope and match set:
 * they do not depend on the sort, so one count serves all three orders and every page.
 */
function distinctsOf(s: SearchState, matchKey: string, scope: number | undefined, within: Matches, range: { lo: number; hi: number }): Distincts {
  return cachedDistincts(s, `${scope ?? ''}|${matchKey}`, (counts) => {
    if (within.kind === 'list') s.index.facets.count(counts, within.positions);
    else s.index.facets.countBits(counts, within.bits, range.lo, range.hi);
  });
}

/** Distinct lists by key, counted on a miss; the least recently used are dropped beyond the cache's bounds. */
function cachedDistincts(s: SearchState, key: string, count: (counts: Uint32Array) => void): Distincts {
  let distincts = s.distinctCache.get(key);
  if (distincts) {
    s.distinctCache.delete(key);
  } else {
    distincts = countedDistincts(s, count);
    s.distinctCounts.set(key, s.counts.slice(0, s.index.facets.size));
    s.distinctCacheChars += distincts.json.length;
    while (s.distinctCache.size >= DISTINCT_CACHE_SIZE || (s.distinctCacheChars > DISTINCT_CACHE_CHARS && s.distinctCache.size > 0)) {
      const oldest = s.distinctCache.keys().next().value!;
      s.distinctCacheChars -= s.distinctCache.get(oldest)!.json.length;
      s.distinctCache.delete(oldest);
      s.distinctCounts.delete(oldest);
    }
  }
  s.distinctCache.set(key, distincts);
  return distincts;
}

/**
 * The matches among positions [lo, hi) (all of a list's are there) in the sort's order, in a
 * new array or `into` (scratch, at least as long as the matches). Many
 * matches: a walk of the sort order (or the scope's members, which are that range in order).
 * Few: their ranks sorted. Otherwise their ranks are marked in a bitset over ranks, which is
 * then read in rank order: linear in the matches plus a word per 32 items.
 */
function inOrder(s: SearchState, matches: Matches, sort: SortKey, lo: number, hi: number, scope: number | undefined, into?: Uint32Array): Uint32Array {
  const rank = s.index.rank[sort];
  const order = s.index.order[sort];
  const from = lo >>> 5;
  const to = (hi + 31) >>> 5;
  const loMask = -1 << (lo & 31);
  const hiMask = (hi & 31) === 0 ? -1 : (1 << (hi & 31)) - 1;
  const m = countIn(matches, lo, hi);
  // Into scratch when only a page of it is wanted: no array of every match per request.
  const out = into ? into.subarray(0, m) : new Uint32Array(m);
  if (m === 0) return out;
  if (m * DENSE > hi - lo) {
    const walk = scope === undefined ? order : s.index.categoryMembers(scope, sort);
    const bits = matches.kind === 'bits' ? matches.bits : s.scratch;
    if (matches.kind === 'list') for (const p of matches.positions) bits[p >>> 5]! |= 1 << (p & 31);
    let k = 0;
    for (let i = 0; i < walk.length && k < m; i++) {
      const p = walk[i]!;
      if ((bits[p >>> 5]! & (1 << (p & 31))) !== 0) out[k++] = p;
    }
    if (matches.kind === 'list') for (const p of matches.positions) bits[p >>> 5] = 0;
    return out;
  }
  if (matches.kind === 'list' && m * FEW_FACTOR < s.rankBits.length) {
    const list = matches.positions;
    for (let i = 0; i < m; i++) out[i] = rank[list[i]!]!;
    out.sort();
    for (let i = 0; i < m; i++) out[i] = order[out[i]!]!;
    return out;
  }
  const ranks = s.rankBits;
  if (matches.kind === 'list') {
    const list = matches.positions;
    for (let i = 0; i < m; i++) {
      const r = rank[list[i]!]!;
      ranks[r >>> 5]! |= 1 << (r & 31);
    }
  } else {
    const bits = matches.bits;
    for (let w = from; w < to; w++) {
      let x = bits[w]!;
      if (x === 0) continue;
      if (w === from) x &= loMask;
      if (w === to - 1) x &= hiMask;
      const base = (w << 5) + 31;
      while (x !== 0) {
        const low = x & -x;
        x ^= low;
        const r = rank[base - Math.clz32(low)]!;
        ranks[r >>> 5]! |= 1 << (r & 31);
      }
    }
  }
  let k = 0;
  for (let w = 0; w < ranks.length && k < m; w++) {
    let x = ranks[w]!;
    if (x === 0) continue;
    ranks[w] = 0;
    const base = (w << 5) + 31;
    while (x !== 0) {
      const low = x & -x;
      x ^= low;
      out[k++] = order[base - Math.clz32(low)]!;
    }
  }
  return out;
}

/** The matches among `walk` (the sort order, or a category's members in it), in walk order. */
function pick(s: SearchState, walk: Uint32Array, matches: Matches): Uint32Array {
  const bits = s.scratch;
  const set = matches.kind === 'bits' ? matches.bits : bits;
  if (matches.kind === 'list') for (const p of matches.positions) bits[p >>> 5]! |= 1 << (p & 31);
  const out = s.out;
  let k = 0;
  for (let i = 0; i < walk.length; i++) {
    const p = walk[i]!;
    if ((set[p >>> 5]! & (1 << (p & 31))) !== 0) out[k++] = p;
  }
  if (matches.kind === 'list') for (const p of matches.positions) bits[p >>> 5] = 0;
  return out.slice(0, k);
}

/** Every facet value among the given items with its count, as CatalogueIndex.distincts answers. */
export function searchDistincts(s: SearchState, positions: ArrayLike<number>): DistinctLists {
  return countedDistincts(s, (counts) => s.index.facets.count(counts, positions)).lists;
}

function countedDistincts(s: SearchState, count: (counts: Uint32Array) => void): Distincts {
  s.counts.fill(0);
  count(s.counts);
  return s.index.facets.lists(s.counts);
}

/**
 * The items matching every term, unordered; null when none can. A term is a prefix, or a list of
 * prefixes of which any will do (the term, its synonyms, the words within its typos).
 */
function match(s: SearchState, terms: SearchTerm[]): { matches: Matches; key: string } | null {
  if (terms.length === 0) return null;
  if (terms.some((t) => typeof t !== 'string')) return matchAny(s, terms);
  const ranges: [number, number][] = [];
  for (const t of terms as string[]) {
    const r = wordRange(s, t);
    if (r[0] === r[1]) return null;
    ranges.push(r);
  }
  // A term whose words include all of another's adds nothing ("re" next to "red").
  const needed = ranges.filter((a, i) => !ranges.some((b, j) => j !== i && a[0] <= b[0] && b[1] <= a[1] && (a[0] !== b[0] || a[1] !== b[1] || j < i)));
  const weight = ([lo, hi]: [number, number]) => s.postingStart[hi]! - s.postingStart[lo]!;
  needed.sort((a, b) => weight(a) - weight(b));
  const [first, ...rest] = needed as [[number, number], ...[number, number][]];
  const key = needed.map(([lo, hi]) => rangeKey(s, lo, hi)).join(' ');
  if (weight(first) * 32 > s.n) {
    // Every term matches a large share: AND their bitsets, a word at a time.
    const bits = rest.length === 0 ? rangeBits(s, first[0], first[1]) : rangeBits(s, first[0], first[1]).slice();
    for (const [lo, hi] of rest) {
      const other = rangeBits(s, lo, hi);
      for (let i = 0; i < bits.length; i++) bits[i]! &= other[i]!;
    }
    return { matches: { kind: 'bits', bits }, key };
  }
  let candidates = s.postings.subarray(s.postingStart[first[0]], s.postingStart[first[1]]);
  if (first[1] - first[0] > 1) candidates = uniqueSorted(candidates);
  if (rest.length === 0) return { matches: { kind: 'list', positions: candidates }, key };
  // Each further term keeps the candidates whose bit is set in its bitset: kept for a wide
  // term, marked in scratch from the postings (fewer than 1 item in 32) for a narrow one.
  const found = new Uint32Array(candidates.length);
  let from: Uint32Array = candidates;
  let k = candidates.length;
  for (const [lo, hi] of rest) {
    const wide = weight([lo, hi]) * 32 > s.n;
    const bits = wide ? rangeBits(s, lo, hi) : markPostings(s, lo, hi, -1);
    let kept = 0;
    for (let i = 0; i < k; i++) {
      const p = from[i]!;
      if ((bits[p >>> 5]! & (1 << (p & 31))) !== 0) found[kept++] = p;
    }
    if (!wide) markPostings(s, lo, hi, 0);
    from = found;
    k = kept;
  }
  return { matches: { kind: 'list', positions: found.subarray(0, k) }, key };
}

/**
 * `match` with terms of several prefixes: each term's items are the union of its prefixes'
 * postings, in a bitset of its own, and the terms' bitsets are ANDed. Only searches widened by
 * synonyms or typos come here.
 */
function matchAny(s: SearchState, terms: SearchTerm[]): { matches: Matches; key: string } | null {
  let bits: Uint32Array | null = null;
  const keys: string[] = [];
  for (const t of terms) {
    const ranges = (typeof t === 'string' ? [t] : t).map((p) => wordRange(s, p)).filter(([lo, hi]) => lo < hi);
    if (ranges.length === 0) return null;
    keys.push(ranges.map(([lo, hi]) => rangeKey(s, lo, hi)).sort().join('|'));
    const own = new Uint32Array(s.scratch.length);
    for (const [lo, hi] of ranges) setBits(own, s.postings, s.postingStart[lo]!, s.postingStart[hi]!);
    if (bits) for (let i = 0; i < bits.length; i++) bits[i]! &= own[i]!;
    else bits = own;
  }
  return { matches: { kind: 'bits', bits: bits! }, key: keys.join(' ') };
}

/** Sets (`to` -1) or clears (`to` 0) the scratch bits of the items holding a word in [lo, hi). */
function markPostings(s: SearchState, lo: number, hi: number, to: number): Uint32Array {
  const bits = s.scratch;
  const end = s.postingStart[hi]!;
  for (let i = s.postingStart[lo]!; i < end; i++) {
    const p = s.postings[i]!;
    if (to === 0) bits[p >>> 5] = 0;
    else bits[p >>> 5]! |= 1 << (p & 31);
  }
  return bits;
}


/** The bitset of the items holding a word in [lo, hi): pinned, cached, or built now. */
function rangeBits(s: SearchState, lo: number, hi: number): Uint32Array {
  const key = rangeKey(s, lo, hi);
  const cached = s.bitsets.get(key);
  if (cached) return cached;
  const bits = buildBits(s, lo, hi);
  s.bitsets.set(key, bits);
  if (s.bitsets.size > s.pinned + s.bitsetCapacity) {
    // Evict the oldest unpinned entry (the pinned one-letter sets were inserted first).
    let skip = s.pinned;
    for (const k of s.bitsets.keys()) {
      if (skip-- > 0) continue;
      s.bitsets.delete(k);
      break;
    }
  }
  return bits;
}

function buildBits(s: SearchState, lo: number, hi: number): Uint32Array {
  const bits = new Uint32Array(s.scratch.length);
  setBits(bits, s.postings, s.postingStart[lo]!, s.postingStart[hi]!);
  return bits;
}
