import { type Insertable, type Kysely, PostgresAdapter, type Selectable, type Updateable, sql } from 'kysely';
import type { DB } from '../db/schema';
import type { StaffSessionTable, StaffTable } from './tables';

/** The only place the staff module touches Kysely. */
export type Db = Kysely<DB>;
export type StaffRow = Selectable<StaffTable>;

export function findStaffByEmail(db: Db, email: string): Promise<StaffRow | undefined> {
  return db.selectFrom('staff').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

/** `forUpdate`: lock the row (PostgreSQL) for a change that reads it first. */
export function findStaffById(db: Db, id: number, forUpdate = false): Promise<StaffRow | undefined> {
  return db
    .selectFrom('staff')
    .selectAll()
    .where('id', '=', id)
    .$if(forUpdate && db.isTransaction && isPostgres(db), (q) => q.forUpdate())
    .executeTakeFirst();
}

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function listStaff(db: Db): Promise<StaffRow[]> {
  return db.selectFrom('staff').selectAll().orderBy('email').execute();
}

export async function insertStaff(db: Db, row: Insertable<StaffTable>): Promise<number> {
  const r = await db.insertInto('staff').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateStaff(db: Db, id: number, change: Updateable<StaffTable>): Promise<void> {
  await db.updateTable('staff').set({ ...change, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
}

export async function countActiveOwners(db: Db): Promise<number> {
  const rows = await db.selectFrom('staff').select('roles').where('active', '=', 1).execute();
  return rows.filter((r) => (JSON.parse(r.roles) as string[]).includes('owner')).length;
}

/** The addresses of the active owners (whom the shop tells of what needs an owner, e.g. a disabled webhook). */
export async function activeOwnerEmails(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('staff').select(['email', 'roles']).where('active', '=', 1).orderBy('id').execute();
  return rows.filter((r) => (JSON.parse(r.roles) as string[]).includes('owner')).map((r) => r.email);
}

export async function setLastSignIn(db: Db, id: number, at: string): Promise<void> {
  await db.updateTable('staff').set({ last_sign_in_at: at }).where('id', '=', id).execute();
}

/** Moves the last used time step forward only if no other sign-in used this one first. */
export async function useTimeStep(db: Db, id: number, previous: number, step: number): Promise<boolean> {
  const r = await db.updateTable('staff').set({ totp_last_step: step }).where('id', '=', id).where('totp_last_step', '=', previous).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// ---- sessions --------------------------------------------------------------------------------

export async function insertSession(db: Db, row: Insertable<StaffSessionTable>): Promise<void> {
  await db.insertInto('staff_sessions').values(row).execute();
}

/** A session that is neither past its absolute end nor idle too long, of an active member. */
export async function findLiveSession(db: Db, tokenHash: string, now: string, idleSince: string) {
  const row = await db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff as m', 'm.id', 's.staff_id')
    .select(['s.csrf_token', 's.last_seen_at', 'm.id', 'm.email', 'm.name', 'm.roles', 'm.warehouse', 'm.totp_enabled', 'm.active'])
    .where('s.token_hash', '=', tokenHash)
    .where('s.expires_at', '>', now)
    .where('s.last_seen_at', '>', idleSince)
    .where('m.active', '=', 1)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    session: { csrf_token: row.csrf_token, last_seen_at: row.last_seen_at },
    staff: { id: row.id, email: row.email, name: row.name, roles: row.roles, warehouse: row.warehouse, totp_enabled: row.totp_enabled },
  };
}

export async function touchSession(db: Db, tokenHash: string, at: string): Promise<void> {
  await db.updateTable('staff_sessions').set({ last_seen_at: at }).where('token_hash', '=', tokenHash).execute();
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteOtherSessions(db: Db, staffId: number, keepTokenHash: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('staff_id', '=', staffId).where('token_hash', '!=', keepTokenHash).execute();
}

export async function deleteAllSessions(db: Db, staffId: number): Promise<void> {
  await db.deleteFrom('staff_sessions').where('staff_id', '=', staffId).execute();
}

export async function deleteDeadSessions(db: Db, idleSince: string, now: string): Promise<void> {
  await db
    .deleteFrom('staff_sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleSince)]))
    .execute();
}

/** For tests and `staff:add`: whether any owner exists yet. */
export async function staffCount(db: Db): Promise<number> {
  const r = await db.selectFrom('staff').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}
