import type { FacetValue, PoscatValue, SortKey } from '../../contract/catalogue';
import type { FacetKind } from '../db/schema';
import { type CatalogueIndex, type DistinctLists, FACET_KINDS } from './catalogue-index';

/**
 * Catalogue search answered from memory, with the semantics of the database full-text search
 * (src/server/db/dialect.ts): every term must be the start of some word of the item's title,
 * key words, number, code or UPC. Everything is held in typed arrays, so half a million items
 * cost tens of megabytes, not the gigabyte per-item objects and sets would.
 *
 * Words are kept sorted, so the words a term starts are one contiguous range of word ids; an
 * item's words are kept as sorted word ids, so "does this item match the term" is one scan of
 * a dozen integers. A query starts from its most selective term and checks the others per item;
 * terms that match a large part of the catalogue (one-letter prefixes) are bitsets instead.
 */

/** The item columns search reads that the catalogue index does not hold. */
export interface SearchTextRow {
  id: number;
  key_words: string;
  upc: string;
}

/** Bytes the lazily built bitsets of wide terms ("ba", "20") may hold, per index. */
const BITSET_CACHE_BYTES = 16 * 1024 * 1024;
/** Distinct lists kept for reuse across sort orders (a few kilobytes each). */
const DISTINCT_CACHE_SIZE = 256;
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The words of an item's searchable text, as SQLite's unicode61 tokenizer sees them: lower case,
 * accents removed, split at anything that is not a letter or digit. Query terms come from
 * `searchTerms` (ASCII letters and digits), so they can only ever be prefixes of these words.
 */
export function itemWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export interface SearchAnswer {
  positions: Uint32Array;
  distincts: DistinctLists;
}

type Matches = { kind: 'list'; positions: Uint32Array } | { kind: 'bits'; bits: Uint32Array };

export class SearchIndex {
  private readonly n: number;
  /** Every distinct word, sorted, concatenated; word w is chars[wordStart[w], wordStart[w + 1]). */
  private readonly chars: string;
  private readonly wordStart: Uint32Array;
  /** Positions of the items holding word w: postings[postingStart[w], postingStart[w + 1]), ascending. */
  private readonly postingStart: Uint32Array;
  private readonly postings: Uint32Array;
  /** Word ids of item p: itemWordIds[itemStart[p], itemStart[p + 1]), ascending. */
  private readonly itemStart: Uint32Array;
  private readonly itemWordIds: Uint32Array;
  /** Item positions in each sort order (the inverse of the catalogue index's rank). */
  private readonly order: Record<SortKey, Uint32Array>;
  private readonly bitsets = new Map<string, Uint32Array>();
  private readonly bitsetCapacity: number;
  /** How many of the first bitsets are the one-character ones, never evicted. */
  private readonly pinned: number;
  /** Scratch bitset for ordering and scoping; always all zero between calls. */
  private readonly scratch: Uint32Array;
  /** Scratch output of the ordering walk. */
  private readonly out: Uint32Array;
  private readonly facets: FacetCounter;
  /** Distinct lists of recent match sets, by scope and word ranges. */
  private readonly distinctCache = new Map<string, DistinctLists>();

