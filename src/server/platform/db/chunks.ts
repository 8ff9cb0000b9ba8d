/**
 * Bound parameters per statement. SQLite allows 32766 and PostgreSQL 65535; one budget under
 * both keeps the chunking dialect-free at no measurable cost.
 */
const MAX_PARAMS = 30_000;

/** `rows` in parts small enough for one statement each, at `columnsPerRow` parameters a row. */
export function chunks<T>(rows: readonly T[], columnsPerRow: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_PARAMS / columnsPerRow));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
