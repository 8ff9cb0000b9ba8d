import { wordAt, type WordLists } from './postings';

/*
 * Words within a typo or two of a search term, found through a deletion neighbourhood of the
 * index's distinct words (docs/decisions/0044-forgiving-search.md): every word of letters only
 * (3 to MAX_WORD letters: numbers, codes and UPCs are not spelt, they are typed) is listed under
 * the hash of itself and of every string made by deleting one or two of its letters. Two strings
 * within edit distance 2 share such a string, so a term's own deletions (at most 1 + L + L(L−1)/2
 * hashes) find every candidate by binary search in one sorted array; each is then checked with
 * the true distance. No query walks the word list.
 */

/** Longest word the neighbourhood lists (longer words are all but never misspelt in search). */
const MAX_WORD = 16;
/** Most typos a neighbourhood finds (and a suggestion allows). */
export const MAX_TYPOS = 2;

/** Typos a term of this many letters may have and still match: none under 4, one for 4–7, two from 8. */
export function typosAllowed(length: number): number {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

const LETTERS = /^[a-z]+$/;

/** FNV-1a of a string's code units. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The string and every string made by deleting up to `depth` of its characters, once each. */
function deletions(word: string, depth: number): Set<string> {
  const out = new Set<string>([word]);
  let level = [word];
  for (let d = 0; d < depth; d++) {
    const next: string[] = [];
    for (const w of level) {
      for (let i = 0; i < w.length; i++) {
        const v = w.slice(0, i) + w.slice(i + 1);
        if (!out.has(v)) {
          out.add(v);
          next.push(v);
        }
      }
    }
    level = next;
  }
  return out;
}

/**
 * Optimal string alignment distance (Levenshtein plus the swap of two neighbouring letters,
 * which counts as one typo: "ballono" is one from "balloon"), or limit + 1 once it is beyond `limit`.
 */
export function typoDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let best = i;
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < best) best = v;
    }
    if (best > limit) return limit + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return Math.min(prev[n]!, limit + 1);
}

/** A word near a term: the word, its distance, and how many items hold it. */
export interface NearWord {
  word: string;
  distance: number;
  items: number;
}

export class TypoIndex {
  /** The spelt words, by their number here. */
  private readonly words: string[] = [];
  /** How many items hold each word (for choosing a suggestion). */
  private readonly items: number[] = [];
  /** Hashes of the deletion neighbourhoods, sorted, and the word each entry lists (same order). */
  private readonly hashes: Uint32Array;
  private readonly owners: Uint32Array;

  constructor(
    lists: WordLists,
    /** The word list's version it was built from (`SearchState.wordsVersion`). */
    readonly version: number,
  ) {
    const started = performance.now();
    const pairs: number[] = [];
    const count = lists.wordStart.length - 1;
    for (let w = 0; w < count; w++) {
      const from = lists.wordStart[w]!;
      const to = lists.wordStart[w + 1]!;
      if (to - from < 3 || to - from > MAX_WORD) continue;
      // Most distinct words are numbers and UPCs: read the characters before making a string.
      let letters = true;
      for (let i = from; i < to && letters; i++) letters = lists.chars[i]! >= 97 && lists.chars[i]! <= 122;
      if (!letters) continue;
      const word = wordAt(lists, w);
      const id = this.words.length;
      this.words.push(word);
      this.items.push(lists.postingStart[w + 1]! - lists.postingStart[w]!);
      for (const v of deletions(word, MAX_TYPOS)) pairs.push(hash(v), id);
    }
    const k = pairs.length / 2;
    const order = new Uint32Array(k);
    for (let i = 0; i < k; i++) order[i] = i;
    const keys = new Uint32Array(k);
    for (let i = 0; i < k; i++) keys[i] = pairs[2 * i]!;
    order.sort((a, b) => keys[a]! - keys[b]!);
    this.hashes = new Uint32Array(k);
    this.owners = new Uint32Array(k);
    for (let i = 0; i < k; i++) {
      this.hashes[i] = keys[order[i]!]!;
      this.owners[i] = pairs[2 * order[i]! + 1]!;
    }
    this.buildMs = performance.now() - started;
  }

  /** How long the build took (ms), and how many words and entries it holds: for measurements. */
  buildMs: number;
  get size(): { words: number; entries: number } {
    return { words: this.words.length, entries: this.hashes.length };
  }

  /** The spelt words within `limit` typos of the term (at most MAX_TYPOS), nearest and most used first. */
  near(term: string, limit: number): NearWord[] {
    if (limit <= 0 || !LETTERS.test(term) || term.length > MAX_WORD + MAX_TYPOS) return [];
    const depth = Math.min(limit, MAX_TYPOS);
    const seen = new Set<number>();
    const out: NearWord[] = [];
    for (const v of deletions(term, depth)) {
      const h = hash(v);
      for (let i = lowerBound(this.hashes, h); i < this.hashes.length && this.hashes[i] === h; i++) {
        const id = this.owners[i]!;
        if (seen.has(id)) continue;
        seen.add(id);
        const word = this.words[id]!;
        const distance = typoDistance(term, word, depth);
        if (distance <= depth && word !== term) out.push({ word, distance, items: this.items[id]! });
      }
    }
    return out.sort((a, b) => a.distance - b.distance || b.items - a.items || (a.word < b.word ? -1 : 1));
  }
}

function lowerBound(a: Uint32Array, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
