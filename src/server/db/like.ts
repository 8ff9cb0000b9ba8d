import { type RawBuilder, sql, type SqlBool } from 'kysely';

/** `%q%` for LIKE, lower case, with `\`, `%` and `_` escaped so that no character of `q` is a wildcard. */
export const containsPattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** True when the column holds `q`, in any case (both databases). */
export function columnContains(column: string, q: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${containsPattern(q)} escape '\\'`;
}