  constructor(
    readonly index: CatalogueIndex,
    rows: SearchTextRow[],
  ) {
    const n = (this.n = index.items.length);
    const extra = new Map<number, SearchTextRow>();
    for (const r of rows) extra.set(r.id, r);

    // Word ids in order of first sight, then renumbered in sorted order.
    const ids = new Map<string, number>();
    const itemStart = new Uint32Array(n + 1);
    let wordIds: Uint32Array = new Uint32Array(Math.max(16, n * 12));
    let used = 0;
    for (let p = 0; p < n; p++) {
      const item = index.items[p]!;
      const e = extra.get(item.id);
      const words = itemWords(`${item.title} ${e?.key_words ?? ''} ${item.num} ${item.code} ${e?.upc ?? ''}`);
      for (const w of new Set(words)) {
        let id = ids.get(w);
        if (id === undefined) ids.set(w, (id = ids.size));
        if (used === wordIds.length) wordIds = grow(wordIds);
        wordIds[used++] = id;
      }
      itemStart[p + 1] = used;
    }
    extra.clear();
    const sorted = [...ids.keys()].sort();
    const renumber = new Uint32Array(sorted.length);
    const wordStart = new Uint32Array(sorted.length + 1);
    sorted.forEach((w, i) => {
      renumber[ids.get(w)!] = i;
      wordStart[i + 1] = wordStart[i]! + w.length;
    });
    ids.clear();
    this.chars = sorted.join('');
    this.wordStart = wordStart;
    this.itemWordIds = wordIds.slice(0, used);
    this.itemStart = itemStart;
    const postingStart = new Uint32Array(sorted.length + 1);
    for (let p = 0; p < n; p++) {
      const words = this.itemWordIds.subarray(itemStart[p], itemStart[p + 1]);
      for (let i = 0; i < words.length; i++) postingStart[(words[i] = renumber[words[i]!]!) + 1]!++;
      words.sort();
    }
    for (let w = 0; w < sorted.length; w++) postingStart[w + 1]! += postingStart[w]!;
    const fill = postingStart.slice(0, sorted.length);
    this.postings = new Uint32Array(used);
    for (let p = 0; p < n; p++) {
      for (let i = itemStart[p]!; i < itemStart[p + 1]!; i++) this.postings[fill[this.itemWordIds[i]!]!++] = p;
    }
    this.postingStart = postingStart;

    this.order = { date: inverse(index.rank.date), num: inverse(index.rank.num), title: inverse(index.rank.title) };
    const words32 = (n + 31) >>> 5;
    this.scratch = new Uint32Array(words32);
    this.out = new Uint32Array(n);
    this.bitsetCapacity = Math.max(8, Math.floor(BITSET_CACHE_BYTES / Math.max(4, words32 * 4)));
    this.facets = new FacetCounter(index);
    // One-character terms match a large share of the catalogue: their bitsets are built up front.
    for (const c of 'abcdefghijklmnopqrstuvwxyz0123456789') {
      const [lo, hi] = this.wordRange(c);
      if (this.postingStart[hi]! - this.postingStart[lo]! > 0) this.bitsets.set(`${lo}:${hi}`, this.buildBits(lo, hi));
    }
    this.pinned = this.bitsets.size;
  }

  /**
   * The items matching every term (none for no terms) in the sort's order, limited to a
   * category (with its descendants) when one is given, with their distinct lists.
   */
  search(terms: string[], sort: SortKey, scope?: number): SearchAnswer {
    const found = this.match(terms);
    if (!found) return { positions: new Uint32Array(0), distincts: this.facets.lists(this.facets.noCounts) };
    const { matches } = found;
    const members = scope === undefined ? undefined : this.index.categoryMembers(scope, sort);
    let positions: Uint32Array;
    if (matches.kind === 'list' && !members) {
      // Few matches: sort their ranks (a native numeric sort), then map ranks back to positions.
      const rank = this.index.rank[sort];
      const order = this.order[sort];
      positions = new Uint32Array(matches.positions.length);
      for (let i = 0; i < positions.length; i++) positions[i] = rank[matches.positions[i]!]!;
      positions.sort();
      for (let i = 0; i < positions.length; i++) positions[i] = order[positions[i]!]!;
    } else {
      positions = this.pick(members ?? this.order[sort], matches);
    }
    // The distinct lists do not depend on the sort: one count serves all three orders.
    const key = `${scope ?? ''}|${found.key}`;
    let distincts = this.distinctCache.get(key);
    if (distincts) {
      this.distinctCache.delete(key);
    } else {
      // Counting in position order reads the per-item facet arrays front to back, several
      // times faster on large results than following the sort order.
      this.facets.reset();
      if (members) {
        for (const p of positions) this.scratch[p >>> 5]! |= 1 << (p & 31);
        this.facets.countBits(this.scratch);
        this.scratch.fill(0);
      } else if (matches.kind === 'list') {
        this.facets.count(matches.positions);
      } else {
        this.facets.countBits(matches.bits);
      }
      distincts = this.facets.lists(this.facets.counts);
      if (this.distinctCache.size >= DISTINCT_CACHE_SIZE) this.distinctCache.delete(this.distinctCache.keys().next().value!);
    }
    this.distinctCache.set(key, distincts);
    return { positions, distincts };
  }

  /** The matches among `walk` (the sort order, or a category's members in it), in walk order. */
  private pick(walk: Uint32Array, matches: Matches): Uint32Array {
    const bits = this.scratch;
    const set = matches.kind === 'bits' ? matches.bits : bits;
    if (matches.kind === 'list') for (const p of matches.positions) bits[p >>> 5]! |= 1 << (p & 31);
    const out = this.out;
    let k = 0;
    for (let i = 0; i < walk.length; i++) {
      const p = walk[i]!;
      if ((set[p >>> 5]! & (1 << (p & 31))) !== 0) out[k++] = p;
    }
    if (matches.kind === 'list') for (const p of matches.positions) bits[p >>> 5] = 0;
    return out.slice(0, k);
  }

