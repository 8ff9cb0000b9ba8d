import type { SortKey } from '../../contract/catalogue';
import type { CatalogueIndex, DistinctLists, Distincts, ShiftPlan } from './catalogue-index';
import { inverse } from './collation';
import { firstAtLeast, popcount } from './facet-table';
import { NONE, runNow, shiftBits, Spares, STEP, type Steps } from './sliced';

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
 */

/** The item columns search reads that the catalogue index does not hold. */
export interface SearchTextRow {
  id: number;
  key_words: string;
  upc: string;
}

/** Bytes the lazily built bitsets of wide terms ("ba", "20") may hold, per index. */
const BITSET_CACHE_BYTES = 16 * 1024 * 1024;
/** A match set covering more than 1/DENSE of the positions searched is put in order by walking the sort order. */
const DENSE = 3;
/** A list of matches with fewer than 1/FEW_FACTOR of the words of a bitset over all items is ordered by sorting ranks. */
const FEW_FACTOR = 8;
/** Distinct lists kept for reuse across sort orders and pages (one JSON string each, a few kilobytes). */
const DISTINCT_CACHE_SIZE = 2048;
/** Characters those strings may hold together. */
const DISTINCT_CACHE_CHARS = 8 * 1024 * 1024;

/** The one-character terms, whose bitsets every search index builds up front and keeps. */
const PINNED = [...'abcdefghijklmnopqrstuvwxyz0123456789'];

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

/** One page of a search: its positions in the sort's order, how many match in all, and their distinct lists. */
export interface SearchPage {
  positions: Uint32Array;
  total: number;
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
  /** A hash of each item's searchable text, so an edit that leaves it alone is seen at once. */
  textHash: Uint32Array = new Uint32Array(1024);
  used = 0;
  items = 0;

