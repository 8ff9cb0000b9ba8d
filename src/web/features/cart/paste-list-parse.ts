/**
 * "Paste a list" on the cart page: turns pasted text or a plain CSV file into order lines.
 * Accepts `11012 24`, `11012,24`, `11012<TAB>24` (two spreadsheet columns), `11012;24`, a single
 * column of numbers (quantity 1), quoted CSV fields and an `item,qty` header. Pure, so it is
 * tested on its own and 500 lines parse in well under a millisecond each.
 */

export const PASTE_LIMITS = { maxQty: 9999, maxLines: 500 } as const;

export const PASTE_REASONS = {
  unknownNumber: 'Unknown item number',
  badNumber: 'Not an item number',
  badQuantity: 'Bad quantity: use a whole number from 1 to 9999',
  mergedInto: (line: number) => `Duplicate: merged into line ${line}`,
  tooLarge: `Bad quantity: the merged lines pass ${PASTE_LIMITS.maxQty}`,
} as const;

export interface PastedLine {
  /** 1-based line of the pasted text (after blank lines are skipped it still counts them). */
  lineNo: number;
  /** The line as typed, trimmed. */
  text: string;
  invNum: string;
  /** The quantity; null when it is not a valid one. */
  qty: number | null;
  /** Empty when the line can be added (before the item itself is checked). */
  reason: string;
  /** For a duplicate: the line it was merged into. */
  mergedInto?: number;
}

const ITEM_NUM = /^[A-Za-z0-9._-]{1,40}$/;
const HEADER_WORDS = /^(item|items|item ?#|item ?no\.?|item ?num(ber)?|invnum|inv ?#|sku|catalog ?#?|catalog ?num(ber)?|product|part ?#?|num(ber)?|#)$/i;
const QTY_WORDS = /^(qty|quantity|quantities|count|units|ordqty|amount)$/i;

/** The fields of one line: CSV-style quotes removed, split on tab, comma, semicolon or spaces. */
function fields(line: string): string[] {
  return line
    .split(/\t|,|;|\s+/)
    .map((f) => f.trim().replace(/^"(.*)"$/, '$1').trim())
    .filter((f) => f !== '');
}

function isHeader(parts: string[]): boolean {
  const [a = '', b = ''] = parts;
  return HEADER_WORDS.test(a) || QTY_WORDS.test(b);
}

function parseQty(raw: string | undefined): number | null {
  if (raw === undefined) return 1;
  // "24.0" and "24." from a spreadsheet are 24; "1.5", "-3", "abc" and "0" are not quantities.
  const m = /^(\d{1,4})(\.0*)?$/.exec(raw);
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 && n <= PASTE_LIMITS.maxQty ? n : null;
}

/** Every non-blank line of the text, each with its item number and quantity or the reason it cannot be added. */
export function parsePastedList(text: string): PastedLine[] {
  const out: PastedLine[] = [];
  const firstOf = new Map<string, PastedLine>();
  const rawLines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  let seenContent = false;
  rawLines.forEach((raw, i) => {
    const trimmed = raw.trim();
    if (trimmed === '') return;
    const parts = fields(trimmed);
    if (parts.length === 0) return;
    if (!seenContent && isHeader(parts)) {
      seenContent = true;
      return;
    }
    seenContent = true;
    const lineNo = i + 1;
    const invNum = parts[0]!;
    const qty = parseQty(parts[1]);
    const line: PastedLine = { lineNo, text: trimmed, invNum, qty, reason: '' };
    if (!ITEM_NUM.test(invNum)) line.reason = PASTE_REASONS.badNumber;
    else if (qty === null) line.reason = PASTE_REASONS.badQuantity;
    else {
      const key = invNum.toUpperCase();
      const first = firstOf.get(key);
      if (first) {
        line.reason = PASTE_REASONS.mergedInto(first.lineNo);
        line.mergedInto = first.lineNo;
        const merged = (first.qty ?? 0) + qty;
        if (merged > PASTE_LIMITS.maxQty) {
          first.reason = PASTE_REASONS.tooLarge;
          first.qty = null;
        } else if (first.qty !== null) {
          first.qty = merged;
        }
      } else {
        firstOf.set(key, line);
      }
    }
    out.push(line);
  });
  return out;
}

/** The lines that can go to the cart: no reason, and (once looked up) a known item. */
export function addableLines(lines: PastedLine[], known: (invNum: string) => boolean): { invNum: string; qty: number }[] {
  return lines.filter((l) => l.reason === '' && l.qty !== null && known(l.invNum)).map((l) => ({ invNum: l.invNum, qty: l.qty! }));
}
