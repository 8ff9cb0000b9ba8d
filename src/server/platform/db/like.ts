import { type RawBuilder, sql, type SqlBool } from 'kysely';

/** `s` with `\`, `%` and `_` escaped, so that none of its characters is a LIKE wildcard (use with `escape '\'`). */
export const likeLiteral = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%q%` for LIKE, lower case, with no character of `q` a wildcard. */
export const containsPattern = (q: string) => `%${likeLiteral(q.toLowerCase())}%`;

/** True when the column holds `q`, in any case (both databases). */
export function columnContains(column: string, q: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${containsPattern(q)} escape '\\'`;
}