  add(text: string): void {
    if (this.items === this.textHash.length) this.textHash = grow(this.textHash);
    this.textHash[this.items] = textHash(text);
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

/**
 * Items taken out of the catalogue index and put in (`CatalogueIndex.planShift`'s plan: the map
 * of old to new positions, as an array and as runs, the new count, the old positions taken out,
 * and where they are listed), for the words to follow.
 */
export interface WordShift extends Pick<ShiftPlan, 'map' | 'runs' | 'n' | 'removed'> {
  places?: ShiftPlan['places'];
  /** New positions of the items put in, with their searchable text. */
  inserted: { pos: number; text: string }[];
  /**
   * The searchable text stored now of items taken out, by old position, where known: when it is
   * the text the index holds (same hash), its words are read from it instead of found by a walk
   * of every posting.
   */
  stored?: Map<number, string>;
}

export class SearchIndex {
  private n: number;
  /** Each position's `textHash` of its searchable text as the index holds it. */
  private textHash: Uint32Array;
  /** Every distinct word, sorted, concatenated (UTF-16 code units); word w is chars[wordStart[w], wordStart[w + 1]). */
  private chars: Uint16Array;
  private wordStart: Uint32Array;
  /** Positions of the items holding word w: postings[postingStart[w], postingStart[w + 1]), ascending. */
  private postingStart: Uint32Array;
  private postings: Uint32Array;
  /**
   * Arrays an edit writes its new word list and postings into: the ones the edit before it
   * replaced (or new ones, with room to grow, when they are too short). So an edit allocates
   * nothing big, and sets off no full garbage collection: at half a million items those stop
   * the process for a hundred milliseconds and more (docs/decisions/0020-catalogue-editing.md).
   */
  private spare: { chars?: Uint16Array; wordStart?: Uint32Array; postingStart?: Uint32Array; postings?: Uint32Array } = {};
  /** Scratch marks over positions (the edited items); all zero between edits. */
  private marks: Uint8Array | null = null;
  /** The text hashes and pinned bitsets the last shift replaced, for the next to write into. */
  private readonly shiftSpares = new Spares();
  private readonly bitsets = new Map<string, Uint32Array>();
  private readonly bitsetCapacity: number;
  /** How many of the first bitsets are the one-character ones, never evicted. */
  private pinned: number;
  /** Scratch bitset for ordering and scoping; always all zero between calls. */
  private scratch: Uint32Array;
  /** Scratch output of the ordering walk (`pick`) and of the order a page is cut from (`pageInOrder`). */
  private out: Uint32Array;
  /** Scratch bitset over ranks in a sort order; always all zero between calls. */
  private rankBits: Uint32Array;
  /** Scratch facet counts, one per facet value. */
  private counts: Uint32Array;
  /** Distinct lists of recent match sets, by scope and word ranges. */
  private readonly distinctCache = new Map<string, Distincts>();
  /** The facet counts of each cached distinct list (a shift moves them by the items taken out and put in). */
  private readonly distinctCounts = new Map<string, Uint32Array>();
  private distinctCacheChars = 0;

  /** `source`: each item's search row (by id; tests), or the words collected while loading (in id order). */
  constructor(
    readonly index: CatalogueIndex,
    source: SearchTextRow[] | SearchWords,
  ) {
    const n = (this.n = index.items.length);
    const collected = source instanceof SearchWords ? source : wordsOfRows(index, source);
    if (collected.items !== n) throw new Error(`SearchIndex: ${collected.items} word lists for ${n} items`);
    const { ids, used, itemStart, wordIds } = collected;
    this.textHash = new Uint32Array(n);
    const sorted = [...ids.keys()].sort();
    const renumber = new Uint32Array(sorted.length);
    const wordStart = new Uint32Array(sorted.length + 1);
    sorted.forEach((w, i) => {
      renumber[ids.get(w)!] = i;
      wordStart[i + 1] = wordStart[i]! + w.length;
    });
    ids.clear();
    this.chars = new Uint16Array(wordStart[sorted.length]!);
    sorted.forEach((w, i) => {
      for (let c = 0, at = wordStart[i]!; c < w.length; c++) this.chars[at + c] = w.charCodeAt(c);
    });
    this.wordStart = wordStart;
    // Only the postings are kept: the words of the k-th item (by id) are read once, here.
    const postingStart = new Uint32Array(sorted.length + 1);
    for (let i = 0; i < used; i++) postingStart[(wordIds[i] = renumber[wordIds[i]!]!) + 1]!++;
    for (let w = 0; w < sorted.length; w++) postingStart[w + 1]! += postingStart[w]!;
    const fill = postingStart.slice(0, sorted.length);
    this.postings = new Uint32Array(used);
    const byIdRank = inverse(index.idOrder);
    for (let p = 0; p < n; p++) {
      const k = byIdRank[p]!;
      for (let i = itemStart[k]!; i < itemStart[k + 1]!; i++) this.postings[fill[wordIds[i]!]!++] = p;
      this.textHash[p] = collected.textHash[k]!;
    }
    this.postingStart = postingStart;

    const words32 = (n + 31) >>> 5;
    this.scratch = new Uint32Array(words32);
    this.out = new Uint32Array(n);
    this.rankBits = new Uint32Array(words32);
    this.counts = new Uint32Array(index.facets.size);
    this.bitsetCapacity = Math.max(8, Math.floor(BITSET_CACHE_BYTES / Math.max(4, words32 * 4)));
    this.pinned = this.pinOneCharacterTerms();
  }

  /** One-character terms match a large share of the catalogue: their bitsets are built up front, and kept. */
  private pinOneCharacterTerms(): number {
    const words = { chars: this.chars, wordStart: this.wordStart, postingStart: this.postingStart, postings: this.postings };
    for (const [key, bits] of runNow(pinnedBits(words, this.scratch.length))) this.bitsets.set(key, bits);
    return this.bitsets.size;
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

  /**
   * `updateItems` in two parts: the steps work out the new word list and postings in new arrays,
   * reading the index's without changing them (so they may run sliced, requests answered between
   * slices: catalogue/sliced.ts); the commit they answer puts them in place in one synchronous
   * step, or they answer null when no item's words changed. Nothing else may change the index
   * between the two. One pass over the postings to find the edited items' words, one copy of them.
   */
  *planUpdate(changes: { pos: number; text: string }[]): Steps<(() => void) | null> {
    try {
      return yield* this.planWords(changes, null);
    } finally {
      // The scratch marks are all zero again, whatever happened.
      for (const c of changes) if (this.marks) this.marks[c.pos] = 0;
    }
  }

  /**
   * The words after items are taken out of the catalogue index and put in (`CatalogueIndex.planShift`,
   * whose map moves every position): the postings are written again through the map, without the
   * items taken out, with the items put in; words no item had join the list. As `planUpdate`, the
   * steps leave the index as it is and the commit they answer puts everything in place at once.
   */
  *planShift(shift: WordShift): Steps<() => void> {
    try {
      return (yield* this.planWords([], shift))!;
    } finally {
      for (const p of shift.removed) if (this.marks) this.marks[p] = 0;
    }
  }

  private *planWords(changes: { pos: number; text: string }[], shift: WordShift | null): Steps<(() => void) | null> {
    // Most edits leave the text alone (a price): then nothing is walked.
    const differ = changes.filter((c) => textHash(c.text) !== this.textHash[c.pos]);
    if (differ.length === 0 && !shift) return null;
    const hashes = differ.map((c) => ({ pos: c.pos, hash: textHash(c.text) }));
    const now = new Map<number, Set<string>>();
    for (const c of differ) now.set(c.pos, new Set(itemWords(c.text)));
    const removed = shift?.removed ?? [];
    // The words the edited items and those taken out have in the index: one walk of the postings.
    if (!this.marks || this.marks.length < this.n) this.marks = new Uint8Array(this.n);
    const marked = this.marks;
    const known = new Map<number, number[]>();
    for (const p of removed) {
      const text = shift?.stored?.get(p);
      const ids = text !== undefined && textHash(text) === this.textHash[p] ? this.wordIds(text) : null;
      if (ids) known.set(p, ids);
    }
    const walked = [...now.keys(), ...removed.filter((p) => !known.has(p))];
    for (const p of walked) marked[p] = 1;
    const had = new Map<number, number[]>(walked.map((p) => [p, []]));
    const words = this.wordStart.length - 1;
    const oldStart = this.postingStart;
    const oldPostings = this.postings;
    // The long loops are plain functions called a chunk at a time: V8 optimises a loop in a
    // generator only once the generator itself is hot, and runs it tens of times slower before.
    if (walked.length > 0) for (let w = 0; w < words; yield) w = wordsOfMarked(oldStart, oldPostings, marked, w, words, 4 * STEP, had);
    for (const [p, ids] of known) {
      had.set(p, ids);
      marked[p] = 1;
    }
    const hashesNow = () => {
      for (const { pos, hash } of hashes) this.textHash[pos] = hash;
    };
    const edited = [...now.keys()].filter((p) => {
      const before = had.get(p)!;
      return before.length !== now.get(p)!.size || before.some((w) => !now.get(p)!.has(this.word(w)));
    });
    if (edited.length === 0 && !shift) {
      // Same words (the text changed elsewhere: spacing, case): only the hashes move, which only
      // this method reads.
      for (const p of now.keys()) marked[p] = 0;
      hashesNow();
      return null;
    }
    for (const p of now.keys()) if (!edited.includes(p)) marked[p] = 0;
    // Old positions whose words leave; new positions (the same, without a shift) whose words join.
    const leaving = [...edited, ...removed];
    const joining = new Map<number, Set<string>>(edited.map((p) => [p, now.get(p)!]));
    for (const ins of shift?.inserted ?? []) joining.set(ins.pos, new Set(itemWords(ins.text)));
    const map = shift?.map ?? null;

    // Words no item had before join the list where they sort: added[j] goes before old word
    // at[j] and takes id at[j] + j; old word w moves up by the number of words added before it.
    const added = [...new Set([...joining.values()].flatMap((ws) => [...ws].filter((w) => !this.hasWord(w))))].sort();
    const at = added.map((w) => this.lowerBound(w));
    const addedIds = new Set(at.map((a, j) => a + j));
    const newId = (w: number) => w + countAtMost(at, w);
    // The words whose postings change, for the caches.
    const touchedWords = new Set([...[...joining.values()].flatMap((ws) => [...ws]), ...leaving.flatMap((p) => had.get(p)!.map((w) => this.word(w)))]);
    // Every edited item leaves every word it had and joins every word it has (new ids).
    const gains = new Map<number, number[]>();
    const touched = new Set<number>(addedIds);
    for (const p of leaving) for (const w of had.get(p)!) touched.add(newId(w));
    for (const [p, ws] of joining) {
      for (const text of ws) {
        const j = added.indexOf(text);
        const id = j >= 0 ? at[j]! + j : newId(this.lowerBound(text));
        touched.add(id);
        const list = gains.get(id);
        if (list) list.push(p);
        else gains.set(id, [p]);
      }
    }
    const total = words + added.length;
    const postingStart = room(this.spare.postingStart, total + 1);
    postingStart[0] = 0;
    // Exactly as long as the new postings: the items leave what they had, join what they have.
    let length = oldPostings.length;
    for (const p of leaving) length -= had.get(p)!.length;
    for (const ws of joining.values()) length += ws.size;
    const postings = room(this.spare.postings, length);
    let used = 0;
    let k = 0;
    let w = 0;
    // Untouched words are copied in blocks: old words [w, to) become new ids k, k + 1, ….
    function* copyUntil(to: number): Steps<void> {
      while (w < to) {
        // A block of at most 4 × STEP postings or STEP words (and at least one word), then a pause.
        const upTo = blockEnd(oldStart, w, Math.min(to, w + STEP), 4 * STEP);
        const from = oldStart[w]!;
        if (map) mapInto(postings, used, oldPostings, from, oldStart[upTo]!, map);
        else postings.set(oldPostings.subarray(from, oldStart[upTo]!), used);
        addInto(postingStart, k + 1, oldStart, w + 1, upTo + 1, used - from);
        k += upTo - w;
        w = upTo;
        used = postingStart[k]!;
        yield;
      }
    }
    for (const id of [...touched].sort((a, b) => a - b)) {
      yield* copyUntil(w + (id - k));
      const adds = (gains.get(id) ?? []).sort((a, b) => a - b);
      // A touched old word's postings without the edited items, merged with those joining it.
      const from = addedIds.has(id) ? 0 : oldStart[w]!;
      const to = addedIds.has(id) ? 0 : oldStart[w + 1]!;
      if (!addedIds.has(id)) w++;
      used = mergePostings(postings, used, oldPostings, from, to, marked, adds, map);
      postingStart[++k] = used;
      yield;
    }
    yield* copyUntil(words);
    for (const p of leaving) marked[p] = 0;
    if (k !== total || used !== postings.length) throw new Error(`SearchIndex.planUpdate: ${k} of ${total} words, ${used} of ${postings.length} postings placed`);

    let chars = this.chars;
    let wordStart = this.wordStart;
    if (added.length > 0) {
      const oldChars = this.chars;
      const oldWordStart = this.wordStart;
      wordStart = room(this.spare.wordStart, total + 1);
      wordStart[0] = 0;
      chars = room16(this.spare.chars, oldChars.length + added.reduce((sum, w) => sum + w.length, 0));
      // Old words keep their characters, moved up by the added words' before them.
      let shift = 0;
      let from = 0;
      for (let j = 0; j <= added.length; j++) {
        const to = j < added.length ? at[j]! : words;
        for (let o = from; o < to; o += STEP) {
          addInto(wordStart, o + j + 1, oldWordStart, o + 1, Math.min(to, o + STEP) + 1, shift);
          yield;
        }
        const charsTo = oldWordStart[to]!;
        for (let c = oldWordStart[from]!; c < charsTo; c += STEP) {
          chars.set(oldChars.subarray(c, Math.min(charsTo, c + STEP)), c + shift);
          yield;
        }
        if (j === added.length) break;
        const word = added[j]!;
        for (let c = 0; c < word.length; c++) chars[charsTo + shift + c] = word.charCodeAt(c);
        shift += word.length;
        wordStart[to + j + 1] = oldWordStart[to]! + shift;
        from = to;
      }
    }

    // After a shift: the hashes at the new positions, and the pinned bitsets built again (the
    // other cached bitsets go: they are built again when asked for).
    const moved = shift ? yield* this.shiftedHashes(shift) : null;
    const words32 = shift ? (shift.n + 31) >>> 5 : 0;
    const bitsLength = shift ? Math.max(this.scratch.length, words32) : 0;
    const pinned = shift ? yield* this.shiftedPinned({ chars, wordStart, postingStart, postings }, bitsLength, shift) : null;
    const recounted = shift?.places ? yield* this.shiftedDistincts(shift, shift.places, touchedWords, removed.map((p) => ({ pos: p, words: had.get(p)!.map((w) => this.word(w)) })), joining) : new Map();

    return () => {
      hashesNow();
      if (moved && pinned) {
        this.n = shift!.n;
        this.shiftSpares.give('textHash', this.textHash);
        this.textHash = moved;
        // The pinned bitsets come first in the cache, one per character present (their names,
        // first:last word, start with it).
        for (const [key, bits] of [...this.bitsets].slice(0, this.pinned)) this.shiftSpares.give(`pinned.${key[0]}`, bits);
        this.bitsets.clear();
        for (const [key, bits] of pinned) this.bitsets.set(key, bits);
        this.pinned = pinned.size;
        if (bitsLength > this.scratch.length) {
          this.scratch = new Uint32Array(bitsLength);
          this.rankBits = new Uint32Array(bitsLength);
        }
        if (this.out.length < this.n) this.out = new Uint32Array(this.n + (this.n >>> 6) + 1024);
        if (this.counts.length < this.index.facets.size) this.counts = new Uint32Array(this.index.facets.size + 64);
      }
      this.spare = {
        chars: chars === this.chars ? this.spare.chars : new Uint16Array(this.chars.buffer),
        wordStart: wordStart === this.wordStart ? this.spare.wordStart : new Uint32Array(this.wordStart.buffer),
        postingStart: new Uint32Array(this.postingStart.buffer),
        postings: new Uint32Array(this.postings.buffer),
      };
      this.chars = chars;
      this.wordStart = wordStart;
      this.postingStart = postingStart;
      this.postings = postings;
      // Cached bitsets are named by their ranges' first and last words (`rangeKey`), which words
      // added elsewhere in the list leave as they were; the edited items' bits are set again.
      for (const [key, bits] of moved ? [] : this.bitsets) {
        const [first, last] = key.split(':') as [string, string];
        for (const p of edited) {
          if ([...now.get(p)!].some((word) => first <= word && word <= last)) bits[p >>> 5]! |= 1 << (p & 31);
          else bits[p >>> 5]! &= ~(1 << (p & 31));
        }
      }
      // Distinct lists of match sets whose ranges hold none of the words that changed stay (the
      // items' facets are as they were); the others go. Keys: scope|first:last first:last….
      for (const [key, d] of this.distinctCache) {
        const ranges = key.slice(key.indexOf('|') + 1).split(' ');
        const stale = ranges.some((r) => {
          const [first, last] = r.split(':') as [string, string];
          for (const word of touchedWords) if (first <= word && word <= last) return true;
          return false;
        });
        if (!stale) continue;
        this.distinctCacheChars -= d.json.length;
        const next = recounted.get(key);
        if (next) {
          this.distinctCache.set(key, next.distincts);
          this.distinctCounts.set(key, next.counts);
          this.distinctCacheChars += next.distincts.json.length;
        } else {
          this.distinctCache.delete(key);
          this.distinctCounts.delete(key);
        }
      }
    };
  }

  /**
   * The pinned bitsets after a shift, over the new word lists: each kept one moved through the
   * runs (a word at a time) with the bits of the items put in set; one for a character no word
   * started with before, from its postings.
   */
  private *shiftedPinned(words: WordLists, length: number, shift: WordShift): Steps<Map<string, Uint32Array>> {
    const out = new Map<string, Uint32Array>();
    const texts = shift.inserted.map((ins) => ({ pos: ins.pos, words: itemWords(ins.text) }));
    for (const c of PINNED) {
      const lo = wordLowerBound(words.chars, words.wordStart, c);
      const hi = wordLowerBound(words.chars, words.wordStart, `${c}\uffff`);
      if (words.postingStart[hi] === words.postingStart[lo]) continue;
      const [oldLo, oldHi] = this.wordRange(c);
      const old = oldLo < oldHi ? this.bitsets.get(this.rangeKey(oldLo, oldHi)) : undefined;
      const bits = this.shiftSpares.u32(`pinned.${c}`, length);
      if (old) {
        shiftBits(old, bits, shift.runs);
        for (const t of texts) if (t.words.some((w) => w.startsWith(c))) bits[t.pos >>> 5]! |= 1 << (t.pos & 31);
      } else {
        setBits(bits, words.postings, words.postingStart[lo]!, words.postingStart[hi]!);
      }
      out.set(`${wordAt(words, lo)}:${wordAt(words, hi - 1)}`, bits);
      yield;
    }
    return out;
  }

  /**
   * The cached distinct lists that a shift changes (their word ranges hold a word of an item
   * taken out or put in), from their kept counts: less the values of each item taken out that
   * matched every range and was in the scope, plus those of each item put in that does and is.
   */
  private *shiftedDistincts(
    shift: WordShift,
    places: NonNullable<WordShift['places']>,
    touchedWords: Set<string>,
    leaving: { pos: number; words: string[] }[],
    joining: Map<number, Set<string>>,
  ): Steps<Map<string, { distincts: Distincts; counts: Uint32Array }>> {
    const out = new Map<string, { distincts: Distincts; counts: Uint32Array }>();
    const joined = shift.inserted.map((ins) => ({ pos: ins.pos, words: [...joining.get(ins.pos)!] }));
    for (const [key, counts] of this.distinctCounts) {
      const bar = key.indexOf('|');
      const scope = bar === 0 ? null : Number(key.slice(0, bar));
      const ranges = key.slice(bar + 1).split(' ').map((r) => r.split(':') as [string, string]);
      const within = (w: string) => ranges.some(([first, last]) => first <= w && w <= last);
      if (![...touchedWords].some(within)) continue;
      const hits = (words: string[]) => ranges.every(([first, last]) => words.some((w) => first <= w && w <= last));
      const next = new Uint32Array(places.facets.size);
      next.set(counts);
      for (const { pos, words } of leaving) {
        if ((scope === null || places.before.get(pos)?.includes(scope)) && hits(words)) for (const v of Array.from(this.index.facets.valuesOf(pos))) next[v]!--;
      }
      for (const { pos, words } of joined) {
        if ((scope === null || places.after.get(pos)?.includes(scope)) && hits(words)) for (const v of Array.from(places.facets.valuesOf(pos))) next[v]!++;
      }
      out.set(key, { distincts: places.facets.lists(next), counts: next });
      yield;
    }
    return out;
  }

  /** Each item's text hash at its new position (`planShift`). */
  private *shiftedHashes(shift: WordShift): Steps<Uint32Array> {
    const out = this.shiftSpares.u32('textHash', shift.n);
    for (let p = 0; p < this.textHash.length && p < shift.map.length; p += STEP) {
      moveHashes(out, this.textHash, shift.map, p, Math.min(shift.map.length, p + STEP));
      yield;
    }
    for (const ins of shift.inserted) out[ins.pos] = textHash(ins.text);
    return out;
  }

  /**
   * A name for the non-empty word range [lo, hi) that an edit adding words elsewhere in the list
   * leaves as it is: its first and last words (words hold no ':' or ' ').
   */
  private rangeKey(lo: number, hi: number): string {
    return `${this.word(lo)}:${this.word(hi - 1)}`;
  }

  private word(w: number): string {
    return String.fromCharCode(...this.chars.subarray(this.wordStart[w]!, this.wordStart[w + 1]!));
  }

  /** The word ids of a text's words, or null when one is not in the list. */
  private wordIds(text: string): number[] | null {
    const ids: number[] = [];
    for (const word of new Set(itemWords(text))) {
      const w = this.lowerBound(word);
      if (w >= this.wordStart.length - 1 || this.compareWord(w, word) !== 0) return null;
      ids.push(w);
    }
    return ids;
  }

  private hasWord(s: string): boolean {
    const at = this.lowerBound(s);
    return at < this.wordStart.length - 1 && this.compareWord(at, s) === 0;
  }


  /**
   * The items matching every term (none for no terms) in the sort's order, limited to a
   * category (with its descendants) when one is given, with their distinct lists.
   */
  search(terms: string[], sort: SortKey, scope?: number): SearchAnswer {
    const found = this.match(terms);
    if (!found) return { positions: new Uint32Array(0), distincts: this.countedDistincts(() => {}) };
    const { matches } = found;
    // A tree category is one range of positions; an NV collection is walked in the sort's order.
    const range = scope === undefined ? { lo: 0, hi: this.n } : this.index.categoryRange(scope);
    const members = range ? undefined : this.index.categoryMembers(scope!, sort);
    const within = range ? this.inRange(matches, range.lo, range.hi, scope) : matches;
    const positions = range ? this.inOrder(within, sort, range.lo, range.hi, scope) : this.pick(members!, matches);
    if (range) return { positions, distincts: this.distinctsOf(found.key, scope, within, range) };
    // Counting in position order reads the per-item facet ids front to back, several times
    // faster on large results than following the sort order.
    const distincts = this.cachedDistincts(`${scope ?? ''}|${found.key}`, (counts) => {
      for (const p of positions) this.scratch[p >>> 5]! |= 1 << (p & 31);
      this.index.facets.countBits(counts, this.scratch, 0, this.n);
      this.scratch.fill(0);
    });
    return { positions, distincts };
  }

  /**
   * One page of what `search` answers (its positions [offset, offset + limit)), with their total
   * and the distinct lists, without putting every match in order: the walk of the sort order
   * stops at the page's end. Answers without filters need no more than this, so a large match
   * set costs no array of its size per request (docs/decisions/0007-in-memory-search.md).
   */
  searchPage(terms: string[], sort: SortKey, scope: number | undefined, offset: number, limit: number): SearchPage {
    const range = scope === undefined ? { lo: 0, hi: this.n } : this.index.categoryRange(scope);
    if (!range) {
      // An NV collection is not one range of positions: its members are walked in full.
      const all = this.search(terms, sort, scope);
      return { positions: all.positions.slice(offset, offset + limit), total: all.positions.length, distincts: all.distincts };
    }
    const found = this.match(terms);
    if (!found) return { positions: new Uint32Array(0), total: 0, distincts: this.countedDistincts(() => {}) };
    const within = this.inRange(found.matches, range.lo, range.hi, scope);
    const total = this.countIn(within, range.lo, range.hi);
    const positions = this.pageInOrder(within, total, sort, range.lo, range.hi, scope, offset, limit);
    return { positions, total, distincts: this.distinctsOf(found.key, scope, within, range) };
  }

  /**
   * Positions [offset, offset + limit) of the m matches among [lo, hi) in the sort's order. A
   * walk of the order (or the scope's members, which are that range in order) ends after the
   * page; it is expected to read about (offset + limit) × (hi − lo) / m entries, so it is taken
   * when that is no more than the matches themselves; otherwise the matches are put in order
   * as `inOrder` does and the page is cut from them.
   */
  private pageInOrder(matches: Matches, m: number, sort: SortKey, lo: number, hi: number, scope: number | undefined, offset: number, limit: number): Uint32Array {
    const end = Math.min(m, offset + limit);
    if (offset >= end) return new Uint32Array(0);
    if (end * (hi - lo) > m * m) return this.inOrder(matches, sort, lo, hi, scope, this.out).slice(offset, end);
    const walk = scope === undefined ? this.index.order[sort] : this.index.categoryMembers(scope, sort);
    const bits = matches.kind === 'bits' ? matches.bits : this.scratch;
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
  private inRange(matches: Matches, lo: number, hi: number, scope: number | undefined): Matches {
    if (matches.kind === 'bits' || scope === undefined) return matches;
    const list = matches.positions;
    return { kind: 'list', positions: list.subarray(firstAtLeast(list, 0, list.length, lo), firstAtLeast(list, 0, list.length, hi)) };
  }

  /** How many matches lie among positions [lo, hi). */
  private countIn(matches: Matches, lo: number, hi: number): number {
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
  private distinctsOf(matchKey: string, scope: number | undefined, within: Matches, range: { lo: number; hi: number }): Distincts {
    return this.cachedDistincts(`${scope ?? ''}|${matchKey}`, (counts) => {
      if (within.kind === 'list') this.index.facets.count(counts, within.positions);
      else this.index.facets.countBits(counts, within.bits, range.lo, range.hi);
    });
  }

  /** Distinct lists by key, counted on a miss; the least recently used are dropped beyond the cache's bounds. */
  private cachedDistincts(key: string, count: (counts: Uint32Array) => void): Distincts {
    let distincts = this.distinctCache.get(key);
    if (distincts) {
      this.distinctCache.delete(key);
    } else {
      distincts = this.countedDistincts(count);
      this.distinctCounts.set(key, this.counts.slice(0, this.index.facets.size));
      this.distinctCacheChars += distincts.json.length;
      while (this.distinctCache.size >= DISTINCT_CACHE_SIZE || (this.distinctCacheChars > DISTINCT_CACHE_CHARS && this.distinctCache.size > 0)) {
        const oldest = this.distinctCache.keys().next().value!;
        this.distinctCacheChars -= this.distinctCache.get(oldest)!.json.length;
        this.distinctCache.delete(oldest);
        this.distinctCounts.delete(oldest);
      }
    }
    this.distinctCache.set(key, distincts);
    return distincts;
  }

  /**
   * The matches among positions [lo, hi) (all of a list's are there) in the sort's order, in a
   * new array or `into` (scratch, at least as long as the matches). Many
   * matches: a walk of the sort order (or the scope's members, which are that range in order).
   * Few: their ranks sorted. Otherwise their ranks are marked in a bitset over ranks, which is
   * then read in rank order: linear in the matches plus a word per 32 items.
   */
  private inOrder(matches: Matches, sort: SortKey, lo: number, hi: number, scope: number | undefined, into?: Uint32Array): Uint32Array {
    const rank = this.index.rank[sort];
    const order = this.index.order[sort];
    const from = lo >>> 5;
    const to = (hi + 31) >>> 5;
    const loMask = -1 << (lo & 31);
    const hiMask = (hi & 31) === 0 ? -1 : (1 << (hi & 31)) - 1;
    const m = this.countIn(matches, lo, hi);
    // Into scratch when only a page of it is wanted: no array of every match per request.
    const out = into ? into.subarray(0, m) : new Uint32Array(m);
    if (m === 0) return out;
    if (m * DENSE > hi - lo) {
      const walk = scope === undefined ? order : this.index.categoryMembers(scope, sort);
      const bits = matches.kind === 'bits' ? matches.bits : this.scratch;
      if (matches.kind === 'list') for (const p of matches.positions) bits[p >>> 5]! |= 1 << (p & 31);
      let k = 0;
      for (let i = 0; i < walk.length && k < m; i++) {
        const p = walk[i]!;
        if ((bits[p >>> 5]! & (1 << (p & 31))) !== 0) out[k++] = p;
      }
      if (matches.kind === 'list') for (const p of matches.positions) bits[p >>> 5] = 0;
      return out;
    }
    if (matches.kind === 'list' && m * FEW_FACTOR < this.rankBits.length) {
      const list = matches.positions;
      for (let i = 0; i < m; i++) out[i] = rank[list[i]!]!;
      out.sort();
      for (let i = 0; i < m; i++) out[i] = order[out[i]!]!;
      return out;
    }
    const ranks = this.rankBits;
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
    const key = needed.map(([lo, hi]) => this.rangeKey(lo, hi)).join(' ');
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
    // Each further term keeps the candidates whose bit is set in its bitset: kept for a wide
    // term, marked in scratch from the postings (fewer than 1 item in 32) for a narrow one.
    const found = new Uint32Array(candidates.length);
    let from: Uint32Array = candidates;
    let k = candidates.length;
    for (const [lo, hi] of rest) {
      const wide = weight([lo, hi]) * 32 > this.n;
      const bits = wide ? this.bits(lo, hi) : this.markPostings(lo, hi, -1);
      let kept = 0;
      for (let i = 0; i < k; i++) {
        const p = from[i]!;
        if ((bits[p >>> 5]! & (1 << (p & 31))) !== 0) found[kept++] = p;
      }
      if (!wide) this.markPostings(lo, hi, 0);
      from = found;
      k = kept;
    }
    return { matches: { kind: 'list', positions: found.subarray(0, k) }, key };
  }

  /** Sets (`to` -1) or clears (`to` 0) the scratch bits of the items holding a word in [lo, hi). */
  private markPostings(lo: number, hi: number, to: number): Uint32Array {
    const bits = this.scratch;
    const end = this.postingStart[hi]!;
    for (let i = this.postingStart[lo]!; i < end; i++) {
      const p = this.postings[i]!;
      if (to === 0) bits[p >>> 5] = 0;
      else bits[p >>> 5]! |= 1 << (p & 31);
    }
    return bits;
  }

  /** Word ids [lo, hi) of the words starting with the term. */
  private wordRange(term: string): [number, number] {
    return [this.lowerBound(term), this.lowerBound(`${term}\uffff`)];
  }

  /** The first word id whose word is not less than s. */
  private lowerBound(s: string): number {
    return wordLowerBound(this.chars, this.wordStart, s);
  }

  private compareWord(w: number, s: string): number {
    return compareWord(this.chars, this.wordStart, w, s);
  }

  /** The bitset of the items holding a word in [lo, hi): pinned, cached, or built now. */
  private bits(lo: number, hi: number): Uint32Array {
    const key = this.rangeKey(lo, hi);
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
    setBits(bits, this.postings, this.postingStart[lo]!, this.postingStart[hi]!);
    return bits;
  }
}

/** A word list and its postings (`SearchIndex`'s arrays). */
interface WordLists {
  chars: Uint16Array;
  wordStart: Uint32Array;
  postingStart: Uint32Array;
  postings: Uint32Array;
}

/** The bitsets (`length` words) of the one-character terms present, by their ranges' names, built from the postings. */
function* pinnedBits(words: WordLists, length: number): Steps<Map<string, Uint32Array>> {
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
function wordAt(words: WordLists, w: number): string {
  return String.fromCharCode(...words.chars.subarray(words.wordStart[w]!, words.wordStart[w + 1]!));
}

/** Sets the bits of postings[from, to). */
function setBits(bits: Uint32Array, postings: Uint32Array, from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const p = postings[i]!;
    bits[p >>> 5]! |= 1 << (p & 31);
  }
}

/** The first word id of a sorted word list whose word is not less than s. */
function wordLowerBound(chars: Uint16Array, wordStart: Uint32Array, s: string): number {
  let lo = 0;
  let hi = wordStart.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareWord(chars, wordStart, mid, s) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function compareWord(chars: Uint16Array, wordStart: Uint32Array, w: number, s: string): number {
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
function mapInto(dst: Uint32Array, at: number, src: Uint32Array, from: number, to: number, map: Uint32Array): void {
  for (let i = from; i < to; i++) dst[at + i - from] = map[src[i]!]!;
}

/** The hashes of old positions [from, to) at their new positions. */
function moveHashes(out: Uint32Array, hashes: Uint32Array, map: Uint32Array, from: number, to: number): void {
  for (let p = from; p < to; p++) if (map[p] !== NONE) out[map[p]!] = hashes[p]!;
}

/** FNV-1a of a string's UTF-16 code units. */
function textHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * Adds to `had` (position → word ids) the words from `w` on holding a marked position, until
 * about `budget` postings are read; answers the next word.
 */
function wordsOfMarked(start: Uint32Array, postings: Uint32Array, marked: Uint8Array, w: number, words: number, budget: number, had: Map<number, number[]>): number {
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
function mergePostings(dst: Uint32Array, used: number, src: Uint32Array, from: number, to: number, marked: Uint8Array, adds: number[], map: Uint32Array | null): number {
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
function blockEnd(start: Uint32Array, w: number, to: number, budget: number): number {
  let upTo = w + 1;
  while (upTo < to && start[upTo + 1]! - start[w]! <= budget) upTo++;
  return upTo;
}

/** dst[at + i] = src[from + i] + delta, for i < to − from. */
function addInto(dst: Uint32Array, at: number, src: Uint32Array, from: number, to: number, delta: number): void {
  for (let i = from; i < to; i++) dst[at + i - from] = src[i]! + delta;
}

/** The first n entries of `spare` when it has room for them, else of a new array with room to grow. */
function room(spare: Uint32Array | undefined, n: number): Uint32Array {
  return spare && spare.length >= n ? spare.subarray(0, n) : new Uint32Array(n + (n >>> 6) + 1024).subarray(0, n);
}

function room16(spare: Uint16Array | undefined, n: number): Uint16Array {
  return spare && spare.length >= n ? spare.subarray(0, n) : new Uint16Array(n + (n >>> 6) + 1024).subarray(0, n);
}

/** How many entries of an ascending list are at most x. */
function countAtMost(sorted: number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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
