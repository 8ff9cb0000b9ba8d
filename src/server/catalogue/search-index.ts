import type { SortKey } from '../../contract/catalogue';
import type { CatalogueIndex } from './catalogue-index';
import type { DistinctLists, Distincts } from './facet-table';
import { BITSET_CACHE_BYTES, pinOneCharacterTerms, postingsOf, wordsOfRows } from './search/build';
import { planShift, planUpdate, type WordShift } from './search/edits';
import { type Forgiven, forgive, prepareTypos, relevanceAll, relevancePage, type Synonyms } from './search/forgiving';
import { search, type SearchAnswer, searchDistincts, type SearchPage, searchPage, type SearchTerm } from './search/queries';
import type { SearchState } from './search/state';
import { type SearchTextRow, SearchWords } from './search/words';
import { runNow, Spares, type Steps } from './sliced';

/**
 * Catalogue search answered from memory, with the semantics of the database full-text search
 * (src/server/platform/db/dialect.ts): every term must be the start of some word of the item's title,
 * key words, number, code or UPC. Everything is held in typed arrays, so half a million items
 * cost tens of megabytes, not the gigabyte per-item objects and sets would.
 *
 * Words are kept sorted, so the words a term starts are one contiguous range of word ids, and
 * each word's postings (item positions) are kept. A query starts from its most selective term
 * and keeps the candidates whose bit is set in each other term's bitset (cached for terms that
 * match a large part of the catalogue, marked from the postings for the others); when every
 * term is wide the bitsets are ANDed. Matches are put in the sort's order through a bitset over
 * ranks (or a walk of the order when they are most of it), and their facet values counted once
 * per match set (docs/decisions/0007-in-memory-search.md).
 *
 * The index holds its state (search/state.ts says what each part is); the work is done by the
 * functions of search/, by concern: words, build, edits, queries and the postings they share.
 */
export class SearchIndex implements SearchState {
  n: number;
  textHash: Uint32Array;
  chars: Uint16Array;
  wordStart: Uint32Array;
  wordsVersion = 0;
  postingStart: Uint32Array;
  postings: Uint32Array;
  spare: SearchState['spare'] = {};
  marks: Uint8Array | null = null;
  readonly shiftSpares = new Spares();
  readonly bitsets = new Map<string, Uint32Array>();
  readonly bitsetCapacity: number;
  pinned: number;
  scratch: Uint32Array;
  out: Uint32Array;
  rankBits: Uint32Array;
  counts: Uint32Array;
  readonly distinctCache = new Map<string, Distincts>();
  readonly distinctCounts = new Map<string, Uint32Array>();
  distinctCacheChars = 0;

  /** `source`: each item's search row (by id; tests), or the words collected while loading (in id order). */
  constructor(
    readonly index: CatalogueIndex,
    source: SearchTextRow[] | SearchWords,
  ) {
    const n = (this.n = index.items.length);
    const collected = source instanceof SearchWords ? source : wordsOfRows(index, source);
    if (collected.items !== n) throw new Error(`SearchIndex: ${collected.items} word lists for ${n} items`);
    const lists = postingsOf(collected, index.idOrder);
    this.textHash = lists.textHash;
    this.chars = lists.chars;
    this.wordStart = lists.wordStart;
    this.postingStart = lists.postingStart;
    this.postings = lists.postings;

    const words32 = (n + 31) >>> 5;
    this.scratch = new Uint32Array(words32);
    this.out = new Uint32Array(n);
    this.rankBits = new Uint32Array(words32);
    this.counts = new Uint32Array(index.facets.size);
    this.bitsetCapacity = Math.max(8, Math.floor(BITSET_CACHE_BYTES / Math.max(4, words32 * 4)));
    this.pinned = pinOneCharacterTerms(this);
  }

  /**
   * Takes the new searchable text of items edited in place (`CatalogueIndex.patchItems`: same
   * positions) without a rebuild: their words leave and join the postings, words no item had
   * before join the sorted word list, and the cached bitsets and distinct lists follow. Answers
   * false, changing nothing, when no item's words changed (a price edit, say).
   */
  updateItems(changes: { pos: number; text: string }[]): boolean {
    const commit = runNow(this.planUpdate(changes));
    commit?.();
    return commit !== null;
  }

  /** `updateItems` in two parts: steps that may run sliced, then a commit, or null (search/edits.ts). */
  planUpdate(changes: { pos: number; text: string }[]): Steps<(() => void) | null> {
    return planUpdate(this, changes);
  }

  /** The words after items are taken out of the catalogue index and put in (`CatalogueIndex.planShift`; search/edits.ts). */
  planShift(shift: WordShift): Steps<() => void> {
    return planShift(this, shift);
  }

  /**
   * The items matching every term (none for no terms) in the sort's order, limited to a
   * category (with its descendants) when one is given, with their distinct lists.
   */
  search(terms: SearchTerm[], sort: SortKey, scope?: number): SearchAnswer {
    return search(this, terms, sort, scope);
  }

  /**
   * One page of what `search` answers (its positions [offset, offset + limit)), with their total
   * and the distinct lists, without putting every match in order (search/queries.ts).
   */
  searchPage(terms: SearchTerm[], sort: SortKey, scope: number | undefined, offset: number, limit: number): SearchPage {
    return searchPage(this, terms, sort, scope, offset, limit);
  }

  /**
   * The search's terms widened by synonyms and, for a term that starts no word, by the words
   * within its typos; with a did-you-mean when the words as typed find nothing (search/forgiving.ts).
   */
  forgive(text: string, synonyms: Synonyms): Forgiven {
    return forgive(this, text, synonyms);
  }

  /** Every item a forgiven search finds, by relevance (exact number or UPC, as typed, then widened). */
  relevance(f: Forgiven, text: string, scope?: number): SearchAnswer {
    return relevanceAll(this, f, text, scope);
  }

  /** One page of `relevance`: today's page when nothing is widened and no item number is typed. */
  relevancePage(f: Forgiven, text: string, scope: number | undefined, offset: number, limit: number): SearchPage {
    return relevancePage(this, f, text, scope, offset, limit);
  }

  /** Builds the typo index now, rather than at the first search with a typo. */
  prepareTypos(): void {
    prepareTypos(this);
  }

  /** Every facet value among the given items with its count, as CatalogueIndex.distincts answers. */
  distincts(positions: ArrayLike<number>): DistinctLists {
    return searchDistincts(this, positions);
  }
}
