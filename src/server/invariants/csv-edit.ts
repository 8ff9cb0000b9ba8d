import { parseCsv } from '../catalogue/csv';

/**
 * The catalogue CSV round trip of the invariant driver: the exported file with one item's price
 * changed (`next` takes and answers cents), every other cell as exported. Null when the item is
 * not in the file.
 */
export function csvWithNewPrice(exported: string, num: string, next: (priceCents: number) => number): string | null {
  const { records } = parseCsv(exported);
  const header = records[0]?.fields ?? [];
  const numAt = header.indexOf('num');
  const priceAt = header.indexOf('price');
  if (numAt < 0 || priceAt < 0) return null;
  const row = records.find((r, i) => i > 0 && r.fields[numAt] === num);
  if (!row) return null;
  const cents = Math.round(Number(row.fields[priceAt]) * 100);
  if (!Number.isFinite(cents)) return null;
  const fields = [...row.fields];
  fields[priceAt] = (next(cents) / 100).toFixed(2);
  return [header, fields].map((cells) => cells.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** RFC 4180 quoting, and nothing else: the import reads back exactly what the export wrote. */
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
