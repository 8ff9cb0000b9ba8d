import { searchTerms } from '../../platform/db/dialect';
import { compareWord, wordLowerBound, wordRange } from './postings';
import { search, type SearchAnswer, type SearchPage, searchPage, type SearchTerm } from './queries';
import type { SearchState } from './state';
import { MAX_TYPOS, TypoIndex, typosAllowed } from './typos';

/*
 * Forgiving search (docs/decisions/0044-forgiving-search.md): a term also matches its synonyms
 * (kept by staff), a term that starts no word as typed matches the words within its typos, an
 * exact item number or UPC comes first, and a search whose words as typed match nothing
 * suggests the nearest words the index holds. Relevance orders the items found as typed before
 * the ones found only through a synonym or a typo, each group newest first.
 */

/** Synonyms by word: each listed word (or number) also finds what the word finds. */
export type Synonyms = ReadonlyMap<string, readonly string[]>;

/** A search's terms as typed and widened. */
export interface Forgiven {
  /** The terms as typed (`searchTerms`). */
  plain: string[];
  /** Each term with its synonyms and, when it starts no word, the words within its typos. */
  terms: SearchTerm[];
  /** Every term as typed starts some word. */
  asTyped: boolean;
  /** Some term has more than itself to match. */
  widened: boolean;
  /** The terms with each one that starts no word replaced by its nearest word, when that finds items. */
  didYouMean?: string;
}

/** The typo index of each search index, rebuilt (on the next typo) when its words change. */
const typoIndexes = new WeakMap<SearchState, TypoIndex>();

function typoIndex(s: SearchState): TypoIndex {
  let t = typoIndexes.get(s);
  if (!t || t.version !== s.wordsVersion) typoIndexes.set(s, (t = new TypoIndex(s, s.wordsVersion)));
  return t;
}

/** Builds the typo index now (after a build, so the first search with a typo does not wait for it). */
export function prepareTypos(s: SearchState): void {
  typoIndex(s);
}

function startsSomeWord(s: SearchState, term: string): boolean {
  const [lo, hi] = wordRange(s, term);
  return lo < hi;
}

export function forgive(s: SearchState, text: string, synonyms: Synonyms): Forgiven {
  const plain = searchTerms(text);
  const terms: SearchTerm[] = [];
  const suggestion: string[] = [];
  let asTyped = true;
  let widened = false;
  let corrected = false;
  for (const t of plain) {
    const alternatives = [t];
    for (const w of synonyms.get(t) ?? []) if (!alternatives.includes(w)) alternatives.push(w);
    if (startsSomeWord(s, t)) {
      suggestion.push(t);
    } else {
      asTyped = false;
      // Only a term that starts no word is looked up among the typos.
      const near = typoIndex(s).near(t, MAX_TYPOS);
      for (const w of near) if (w.distance <= typosAllowed(t.length) && !alternatives.includes(w.word)) alternatives.push(w.word);
      if (near.length > 0) corrected = true;
      suggestion.push(near[0]?.word ?? t);
    }
    if (alternatives.length > 1) widened = true;
    terms.push(alternatives.length === 1 ? t : alternatives);
  }
  const found: Forgiven = { plain, terms, asTyped, widened };
  if (corrected && searchPage(s, suggestion, 'date', undefined, 0, 1).total > 0) found.didYouMean = suggestion.join(' ');
  return found;
}

/**
 * Positions of the items whose number is the text as typed, or whose UPC is its one term
 * (8 to 14 digits: a number of this length is a UPC or EAN in this catalogue).
 */
function exactItems(s: SearchState, text: string, plain: string[]): number[] {
  const out: number[] = [];
  const typed = text.trim();
  const item = s.index.byNum.get(typed) ?? s.index.byNum.get(typed.toUpperCase());
  if (item) {
    const p = s.index.positionOfId(item.id);
    if (p >= 0) out.push(p);
  }
  if (plain.length === 1 && /^\d{8,14}$/.test(plain[0]!)) {
    const w = wordLowerBound(s.chars, s.wordStart, plain[0]!);
    if (w < s.wordStart.length - 1 && compareWord(s.chars, s.wordStart, w, plain[0]!) === 0) {
      for (let i = s.postingStart[w]!; i < s.postingStart[w + 1]!; i++) if (!out.includes(s.postings[i]!)) out.push(s.postings[i]!);
    }
  }
  return out;
}

/** Every item found, by relevance: exact number or UPC, then found as typed, then through synonyms or typos. */
export function relevanceAll(s: SearchState, f: Forgiven, text: string, scope?: number): SearchAnswer {
  const pinned = exactItems(s, text, f.plain);
  const exact = f.asTyped ? search(s, f.plain, 'date', scope) : null;
  const wide = f.widened ? search(s, f.terms, 'date', scope) : null;
  if (!wide && (!exact || pinned.length === 0)) return exact ?? search(s, f.plain, 'date', scope);
  const all = wide ?? exact!;
  const out = new Uint32Array(all.positions.length);
  let k = 0;
  const taken = new Uint32Array(s.scratch.length);
  const mark = (p: number) => (taken[p >>> 5]! |= 1 << (p & 31));
  const isTaken = (p: number) => (taken[p >>> 5]! & (1 << (p & 31))) !== 0;
  // The pinned items that are among the matches (and in the scope).
  const wanted = new Set(pinned);
  const take = (p: number) => {
    mark(p);
    out[k++] = p;
  };
  if (wanted.size > 0) {
    for (const p of all.positions) if (wanted.delete(p)) take(p);
  }
  for (const list of exact && wide ? [exact.positions, wide.positions] : [all.positions]) {
    for (const p of list) if (!isTaken(p)) take(p);
  }
  return { positions: out.subarray(0, k), distincts: all.distincts };
}

/** One page by relevance: only the plain page of today's search when nothing is widened and no item number is typed. */
export function relevancePage(s: SearchState, f: Forgiven, text: string, scope: number | undefined, offset: number, limit: number): SearchPage {
  if (!f.widened && exactItems(s, text, f.plain).length === 0) return searchPage(s, f.plain, 'date', scope, offset, limit);
  const all = relevanceAll(s, f, text, scope);
  return { positions: all.positions.slice(offset, offset + limit), total: all.positions.length, distincts: all.distincts };
}
