import { grow } from '../read-index/arrays';

/* An item's searchable text and its words, as the database's full-text search sees them. */

/** The item columns search reads that the catalogue index does not hold. */
export interface SearchTextRow {
  id: number;
  key_words: string;
  upc: string;
}

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

/** FNV-1a of a string's UTF-16 code units. */
export function textHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
