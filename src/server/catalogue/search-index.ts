import type { SortKey } from '../../contract/catalogue';
import type { CatalogueIndex, DistinctLists, Distincts } from './catalogue-index';
import { inverse } from './collation';

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

/** Text with no character beyond ASCII. */
const ASCII = /^[^\u0080-\uffff]*$/;

/**
 * The words of an item's searchable text, as SQLite's unicode61 tokenizer sees them: lower case,
 * accents removed, split at anything that is not a letter or digit. Query terms come from
 * `searchTerms` (ASCII letters and digits), so they can only ever be prefixes of these words.
 */
export function itemWords(text: string): string[] {
  // Plain ASCII (nearly every item) has no accents to strip and no letters beyond a-z.
  if (ASCII.test(text)) return text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export interface SearchAnswer {
  positions: Uint32Array;
  distincts: Distincts;
}

type Matches = { kind: 'list'; positions: Uint32Array } | { kind: 'bits'; bits: Uint32Array };

/** The text search matches an item by (the database full-text index's columns). */
export function searchableText(title: string, keyWords: string, num: string, code: string, upc: string): string {
  return `${title} ${keyWords} ${num} ${code} ${upc}`;
}

/**
 * The words of each item, collected an item at a time in position order while the catalogue
 * loads; word ids are given in order of first sight and renumbered in sorted order at the end.
 */
export class SearchWords {
  readonly ids = new Map<string, number>();
  itemStart: Uint32Array = new Uint32Array(1024);
  wordIds: Uint32Array = new Uint32Array(1024);
  used = 0;
  items = 0;

  add(text: string): void {
    for (const w of new Set(itemWords(text))) {
      let id = this.ids.get(w);
      if (id === undefined) this.ids.set(w, (id = this.ids.size));
      if (this.used === this.wordIds.length) this.wordIds = grow(this.wordIds);
      this.wordIds[this.used++] = id;
    }
    if (this.items + 2 > this.itemStart.length) this.itemStart = grow(this.itemStart);
    this.itemStart[++this.items] = this.used;
  }
}

export class SearchIndex {
  private readonly n: number;
  /** Every distinct word, sorted, concatenated; word w is chars[wordStart[w], wordStart[w + 1]). */
  private readonly chars: string;
  private readonly wordStart: Uint32Array;
  /** Positions of the items holding word w: postings[postingStart[w], postingStart[w + 1]), ascending. */
  private readonly postingStart: Uint32Array;
  private readonly postings: Uint32Array;
  /** Word ids of the k-th item by id: itemWordIds[itemStart[k], itemStart[k + 1]), ascending. */
  private readonly itemStart: Uint32Array;
  private readonly itemWordIds: Uint32Array;
  /** k of the item at each position (the index numbers items by category, not by id). */
  private readonly byIdRank: Uint32Array;
  private readonly bitsets = new Map<string, Uint32Array>();
  private readonly bitsetCapacity: number;
  /** How many of the first bitsets are the one-character ones, never evicted. */
  private readonly pinned: number;
  /** Scratch bitset for ordering and scoping; always all zero between calls. */
  private readonly scratch: Uint32Array;
  /** Scratch output of the ordering walk. */
  private readonly out: Uint32Array;
  /** Scratch facet counts, one per facet value. */
  private readonly counts: Uint32Array;
  /** Distinct lists of recent match sets, by scope and word ranges. */
  private readonly distinctCache = new Map<string, Distincts>();

  /** `source`: each item's search row (by id; tests), or the words collected while loading (in id order). */
  constructor(
    readonly index: CatalogueIndex,
    source: SearchTextRow[] | SearchWords,
  ) {
    const n = (this.n = index.items.length);
    const collected = source instanceof SearchWords ? source : wordsOfRows(index, source);
    if (collected.items !== n) throw new Error(`SearchIndex: ${collected.items} word lists for ${n} items`);
    const { ids, used } = collected;
    const itemStart = collected.itemStart.slice(0, n + 1);
    const wordIds = collected.wordIds;
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
    // A view, not a copy: copying 12 million word ids would double the peak of the build.
    this.itemWordIds = wordIds.subarray(0, used);
    this.itemStart = itemStart;
    const postingStart = new Uint32Array(sorted.length + 1);
    for (let k = 0; k < n; k++) {
      const words = this.itemWordIds.subarray(itemStart[k], itemStart[k + 1]);
      for (let i = 0; i < words.length; i++) postingStart[(words[i] = renumber[words[i]!]!) + 1]!++;
      words.sort();
    }
    for (let w = 0; w < sorted.length; w++) postingStart[w + 1]! += postingStart[w]!;
    const fill = postingStart.slice(0, sorted.length);
    this.postings = new Uint32Array(used);
    const byIdRank = (this.byIdRank = inverse(index.idOrder));
    for (let p = 0; p < n; p++) {
      const k = byIdRank[p]!;
      for (let i = itemStart[k]!; i < itemStart[k + 1]!; i++) this.postings[fill[this.itemWordIds[i]!]!++] = p;
    }
    this.postingStart = postingStart;

    const words32 = (n + 31) >>> 5;
    this.scratch = new Uint32Array(words32);
    this.out = new Uint32Array(n);
    this.counts = new Uint32Array(index.facets.size);
    this.bitsetCapacity = Math.max(8, Math.floor(BITSET_CACHE_BYTES / Math.max(4, words32 * 4)));
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
    if (!found) return { positions: new Uint32Array(0), distincts: this.countedDistincts(() => {}) };
    const { matches } = found;
    const members = scope === undefined ? undefined : this.index.categoryMembers(scope, sort);
    let positions: Uint32Array;
    if (matches.kind === 'list' && !members) {
      // Few matches: sort their ranks (a native numeric sort), then map ranks back to positions.
      const rank = this.index.rank[sort];
      const order = this.index.order[sort];
      positions = new Uint32Array(matches.positions.length);
      for (let i = 0; i < positions.length; i++) positions[i] = rank[matches.positions[i]!]!;
      positions.sort();
      for (let i = 0; i < positions.length; i++) positions[i] = order[positions[i]!]!;
    } else {
      positions = this.pick(members ?? this.index.order[sort], matches);
    }
    // The distinct lists do not depend on the sort: one count serves all three orders.
    const key = `${scope ?? ''}|${found.key}`;
    let distincts = this.distinctCache.get(key);
    if (distincts) {
      this.distinctCache.delete(key);
    } else {
      // Counting in position order reads the per-item facet ids front to back, several
      // times faster on large results than following the sort order.
      distincts = this.countedDistincts((counts) => {
        if (members) {
          for (const p of positions) this.scratch[p >>> 5]! |= 1 << (p & 31);
          this.index.facets.countBits(counts, this.scratch);
          this.scratch.fill(0);
        } else if (matches.kind === 'list') {
          this.index.facets.count(counts, matches.positions);
        } else {
          this.index.facets.countBits(counts, matches.bits);
        }
      });
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
    return this.countedDistincts((counts) => this.index.facets.count(counts, positions)).lists;
  }

  private countedDistincts(count: (counts: Uint32Array) => void): Distincts {
    this.counts.fill(0);
    count(this.counts);
    return this.index.facets.lists(this.counts);
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
    const k = this.byIdRank[p]!;
    const end = this.itemStart[k + 1]!;
    for (let i = this.itemStart[k]!; i < end; i++) {
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

function grow(a: Uint32Array): Uint32Array {
  const b = new Uint32Array(a.length * 2);
  b.set(a);
  return b;
}

/** The words of each item from its search row (matched by id); an item without one has only its own fields. */
function wordsOfRows(index: CatalogueIndex, rows: SearchTextRow[]): SearchWords {
  const extra = new Map<number, SearchTextRow>();
  for (const r of rows) extra.set(r.id, r);
  const words = new SearchWords();
  for (const p of index.idOrder) {
    const item = index.items[p]!;
    const e = extra.get(item.id);
    words.add(searchableText(item.title, e?.key_words ?? '', item.num, item.code, e?.upc ?? ''));
  }
  return words;
}

/** The distinct values of a list, ascending. */
function uniqueSorted(values: Uint32Array): Uint32Array {
  const copy = values.slice().sort();
  let k = 0;
  for (let i = 0; i < copy.length; i++) if (k === 0 || copy[k - 1] !== copy[i]) copy[k++] = copy[i]!;
  return copy.subarray(0, k);
}
