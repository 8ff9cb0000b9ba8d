import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/schema';
import type { StockColumn } from './csv-columns';
import { changedFields, type FieldChange } from './csv-export';
import { type ImportRow, parseCatalogueCsvInTurns, toCatalogueItem } from './csv-import';
import { loadCategories } from './queries';
import { loadItemInputs } from './stored-items';
import type { CatalogueItemInput } from './writes';

/** Rows compared per read of the stored items. */
const SLICE = 500;

/**
 * The dry run of a catalogue CSV (import-catalogue.ts applies it): every row checked, and each
 * valid one sorted into new, changed (with old → new per column, as the file shows them) or
 * unchanged against the stored items. Reads only.
 */

export interface RowError {
  /** The line of the file (the header is line 1), as a spreadsheet numbers its rows. */
  row: number;
  message: string;
}

export interface ImportPlan {
  /** Every valid row of the file. */
  rows: ImportRow[];
  errors: RowError[];
  new: { num: string; title: string }[];
  changed: { num: string; fields: FieldChange[] }[];
  unchanged: number;
  /** The new and changed rows, in file order: what an apply writes. */
  toWrite: ImportRow[];
  /** The file's stock columns: read-only, not imported (docs/decisions/0025). */
  ignored: StockColumn[];
}

/** The reader's problems are `line N: reason` by construction (csv.ts, csv-import.ts). */
function rowError(problem: string): RowError {
  const m = /^line (\d+): ([\s\S]*)$/.exec(problem);
  return m ? { row: Number(m[1]), message: m[2]! } : { row: 1, message: problem };
}

export async function planImport(db: Kysely<DB>, csvText: string): Promise<ImportPlan> {
  const categories = await loadCategories(db);
  const categoryNums = new Set(categories.filter((c) => c.kind === 'tree').map((c) => c.num));
  const parsed = await parseCatalogueCsvInTurns(csvText, { categoryNums });
  const plan: ImportPlan = { rows: parsed.rows, errors: parsed.errors.map(rowError), new: [], changed: [], unchanged: 0, toWrite: [], ignored: parsed.ignored };
  if (plan.errors.length > 0) return plan;
  const now = new Date().toISOString();
  // A slice at a time, with a turn of the event loop between: the storefront keeps answering.
  for (let i = 0; i < parsed.rows.length; i += SLICE) {
    const slice = parsed.rows.slice(i, i + SLICE);
    const existing = await loadItemInputs(db, slice.map((r) => r.num));
    for (const row of slice) sortRow(plan, row, existing.get(row.num), now);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return plan;
}

/** Into new, changed (with its columns) or unchanged. */
function sortRow(plan: ImportPlan, row: ImportRow, before: CatalogueItemInput | undefined, now: string): void {
  const after = toCatalogueItem(row, before, now);
  if (!before) {
    plan.new.push({ num: row.num, title: after.webTitle });
    plan.toWrite.push(row);
    return;
  }
  const fields = changedFields(before, after);
  if (fields.length === 0) {
    plan.unchanged += 1;
    return;
  }
  plan.changed.push({ num: row.num, fields });
  plan.toWrite.push(row);
}
