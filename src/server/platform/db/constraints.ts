/** A unique constraint refused a row (SQLite and PostgreSQL report it differently). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** A CHECK constraint refused a row (SQLite and PostgreSQL report it differently). */
export function isCheckViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === '23514' || e?.code === 'SQLITE_CONSTRAINT_CHECK';
}
