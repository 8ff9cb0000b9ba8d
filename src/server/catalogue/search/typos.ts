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
export function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The string and every string made by deleting up to `depth` of its characters, once each. */
export function deletions(word: string, depth: number): Set<string> {
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
  /** Where the entries whose hash starts with each 16 bits begin (65,537 offsets): a lookup searches one small run, not the whole array. */
  private readonly runs = new Uint32Array(65_537);

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
      this.runs[(this.hashes[i]! >>> 16) + 1]!++;
    }
    for (let r = 1; r < this.runs.length; r++) this.runs[r]! += this.runs[r - 1]!;
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
    let seen: Set<number> | null = null;
    const out: NearWord[] = [];
    for (const h of deletionHashes(term, depth)) {
      const end = this.runs[(h >>> 16) + 1]!;
      for (let i = lowerBound(this.hashes, h, this.runs[h >>> 16]!, end); i < end && this.hashes[i] === h; i++) {
        const id = this.owners[i]!;
        seen ??= new Set<number>();
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

/**
 * The hashes of `deletions(word, depth)` (depth 1 or 2), made without making the strings: the
 * hash of the first i characters is kept, and each deletion goes on from it over the characters
 * it keeps. A search's typo lookup made 56 strings for a 10-letter word; this makes none. Two
 * deletions that give one string (of a doubled letter) give their hash twice: a lookup finds the
 * same words again, which `near` skips.
 */
export function deletionHashes(word: string, depth: number): number[] {
  const n = word.length;
  const prefix = new Int32Array(n + 1);
  prefix[0] = 0x811c9dc5 | 0;
  for (let i = 0; i < n; i++) prefix[i + 1] = Math.imul(prefix[i]! ^ word.charCodeAt(i), 0x01000193);
  const out = [prefix[n]! >>> 0];
  for (let i = 0; i < n; i++) {
    // Deleting character i.
    let h = prefix[i]!;
    for (let k = i + 1; k < n; k++) h = Math.imul(h ^ word.charCodeAt(k), 0x01000193);
    out.push(h >>> 0);
    if (depth < 2) continue;
    // Deleting i and a later j: the characters between them, then those after j.
    let mid = prefix[i]!;
    for (let j = i + 1; j < n; j++) {
      let g = mid;
      for (let k = j + 1; k < n; k++) g = Math.imul(g ^ word.charCodeAt(k), 0x01000193);
      out.push(g >>> 0);
      mid = Math.imul(mid ^ word.charCodeAt(j), 0x01000193);
    }
  }
  return out;
}

function lowerBound(a: Uint32Array, x: number, from: number, to: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
