import { type DistributorCreateBody, distributorCreateBody, DISTRIBUTOR_MESSAGES, DISTRIBUTORS, type DistributorImportResult } from '../../contract/admin/distributors';
import { parseCsv } from '../catalogue';
import type { DistributorAdminRow, DistributorValues } from './distributor-admin-queries';

const M = DISTRIBUTOR_MESSAGES;
type Column = (typeof DISTRIBUTORS.columns)[number];
const FIELDS = DISTRIBUTORS.columns.filter((c) => c !== 'id') as Exclude<Column, 'id'>[];

/** What an import would do: the report, and the rows to add and change. */
export interface DistributorImportPlan {
  report: Omit<DistributorImportResult, 'applied'>;
  adds: DistributorValues[];
  changes: { id: number; version: number; values: DistributorValues }[];
}

const keyOf = (d: { name: string; zip: string }) => `${d.name.trim().toLowerCase()}\u0000${d.zip.trim()}`;
/** A coordinate's cell as a number, or the text itself when it is not one (the schema then names the field). */
const numberCell = (v: string) => (v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v);

/**
 * Plans a CSV of distributors against the stored ones. The first line names the columns (the
 * table's, any order, any case). A row with an `id` changes that distributor; a row without one
 * changes the distributor with the same name and ZIP code, or adds one. Every row is checked by
 * the same rules as the editor's form; row numbers are the file's line numbers.
 */
export function planDistributorImport(text: string, stored: DistributorAdminRow[]): DistributorImportPlan {
  const plan: DistributorImportPlan = { report: { added: [], changed: [], unchanged: 0, errors: [] }, adds: [], changes: [] };
  const errors = plan.report.errors;
  const parsed = parseCsv(text);
  for (const e of parsed.errors) errors.push({ row: Number(/^line (\d+)/.exec(e)?.[1] ?? 0), message: e.replace(/^line \d+: /, '') });
  const [head, ...records] = parsed.records;
  if (!head) return { ...plan, report: { ...plan.report, errors: [...errors, { row: 1, message: M.emptyFile }] } };
  const header = head.fields.map((f) => f.trim().toLowerCase());
  const unknown = header.find((h) => !(DISTRIBUTORS.columns as readonly string[]).includes(h));
  const missing = DISTRIBUTORS.requiredColumns.filter((c) => !header.includes(c));
  if (unknown !== undefined || missing.length > 0) {
    errors.push({ row: head.line, message: unknown !== undefined ? M.unknownColumn(unknown) : M.header(missing) });
    return plan;
  }
  if (records.length === 0) errors.push({ row: head.line, message: M.emptyFile });
  if (records.length > DISTRIBUTORS.csvMaxRows) {
    errors.push({ row: head.line, message: M.tooManyRows });
    return plan;
  }

  const byId = new Map(stored.map((d) => [d.id, d]));
  const byKey = new Map<string, DistributorAdminRow>();
  for (const d of stored) if (!byKey.has(keyOf(d))) byKey.set(keyOf(d), d);
  const seen = new Map<string, number>();

  for (const record of records) {
    const cell = (c: Column) => record.fields[header.indexOf(c)] ?? '';
    const input: Record<string, unknown> = {};
    for (const f of FIELDS) if (header.includes(f)) input[f] = f === 'latitude' || f === 'longitude' ? numberCell(cell(f)) : cell(f);
    const checked = distributorCreateBody.safeParse(input);
    if (!checked.success) {
      errors.push({ row: record.line, message: [...new Set(checked.error.issues.map((i) => i.message))].join('; ') });
      continue;
    }
    const d = checked.data;
    const idText = cell('id').trim();
    let target: DistributorAdminRow | undefined;
    if (idText !== '') {
      target = /^\d{1,9}$/.test(idText) ? byId.get(Number(idText)) : undefined;
      if (!target) {
        errors.push({ row: record.line, message: M.unknownId(idText) });
        continue;
      }
    } else target = byKey.get(keyOf(d));
    const identity = target ? `id:${target.id}` : `new:${keyOf(d)}`;
    const earlier = seen.get(identity);
    if (earlier !== undefined) {
      errors.push({ row: record.line, message: M.duplicateRow(earlier) });
      continue;
    }
    seen.set(identity, record.line);
    if (!target) {
      plan.report.added.push({ row: record.line, name: d.name, city: d.city, state: d.state });
      plan.adds.push(d);
      continue;
    }
    // A column the file leaves out keeps the stored value.
    const values = { ...d, ...Object.fromEntries(FIELDS.filter((f) => !header.includes(f)).map((f) => [f, target[f]])) } as DistributorCreateBody;
    const fields = changedFields(target, values);
    if (fields.length === 0) plan.report.unchanged += 1;
    else {
      plan.report.changed.push({ row: record.line, id: target.id, name: target.name, fields });
      plan.changes.push({ id: target.id, version: target.version, values });
    }
  }
  return plan;
}

function changedFields(before: DistributorAdminRow, after: DistributorCreateBody): { name: string; old: string; new: string }[] {
  return FIELDS.filter((f) => String(before[f]) !== String(after[f])).map((f) => ({ name: f, old: String(before[f]), new: String(after[f]) }));
}
