import type { ShiftPlan } from '../read-index/types';
import type { Distincts } from '../facet-table';
import { shiftBits, STEP, type Steps } from '../sliced';
import {
  addInto,
  blockEnd,
  countAtMost,
  hasWord,
  mapInto,
  mergePostings,
  moveHashes,
  PINNED,
  rangeKey,
  room,
  room16,
  setBits,
  wordAt,
  wordIdsOf,
  wordLowerBound,
  wordRange,
  wordsOfMarked,
  type WordLists,
} from './postings';
import type { SearchState } from './state';
import { itemWords, textHash } from './words';


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

/**
 * `updateItems` in two parts: the steps work out the new word list and postings in new arrays,
 * reading the index's without changing them (so they may run sliced, requests answered between
 * slices: catalogue/sliced.ts); the commit they answer puts them in place in one synchronous
 * step, or they answer null when no item's words changed. Nothing else may change the index
 * between the two. One pass over the postings to find the edited items' words, one copy of them.
 */
export function* planUpdate(s: SearchState, changes: { pos: number; text: string }[]): Steps<(() => void) | null> {
  try {
    return yield* planWords(s, changes, null);
  } finally {
    // The scratch marks are all zero again, whatever happened.
    for (const c of changes) if (s.marks) s.marks[c.pos] = 0;
  }
}

/**
 * The words after items are taken out of the catalogue index and put in (`CatalogueIndex.planShift`,
 * whose map moves every position): the postings are written again through the map, without the
 * items taken out, with the items put in; words no item had join the list. As `planUpdate`, the
 * steps leave the index as it is and the commit they answer puts everything in place at once.
 */
export function* planShift(s: SearchState, shift: WordShift): Steps<() => void> {
  try {
    return (yield* planWords(s, [], shift))!;
  } finally {
    for (const p of shift.removed) if (s.marks) s.marks[p] = 0;
  }
}

