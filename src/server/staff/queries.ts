import { type Insertable, type Kysely, type Selectable, type Updateable, sql } from 'kysely';
import { lockRowsInTransaction } from '../platform/db/dialect';
import type { DB } from '../platform/db/schema';
import type { StaffSessionTable, StaffSignInLinkTable, StaffTable } from './tables';

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
    .$if(forUpdate, (q) => lockRowsInTransaction(q, db))
    .executeTakeFirst();
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

/**
 * The active owners, counted with every active member's row locked (PostgreSQL; on SQLite the
 * write transaction holds the database): two changes that each take an owner away cannot both
 * count the other one as still there. Rows are locked in id order, before the changed member's
 * own row, so two such changes never wait on each other in a circle.
 */
export async function countActiveOwnersLocked(db: Db): Promise<number> {
  const rows = await db
    .selectFrom('staff')
    .select(['id', 'roles'])
    .where('active', '=', 1)
    .orderBy('id')
    .$call((q) => lockRowsInTransaction(q, db))
    .execute();
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

/** Makes the pending secret the one in force, if it is still the one confirmed; false when another set-up replaced it meanwhile. */
export async function confirmPendingSecret(db: Db, id: number, secret: string, step: number): Promise<boolean> {
  const r = await db
    .updateTable('staff')
    .set({ totp_secret: secret, totp_pending_secret: null, totp_enabled: 1, totp_last_step: step, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('totp_pending_secret', '=', secret)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A deactivated member's API keys are revoked for good (reactivating the member does not bring them back); answers how many. */
export async function revokeKeysMadeBy(db: Db, staffId: number, at: string): Promise<number> {
  const r = await db.updateTable('api_keys').set({ revoked_at: at }).where('created_by', '=', staffId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

// ---- wrong TOTP codes ------------------------------------------------------------------------

export async function insertCodeFailure(db: Db, staffId: number, address: string, at: string): Promise<number> {
  const r = await db.insertInto('staff_code_failures').values({ staff_id: staffId, address, created_at: at }).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function countCodeFailuresSince(db: Db, staffId: number, since: string): Promise<number> {
  const r = await db
    .selectFrom('staff_code_failures')
    .select(sql<number>`count(*)`.as('n'))
    .where('staff_id', '=', staffId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The time of the n-th most recent wrong code since `since`; undefined when there are fewer. */
export async function nthRecentCodeFailure(db: Db, staffId: number, since: string, n: number): Promise<string | undefined> {
  const r = await db
    .selectFrom('staff_code_failures')
    .select('created_at')
    .where('staff_id', '=', staffId)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .offset(n - 1)
    .limit(1)
    .executeTakeFirst();
  return r?.created_at;
}

export async function deleteCodeFailure(db: Db, id: number): Promise<void> {
  await db.deleteFrom('staff_code_failures').where('id', '=', id).execute();
}

export async function deleteCodeFailures(db: Db, staffId: number, before?: string): Promise<void> {
  await db
    .deleteFrom('staff_code_failures')
    .where('staff_id', '=', staffId)
    .$if(before !== undefined, (q) => q.where('created_at', '<=', before!))
    .execute();
}

// ---- one-time links to set a password --------------------------------------------------------

export async function insertSignInLink(db: Db, row: Insertable<StaffSignInLinkTable>): Promise<void> {
  await db.insertInto('staff_sign_in_links').values(row).execute();
}

/** Whether the link is unused and unexpired at `now` (read only: the caller uses it up with consumeSignInLink). */
export async function isUsableSignInLink(db: Db, tokenHash: string, now: string): Promise<boolean> {
  const r = await db
    .selectFrom('staff_sign_in_links')
    .select('staff_id')
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return r !== undefined;
}

/** Uses the link up if it is unused and unexpired at `now`; answers its member's id. */
export async function consumeSignInLink(db: Db, tokenHash: string, now: string): Promise<number | undefined> {
  const r = await db
    .updateTable('staff_sign_in_links')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('staff_id')
    .executeTakeFirst();
  return r?.staff_id;
}

/** Earlier links of the member stop working (a newer one was sent, or one was used). */
export async function voidSignInLinks(db: Db, staffId: number, now: string): Promise<void> {
  await db.updateTable('staff_sign_in_links').set({ used_at: now }).where('staff_id', '=', staffId).where('used_at', 'is', null).execute();
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
