import type { CatalogueIndex } from '../catalogue-index';
import { inverse } from '../collation';
import { runNow } from '../sliced';
import { pinnedBits, type WordLists } from './postings';
import type { SearchState } from './state';
import { searchableText, type SearchTextRow, SearchWords } from './words';

/** Bytes the lazily built bitsets of wide terms ("ba", "20") may hold, per index. */
export const BITSET_CACHE_BYTES = 16 * 1024 * 1024;

/** The words of each item from its search row (matched by id); an item without one has only its own fields. */
export function wordsOfRows(index: Pick<CatalogueIndex, 'idOrder' | 'items'>, rows: SearchTextRow[]): SearchWords {
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

/**
 * The sorted word list and the postings of the words collected (items in id order), each item at
 * its position (`idOrder`: the positions in id order), with each position's text hash.
 */
export function postingsOf(collected: SearchWords, idOrder: Uint32Array): WordLists & { textHash: Uint32Array } {
  const n = idOrder.length;
  const { ids, used, itemStart, wordIds } = collected;
  const textHash = new Uint32Array(n);
  const sorted = [...ids.keys()].sort();
  const renumber = new Uint32Array(sorted.length);
  const wordStart = new Uint32Array(sorted.length + 1);
  sorted.forEach((w, i) => {
    renumber[ids.get(w)!] = i;
    wordStart[i + 1] = wordStart[i]! + w.length;
  });
  ids.clear();
  const chars = new Uint16Array(wordStart[sorted.length]!);
  sorted.forEach((w, i) => {
    for (let c = 0, at = wordStart[i]!; c < w.length; c++) chars[at + c] = w.charCodeAt(c);
  });
  // Only the postings are kept: the words of the k-th item (by id) are read once, here.
  const postingStart = new Uint32Array(sorted.length + 1);
  for (let i = 0; i < used; i++) postingStart[(wordIds[i] = renumber[wordIds[i]!]!) + 1]!++;
  for (let w = 0; w < sorted.length; w++) postingStart[w + 1]! += postingStart[w]!;
  const fill = postingStart.slice(0, sorted.length);
  const postings = new Uint32Array(used);
  const byIdRank = inverse(idOrder);
  for (let p = 0; p < n; p++) {
    const k = byIdRank[p]!;
    for (let i = itemStart[k]!; i < itemStart[k + 1]!; i++) postings[fill[wordIds[i]!]!++] = p;
    textHash[p] = collected.textHash[k]!;
  }
  return { chars, wordStart, postingStart, postings, textHash };
}

/**
 * One-character terms match a large share of the catalogue: their bitsets are built up front,
 * and kept (the first entries of `bitsets`). Answers how many there are.
 */
export function pinOneCharacterTerms(s: Pick<SearchState, 'chars' | 'wordStart' | 'postingStart' | 'postings' | 'scratch' | 'bitsets'>): number {
  const words = { chars: s.chars, wordStart: s.wordStart, postingStart: s.postingStart, postings: s.postings };
  for (const [key, bits] of runNow(pinnedBits(words, s.scratch.length))) s.bitsets.set(key, bits);
  return s.bitsets.size;
}
