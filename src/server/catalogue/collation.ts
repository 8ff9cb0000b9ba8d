/**
 * The catalogue's sort order for text: English, numbers by value ("2" before "10"), case and
 * accents ignored. Sorting half a million titles with `Intl.Collator.compare` costs ~10 million
 * collator calls (tens of seconds under load); here strings are sorted by a cheap key that
 * mirrors the collator, and the result is then checked pair by pair with the collator itself.
 * Only if the key got some pair wrong (an exotic letter the key does not model) is the whole
 * list sorted with the collator: the answer is always exactly the collator's.
 */

export const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Key code of each printable ASCII character (digits excluded), in the collator's order; equals share one. */
const weights = (() => {
  const chars = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).filter((c) => c < '1' || c > '9');
  chars.sort(collator.compare);
  const out = new Uint16Array(128);
  let w = 0x20;
  chars.forEach((c, i) => {
    if (i > 0 && collator.compare(chars[i - 1]!, c) !== 0) w++;
    out[c.charCodeAt(0)] = w;
  });
  return out;
})();
/** A run of digits sorts where the digits do; '0' stands for all of them. */
const DIGITS = weights[48]!;
const PRINTABLE = /^[\x20-\x7e]*$/;

/** A string whose code-unit order matches the collator's order for plain ASCII text. */
export function sortKey(s: string): string {
  const plain = PRINTABLE.test(s) ? s : s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const key: number[] = [];
  for (let i = 0; i < plain.length; ) {
    const c = plain.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      // A number: its length (leading zeros dropped), then its digits, so 9 < 10 < 100.
      let j = i;
      while (j < plain.length && plain.charCodeAt(j) >= 48 && plain.charCodeAt(j) <= 57) j++;
      let k = i;
      while (k < j && plain.charCodeAt(k) === 48) k++;
      key.push(DIGITS, 0x30 + j - k);
      for (; k < j; k++) key.push(plain.charCodeAt(k));
      i = j;
    } else {
      // Letters outside ASCII sort after it here; if the collator disagrees, the check catches it.
      key.push(c >= 32 && c < 127 ? weights[c]! : Math.min(0xffff, 0x100 + c));
      i++;
    }
  }
  // One flat string (built from codes, not by concatenation, which would leave a rope per key).
  return String.fromCharCode(...key);
}

/**
 * Positions 0..n-1 ordered by the collator over `strings`, ties broken by `tie` (a rank per
 * position) and then by position: what a stable `sort` with the collator would answer.
 */
export function collationOrder(strings: readonly string[], tie?: Uint32Array): Uint32Array {
  const n = strings.length;
  const after = (a: number, b: number) => (tie ? tie[a]! - tie[b]! : 0) || a - b;
  const keys = strings.map(sortKey);
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : after(a, b)));
  // The collator is a total preorder, so checking each neighbour pair checks the whole order.
  for (let i = 1; i < n; i++) {
    const a = order[i - 1]!;
    const b = order[i]!;
    const c = strings[a] === strings[b] ? 0 : collator.compare(strings[a]!, strings[b]!);
    if (c > 0 || (c === 0 && after(a, b) > 0)) {
      return order.sort((x, y) => collator.compare(strings[x]!, strings[y]!) || after(x, y));
    }
  }
  return order;
}

/** rank → position, from position → rank (or the reverse). */
export function inverse(permutation: Uint32Array): Uint32Array {
  const out = new Uint32Array(permutation.length);
  for (let i = 0; i < permutation.length; i++) out[permutation[i]!] = i;
  return out;
}
