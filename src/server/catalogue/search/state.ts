import type { CatalogueIndex } from '../catalogue-index';
import type { Distincts } from '../facet-table';
import type { Spares } from '../sliced';
import type { WordLists } from './postings';

/**
 * What `SearchIndex` holds, as the functions of search/ (build, edits, queries) read and write
 * it: the index keeps its state and hands itself to them.
 */
export interface SearchState extends WordLists {
  /** The catalogue index searched: its positions, sort orders, categories and facets. */
  readonly index: CatalogueIndex;
  n: number;
  /** Each position's `textHash` of its searchable text as the index holds it. */
  textHash: Uint32Array;
  /** Every distinct word, sorted, concatenated (UTF-16 code units); word w is chars[wordStart[w], wordStart[w + 1]). */
  chars: Uint16Array;
  wordStart: Uint32Array;
  /** Moves whenever the word list is replaced (an edit), so what is built from it (the typo index) knows to follow. */
  wordsVersion: number;
  /** Positions of the items holding word w: postings[postingStart[w], postingStart[w + 1]), ascending. */
  postingStart: Uint32Array;
  postings: Uint32Array;
  /**
   * Arrays an edit writes its new word list and postings into: the ones the edit before it
   * replaced (or new ones, with room to grow, when they are too short). So an edit allocates
   * nothing big, and sets off no full garbage collection: at half a million items those stop
   * the process for a hundred milliseconds and more (docs/decisions/0020-catalogue-editing.md).
   */
  spare: { chars?: Uint16Array; wordStart?: Uint32Array; postingStart?: Uint32Array; postings?: Uint32Array };
  /** Scratch marks over positions (the edited items); all zero between edits. */
  marks: Uint8Array | null;
  /** The text hashes and pinned bitsets the last shift replaced, for the next to write into. */
  readonly shiftSpares: Spares;
  /** Bitsets of word ranges by their names (`rangeKey`): the pinned ones first, then a cache of wide terms. */
  readonly bitsets: Map<string, Uint32Array>;
  readonly bitsetCapacity: number;
  /** How many of the first bitsets are the one-character ones, never evicted. */
  pinned: number;
  /** Scratch bitset for ordering and scoping; always all zero between calls. */
  scratch: Uint32Array;
  /** Scratch output of the ordering walk (`pick`) and of the order a page is cut from (`pageInOrder`). */
  out: Uint32Array;
  /** Scratch bitset over ranks in a sort order; always all zero between calls. */
  rankBits: Uint32Array;
  /** Scratch facet counts, one per facet value. */
  counts: Uint32Array;
  /** Distinct lists of recent match sets, by scope and word ranges. */
  readonly distinctCache: Map<string, Distincts>;
  /** The facet counts of each cached distinct list (a shift moves them by the items taken out and put in). */
  readonly distinctCounts: Map<string, Uint32Array>;
  distinctCacheChars: number;
}
