/**
 * The one CSV writer of every file the server writes (RFC 4180, CRLF): the orders, customers and
 * report exports and the catalogue CSV. Safe to open in a spreadsheet: a text cell that starts
 * with = + - @ (or a tab or carriage return) would be read as a formula, so it gets a leading `'`
 * (OWASP "CSV injection"). Numbers are written as numbers.
 *
 * A cell that already starts with quotes and then one of those characters gets one more quote,
 * so `readCell` (the catalogue import) can take exactly one off again: what the export wrote
 * reads back as it was, `-5 Red` and `'=x` alike.
 */
const NEUTRALISED = /^'*[=+\-@\t\r]/;

export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = NEUTRALISED.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A cell's value as `csvCell` had it: the quote it put in front of a formula character comes off. */
export function readCell(cell: string): string {
  return cell.startsWith("'") && NEUTRALISED.test(cell.slice(1)) ? cell.slice(1) : cell;
}

export function csvLine(cells: readonly (string | number | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * The lines of a CSV file, page by page: `page(after)` answers the rows after the key `after`
 * (null: from the start) and the key to continue from (null: done). Only one page is in memory.
 */
export async function* csvPages<K>(header: readonly string[], page: (after: K | null) => Promise<{ lines: string[]; next: K | null }>): AsyncGenerator<string> {
  yield csvLine(header);
  let after: K | null = null;
  do {
    const { lines, next }: { lines: string[]; next: K | null } = await page(after);
    if (lines.length > 0) yield lines.join('');
    after = next;
  } while (after !== null);
}