  /** Every facet value among the given items with its count, as CatalogueIndex.distincts answers. */
  distincts(positions: ArrayLike<number>): DistinctLists {
    this.facets.reset();
    this.facets.count(positions);
    return this.facets.lists(this.facets.counts);
  }

  /** The items matching every term, unordered; null when none can. */
  private match(terms: string[]): { matches: Matches; key: string } | null {
    if (terms.length === 0) return null;
    const ranges: [number, number][] = [];
    for (const t of terms) {
      const r = this.wordRange(t);
      if (r[0] === r[1]) return null;
      ranges.push(r);
    }
    // A term whose words include all of another's adds nothing ("re" next to "red").
    const needed = ranges.filter((a, i) => !ranges.some((b, j) => j !== i && a[0] <= b[0] && b[1] <= a[1] && (a[0] !== b[0] || a[1] !== b[1] || j < i)));
    const weight = ([lo, hi]: [number, number]) => this.postingStart[hi]! - this.postingStart[lo]!;
    needed.sort((a, b) => weight(a) - weight(b));
    const [first, ...rest] = needed as [[number, number], ...[number, number][]];
    const key = needed.map(([lo, hi]) => `${lo}:${hi}`).join(' ');
    if (weight(first) * 32 > this.n) {
      // Every term matches a large share: AND their bitsets, a word at a time.
      const bits = rest.length === 0 ? this.bits(first[0], first[1]) : this.bits(first[0], first[1]).slice();
      for (const [lo, hi] of rest) {
        const other = this.bits(lo, hi);
        for (let i = 0; i < bits.length; i++) bits[i]! &= other[i]!;
      }
      return { matches: { kind: 'bits', bits }, key };
    }
    let candidates = this.postings.subarray(this.postingStart[first[0]], this.postingStart[first[1]]);
    if (first[1] - first[0] > 1) candidates = uniqueSorted(candidates);
    if (rest.length === 0) return { matches: { kind: 'list', positions: candidates }, key };
    const found = new Uint32Array(candidates.length);
    let k = 0;
    for (let i = 0; i < candidates.length; i++) {
      const p = candidates[i]!;
      if (rest.every(([lo, hi]) => this.holdsWordIn(p, lo, hi))) found[k++] = p;
    }
    return { matches: { kind: 'list', positions: found.subarray(0, k) }, key };
  }

  private holdsWordIn(p: number, lo: number, hi: number): boolean {
    const end = this.itemStart[p + 1]!;
    for (let i = this.itemStart[p]!; i < end; i++) {
      const w = this.itemWordIds[i]!;
      if (w >= hi) return false;
      if (w >= lo) return true;
    }
    return false;
  }

  /** Word ids [lo, hi) of the words starting with the term. */
  private wordRange(term: string): [number, number] {
    return [this.lowerBound(term), this.lowerBound(`${term}\uffff`)];
  }

  /** The first word id whose word is not less than s. */
  private lowerBound(s: string): number {
    let lo = 0;
    let hi = this.wordStart.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compareWord(mid, s) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private compareWord(w: number, s: string): number {
    const start = this.wordStart[w]!;
    const len = this.wordStart[w + 1]! - start;
    const m = Math.min(len, s.length);
    for (let i = 0; i < m; i++) {
      const d = this.chars.charCodeAt(start + i) - s.charCodeAt(i);
      if (d !== 0) return d;
    }
    return len - s.length;
  }

  /** The bitset of the items holding a word in [lo, hi): pinned, cached, or built now. */
  private bits(lo: number, hi: number): Uint32Array {
    const key = `${lo}:${hi}`;
    const cached = this.bitsets.get(key);
    if (cached) return cached;
    const bits = this.buildBits(lo, hi);
    this.bitsets.set(key, bits);
    if (this.bitsets.size > this.pinned + this.bitsetCapacity) {
      // Evict the oldest unpinned entry (the pinned one-letter sets were inserted first).
      let skip = this.pinned;
      for (const k of this.bitsets.keys()) {
        if (skip-- > 0) continue;
        this.bitsets.delete(k);
        break;
      }
    }
    return bits;
  }

  private buildBits(lo: number, hi: number): Uint32Array {
    const bits = new Uint32Array(this.scratch.length);
    const end = this.postingStart[hi]!;
    for (let i = this.postingStart[lo]!; i < end; i++) {
      const p = this.postings[i]!;
      bits[p >>> 5]! |= 1 << (p & 31);
    }
    return bits;
  }
}

/**
 * Facet values per item as integer ids, so counting the values of 80,000 matches is a loop over
 * small integers, and the lists come out in name order without sorting per query.
 */
class FacetCounter {
  private readonly start: Uint32Array;
  private readonly valueIds: Uint16Array | Uint32Array;
  private readonly values: { kind: FacetKind; link: string; name: string }[] = [];
  /** Value ids of each kind in the order the distinct lists show them. */
  private readonly ordered = new Map<FacetKind, number[]>();