function* planWords(s: SearchState, changes: { pos: number; text: string }[], shift: WordShift | null): Steps<(() => void) | null> {
  // Most edits leave the text alone (a price): then nothing is walked.
  const differ = changes.filter((c) => textHash(c.text) !== s.textHash[c.pos]);
  if (differ.length === 0 && !shift) return null;
  const hashes = differ.map((c) => ({ pos: c.pos, hash: textHash(c.text) }));
  const now = new Map<number, Set<string>>();
  for (const c of differ) now.set(c.pos, new Set(itemWords(c.text)));
  const removed = shift?.removed ?? [];
  // The words the edited items and those taken out have in the index: one walk of the postings.
  if (!s.marks || s.marks.length < s.n) s.marks = new Uint8Array(s.n);
  const marked = s.marks;
  const known = new Map<number, number[]>();
  for (const p of removed) {
    const text = shift?.stored?.get(p);
    const ids = text !== undefined && textHash(text) === s.textHash[p] ? wordIdsOf(s, text) : null;
    if (ids) known.set(p, ids);
  }
  const walked = [...now.keys(), ...removed.filter((p) => !known.has(p))];
  for (const p of walked) marked[p] = 1;
  const had = new Map<number, number[]>(walked.map((p) => [p, []]));
  const words = s.wordStart.length - 1;
  const oldStart = s.postingStart;
  const oldPostings = s.postings;
  // The long loops are plain functions called a chunk at a time: V8 optimises a loop in a
  // generator only once the generator itself is hot, and runs it tens of times slower before.
  if (walked.length > 0) for (let w = 0; w < words; yield) w = wordsOfMarked(oldStart, oldPostings, marked, w, words, 4 * STEP, had);
  for (const [p, ids] of known) {
    had.set(p, ids);
    marked[p] = 1;
  }
  const hashesNow = () => {
    for (const { pos, hash } of hashes) s.textHash[pos] = hash;
  };
  const edited = [...now.keys()].filter((p) => {
    const before = had.get(p)!;
    return before.length !== now.get(p)!.size || before.some((w) => !now.get(p)!.has(wordAt(s, w)));
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
  const added = [...new Set([...joining.values()].flatMap((ws) => [...ws].filter((w) => !hasWord(s, w))))].sort();
  const at = added.map((w) => wordLowerBound(s.chars, s.wordStart, w));
  const addedIds = new Set(at.map((a, j) => a + j));
  const newId = (w: number) => w + countAtMost(at, w);
  // The words whose postings change, for the caches.
  const touchedWords = new Set([...[...joining.values()].flatMap((ws) => [...ws]), ...leaving.flatMap((p) => had.get(p)!.map((w) => wordAt(s, w)))]);
  // Every edited item leaves every word it had and joins every word it has (new ids).
  const gains = new Map<number, number[]>();
  const touched = new Set<number>(addedIds);
  for (const p of leaving) for (const w of had.get(p)!) touched.add(newId(w));
  for (const [p, ws] of joining) {
    for (const text of ws) {
      const j = added.indexOf(text);
      const id = j >= 0 ? at[j]! + j : newId(wordLowerBound(s.chars, s.wordStart, text));
      touched.add(id);
      const list = gains.get(id);
      if (list) list.push(p);
      else gains.set(id, [p]);
    }
  }
  const total = words + added.length;
  const postingStart = room(s.spare.postingStart, total + 1);
  postingStart[0] = 0;
  // Exactly as long as the new postings: the items leave what they had, join what they have.
  let length = oldPostings.length;
  for (const p of leaving) length -= had.get(p)!.length;
  for (const ws of joining.values()) length += ws.size;
  const postings = room(s.spare.postings, length);
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

  let chars = s.chars;
  let wordStart = s.wordStart;
  if (added.length > 0) {
    const oldChars = s.chars;
    const oldWordStart = s.wordStart;
    wordStart = room(s.spare.wordStart, total + 1);
    wordStart[0] = 0;
    chars = room16(s.spare.chars, oldChars.length + added.reduce((sum, w) => sum + w.length, 0));
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
  const moved = shift ? yield* shiftedHashes(s, shift) : null;
  const words32 = shift ? (shift.n + 31) >>> 5 : 0;
  const bitsLength = shift ? Math.max(s.scratch.length, words32) : 0;
  const pinned = shift ? yield* shiftedPinned(s, { chars, wordStart, postingStart, postings }, bitsLength, shift) : null;
  const recounted = shift?.places ? yield* shiftedDistincts(s, shift, shift.places, touchedWords, removed.map((p) => ({ pos: p, words: had.get(p)!.map((w) => wordAt(s, w)) })), joining) : new Map();

  return () => {
    hashesNow();
    if (moved && pinned) {
      s.n = shift!.n;
      s.shiftSpares.give('textHash', s.textHash);
      s.textHash = moved;
      // The pinned bitsets come first in the cache, one per character present (their names,
      // first:last word, start with it).
      for (const [key, bits] of [...s.bitsets].slice(0, s.pinned)) s.shiftSpares.give(`pinned.${key[0]}`, bits);
      s.bitsets.clear();
      for (const [key, bits] of pinned) s.bitsets.set(key, bits);
      s.pinned = pinned.size;
      if (bitsLength > s.scratch.length) {
        s.scratch = new Uint32Array(bitsLength);
        s.rankBits = new Uint32Array(bitsLength);
      }
      if (s.out.length < s.n) s.out = new Uint32Array(s.n + (s.n >>> 6) + 1024);
      if (s.counts.length < s.index.facets.size) s.counts = new Uint32Array(s.index.facets.size + 64);
    }
    s.spare = {
      chars: chars === s.chars ? s.spare.chars : new Uint16Array(s.chars.buffer),
      wordStart: wordStart === s.wordStart ? s.spare.wordStart : new Uint32Array(s.wordStart.buffer),
      postingStart: new Uint32Array(s.postingStart.buffer),
      postings: new Uint32Array(s.postings.buffer),
    };
    s.chars = chars;
    s.wordStart = wordStart;
    s.wordsVersion++;
    s.postingStart = postingStart;
    s.postings = postings;
    // Cached bitsets are named by their ranges' first and last words (`rangeKey`), which words
    // added elsewhere in the list leave as they were; the edited items' bits are set again.
    for (const [key, bits] of moved ? [] : s.bitsets) {
      const [first, last] = key.split(':') as [string, string];
      for (const p of edited) {
        if ([...now.get(p)!].some((word) => first <= word && word <= last)) bits[p >>> 5]! |= 1 << (p & 31);
        else bits[p >>> 5]! &= ~(1 << (p & 31));
      }
    }
    // Distinct lists of match sets whose ranges hold none of the words that changed stay (the
    // items' facets are as they were); the others go. Keys: scope|first:last first:last….
    for (const [key, d] of s.distinctCache) {
      const ranges = key.slice(key.indexOf('|') + 1).split(' ');
      const stale = ranges.some((r) => {
        const [first, last] = r.split(':') as [string, string];
        for (const word of touchedWords) if (first <= word && word <= last) return true;
        return false;
      });
      if (!stale) continue;
      s.distinctCacheChars -= d.json.length;
      const next = recounted.get(key);
      if (next) {
        s.distinctCache.set(key, next.distincts);
        s.distinctCounts.set(key, next.counts);
        s.distinctCacheChars += next.distincts.json.length;
      } else {
        s.distinctCache.delete(key);
        s.distinctCounts.delete(key);
      }
    }
  };
}

/**
 * The pinned bitsets after a shift, over the new word lists: each kept one moved through the
 * runs (a word at a time) with the bits of the items put in set; one for a character no word
 * started with before, from its postings.
 */
function* shiftedPinned(s: SearchState, words: WordLists, length: number, shift: WordShift): Steps<Map<string, Uint32Array>> {
  const out = new Map<string, Uint32Array>();
  const texts = shift.inserted.map((ins) => ({ pos: ins.pos, words: itemWords(ins.text) }));
  for (const c of PINNED) {
    const lo = wordLowerBound(words.chars, words.wordStart, c);
    const hi = wordLowerBound(words.chars, words.wordStart, `${c}\uffff`);
    if (words.postingStart[hi] === words.postingStart[lo]) continue;
    const [oldLo, oldHi] = wordRange(s, c);
    const old = oldLo < oldHi ? s.bitsets.get(rangeKey(s, oldLo, oldHi)) : undefined;
    const bits = s.shiftSpares.u32(`pinned.${c}`, length);
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
function* shiftedDistincts(
  s: SearchState,
  shift: WordShift,
  places: NonNullable<WordShift['places']>,
  touchedWords: Set<string>,
  leaving: { pos: number; words: string[] }[],
  joining: Map<number, Set<string>>,
): Steps<Map<string, { distincts: Distincts; counts: Uint32Array }>> {
  const out = new Map<string, { distincts: Distincts; counts: Uint32Array }>();
  const joined = shift.inserted.map((ins) => ({ pos: ins.pos, words: [...joining.get(ins.pos)!] }));
  for (const [key, counts] of s.distinctCounts) {
    const bar = key.indexOf('|');
    const scope = bar === 0 ? null : Number(key.slice(0, bar));
    const ranges = key.slice(bar + 1).split(' ').map((r) => r.split(':') as [string, string]);
    const within = (w: string) => ranges.some(([first, last]) => first <= w && w <= last);
    if (![...touchedWords].some(within)) continue;
    const hits = (words: string[]) => ranges.every(([first, last]) => words.some((w) => first <= w && w <= last));
    const next = new Uint32Array(places.facets.size);
    next.set(counts);
    for (const { pos, words } of leaving) {
      if ((scope === null || places.before.get(pos)?.includes(scope)) && hits(words)) for (const v of Array.from(s.index.facets.valuesOf(pos))) next[v]!--;
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
function* shiftedHashes(s: SearchState, shift: WordShift): Steps<Uint32Array> {
  const out = s.shiftSpares.u32('textHash', shift.n);
  for (let p = 0; p < s.textHash.length && p < shift.map.length; p += STEP) {
    moveHashes(out, s.textHash, shift.map, p, Math.min(shift.map.length, p + STEP));
    yield;
  }
  for (const ins of shift.inserted) out[ins.pos] = textHash(ins.text);
  return out;
}
