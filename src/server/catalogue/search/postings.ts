import { NONE, STEP, type Steps } from '../sliced';
import { itemWords } from './words';

/* The sorted word list and each word's postings (item positions) as typed arrays, and the loops over them. */

/** A word list and its postings (`SearchIndex`'s arrays). */
export interface WordLists {
  chars: Uint16Array;
  wordStart: Uint32Array;
  postingStart: Uint32Array;
  postings: Uint32Array;
}

/** The one-character terms, whose bitsets every search index builds up front and keeps. */
export const PINNED = [...'abcdefghijklmnopqrstuvwxyz0123456789'];

/** The bitsets (`length` words) of the one-character terms present, by their ranges' names, built from the postings. */
export function* pinnedBits(words: WordLists, length: number): Steps<Map<string, Uint32Array>> {
  const out = new Map<string, Uint32Array>();
  for (const c of PINNED) {
    const lo = wordLowerBound(words.chars, words.wordStart, c);
    const hi = wordLowerBound(words.chars, words.wordStart, `${c}\uffff`);
    const from = words.postingStart[lo]!;
    const to = words.postingStart[hi]!;
    if (to === from) continue;
    const bits = new Uint32Array(length);
    for (let i = from; i < to; i += 4 * STEP) {
      setBits(bits, words.postings, i, Math.min(to, i + 4 * STEP));
      yield;
    }
    out.set(`${wordAt(words, lo)}:${wordAt(words, hi - 1)}`, bits);
  }
  return out;
}

/** Word w of a word list. */
export function wordAt(words: WordLists, w: number): string {
  return String.fromCharCode(...words.chars.subarray(words.wordStart[w]!, words.wordStart[w + 1]!));
}

/** Sets the bits of postings[from, to). */
export function setBits(bits: Uint32Array, postings: Uint32Array, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const p = postings[i]!;
    bits[p >>> 5]! |= 1 << (p & 31);
  }
}

/** The first word id of a sorted word list whose word is not less than s. */
export function wordLowerBound(chars: Uint16Array, wordStart: Uint32Array, s: string): number {
  let lo = 0;
  let hi = wordStart.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareWord(chars, wordStart, mid, s) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function compareWord(chars: Uint16Array, wordStart: Uint32Array, w: number, s: string): number {
  const start = wordStart[w]!;
  const len = wordStart[w + 1]! - start;
  const m = Math.min(len, s.length);
  for (let i = 0; i < m; i++) {
    const d = chars[start + i]! - s.charCodeAt(i);
    if (d !== 0) return d;
  }
  return len - s.length;
}

/** dst[at + i] = map[src[from + i]] for i < to − from (no entry there is taken out). */
export function mapInto(dst: Uint32Array, at: number, src: Uint32Array, from: number, to: number, map: Uint32Array): void {
  for (let i = from; i < to; i++) dst[at + i - from] = map[src[i]!]!;
}

/** The hashes of old positions [from, to) at their new positions. */
export function moveHashes(out: Uint32Array, hashes: Uint32Array, map: Uint32Array, from: number, to: number): void {
  for (let p = from; p < to; p++) if (map[p] !== NONE) out[map[p]!] = hashes[p]!;
}

/** Word ids [lo, hi) of the words starting with the term. */
export function wordRange(words: WordLists, term: string): [number, number] {
  return [wordLowerBound(words.chars, words.wordStart, term), wordLowerBound(words.chars, words.wordStart, `${term}\uffff`)];
}

/**
 * A name for the non-empty word range [lo, hi) that an edit adding words elsewhere in the list
 * leaves as it is: its first and last words (words hold no ':' or ' ').
 */
export function rangeKey(words: WordLists, lo: number, hi: number): string {
  return `${wordAt(words, lo)}:${wordAt(words, hi - 1)}`;
}

/** The word ids of a text's words, or null when one is not in the list. */
export function wordIdsOf(words: WordLists, text: string): number[] | null {
  const ids: number[] = [];
  for (const word of new Set(itemWords(text))) {
    const w = wordLowerBound(words.chars, words.wordStart, word);
    if (w >= words.wordStart.length - 1 || compareWord(words.chars, words.wordStart, w, word) !== 0) return null;
    ids.push(w);
  }
  return ids;
}

/** Whether the list holds the word. */
export function hasWord(words: WordLists, s: string): boolean {
  const at = wordLowerBound(words.chars, words.wordStart, s);
  return at < words.wordStart.length - 1 && compareWord(words.chars, words.wordStart, at, s) === 0;
}

/**
 * Adds to `had` (position → word ids) the words from `w` on holding a marked position, until
 * about `budget` postings are read; answers the next word.
 */
export function wordsOfMarked(start: Uint32Array, postings: Uint32Array, marked: Uint8Array, w: number, words: number, budget: number, had: Map<number, number[]>): number {
  const stop = start[w]! + budget;
  for (; w < words && start[w]! < stop; w++) {
    const end = start[w + 1]!;
    for (let i = start[w]!; i < end; i++) if (marked[postings[i]!]) had.get(postings[i]!)!.push(w);
  }
  return w;
}

/**
 * Writes src[from, to) without its marked positions (moved through `map`, when given), merged with
 * `adds` (ascending), into dst from `used`; answers where it ended.
 */
export function mergePostings(dst: Uint32Array, used: number, src: Uint32Array, from: number, to: number, marked: Uint8Array, adds: number[], map: Uint32Array | null): number {
  let a = 0;
  for (let i = from; i < to; i++) {
    if (marked[src[i]!]) continue;
    const p = map ? map[src[i]!]! : src[i]!;
    while (a < adds.length && adds[a]! < p) dst[used++] = adds[a++]!;
    dst[used++] = p;
  }
  while (a < adds.length) dst[used++] = adds[a++]!;
  return used;
}

/** The first word from w + 1 on (at most `to`) where a block of words from w would hold more than `budget` postings. */
export function blockEnd(start: Uint32Array, w: number, to: number, budget: number): number {
  let upTo = w + 1;
  while (upTo < to && start[upTo + 1]! - start[w]! <= budget) upTo++;
  return upTo;
}

/** dst[at + i] = src[from + i] + delta, for i < to − from. */
export function addInto(dst: Uint32Array, at: number, src: Uint32Array, from: number, to: number, delta: number): void {
  for (let i = from; i < to; i++) dst[at + i - from] = src[i]! + delta;
}

/** The first n entries of `spare` when it has room for them, else of a new array with room to grow. */
export function room(spare: Uint32Array | undefined, n: number): Uint32Array {
  return spare && spare.length >= n ? spare.subarray(0, n) : new Uint32Array(n + (n >>> 6) + 1024).subarray(0, n);
}

export function room16(spare: Uint16Array | undefined, n: number): Uint16Array {
  return spare && spare.length >= n ? spare.subarray(0, n) : new Uint16Array(n + (n >>> 6) + 1024).subarray(0, n);
}

/** How many entries of an ascending list are at most x. */
export function countAtMost(sorted: number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The distinct values of a list, ascending. */
export function uniqueSorted(values: Uint32Array): Uint32Array {
  const copy = values.slice().sort();
  let k = 0;
  for (let i = 0; i < copy.length; i++) if (k === 0 || copy[k - 1] !== copy[i]) copy[k++] = copy[i]!;
  return copy.subarray(0, k);
}