  constructor(index: CatalogueIndex) {
    const ids = new Map<string, number>();
    const n = index.items.length;
    this.start = new Uint32Array(n + 1);
    const list: number[] = [];
    for (let p = 0; p < n; p++) {
      const facets = index.items[p]!.facets;
      for (const kind of FACET_KINDS) {
        for (const link of facets[kind]) {
          const key = `${kind}\u0000${link}`;
          let id = ids.get(key);
          if (id === undefined) {
            ids.set(key, (id = this.values.length));
            this.values.push({ kind, link, name: index.facetNames.get(kind)!.get(link) ?? link });
          }
          list.push(id);
        }
      }
      this.start[p + 1] = list.length;
    }
    this.valueIds = this.values.length <= 0xffff ? Uint16Array.from(list) : Uint32Array.from(list);
    this.counts = new Uint32Array(this.values.length);
    this.noCounts = new Uint32Array(this.values.length);
    for (const kind of FACET_KINDS) {
      const named = kind !== 'size' && kind !== 'dimension';
      const of = this.values.flatMap((v, id) => (v.kind === kind ? [id] : []));
      of.sort((a, b) => {
        const x = this.values[a]!;
        const y = this.values[b]!;
        return (named ? collator.compare(x.name, y.name) : collator.compare(x.link, y.link)) || (x.link < y.link ? -1 : x.link > y.link ? 1 : 0);
      });
      this.ordered.set(kind, of);
    }
  }

  /** Per value id, how many of the counted items carry it (reset() before counting). */
  readonly counts: Uint32Array;
  readonly noCounts: Uint32Array;

  reset(): void {
    this.counts.fill(0);
  }

  count(positions: ArrayLike<number>): void {
    const { counts, start, valueIds } = this;
    for (let i = 0; i < positions.length; i++) {
      const p = positions[i]!;
      const end = start[p + 1]!;
      for (let j = start[p]!; j < end; j++) counts[valueIds[j]!]!++;
    }
  }

  /** Counts the items whose bit is set, in position order. */
  countBits(bits: Uint32Array): void {
    const { counts, start, valueIds } = this;
    for (let w = 0; w < bits.length; w++) {
      let x = bits[w]!;
      while (x !== 0) {
        const low = x & -x;
        const p = (w << 5) + 31 - Math.clz32(low);
        x ^= low;
        const end = start[p + 1]!;
        for (let j = start[p]!; j < end; j++) counts[valueIds[j]!]!++;
      }
    }
  }

  lists(counts: Uint32Array): DistinctLists {
    const present = (kind: FacetKind) => this.ordered.get(kind)!.filter((id) => counts[id]! > 0);
    const named = (kind: FacetKind): FacetValue[] =>
      present(kind).map((id) => ({ name: this.values[id]!.name, link: this.values[id]!.link, count: counts[id]! }));
    const plain = (kind: FacetKind): string[] => present(kind).map((id) => this.values[id]!.link);
    return {
      distinctEvents: named('event'),
      distinctMessages: named('message'),
      distinctThemes: named('theme'),
      distinctShapes: named('shape'),
      distinctColors: named('color'),
      distinctSizes: plain('size'),
      distinctPoscats: present('poscat').map((id): PoscatValue => ({ poscatNum: this.values[id]!.link, poscatName: this.values[id]!.name, count: counts[id]! })),
      distinctDimensions: plain('dimension'),
    };
  }
}

function grow(a: Uint32Array): Uint32Array {
  const b = new Uint32Array(a.length * 2);
  b.set(a);
  return b;
}

/** rank → position, from position → rank. */
function inverse(rank: Uint32Array): Uint32Array {
  const order = new Uint32Array(rank.length);
  for (let p = 0; p < rank.length; p++) order[rank[p]!] = p;
  return order;
}

/** The distinct values of a list, ascending. */
function uniqueSorted(values: Uint32Array): Uint32Array {
  const copy = values.slice().sort();
  let k = 0;
  for (let i = 0; i < copy.length; i++) if (k === 0 || copy[k - 1] !== copy[i]) copy[k++] = copy[i]!;
  return copy.subarray(0, k);
}
