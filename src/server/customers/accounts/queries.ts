import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import { chunks } from '../../platform/db/chunks';
import { batchedOnPostgres } from '../../platform/db/database';
import type { DB } from '../../platform/db/schema';
import { preparedQuery } from '../../platform/http/prepared-query';
import type { CustomerTable, LoginFailureTable, OneTimeTokenTable, SessionTable, ShipToTable } from './tables';
import type { FailureScope } from '../../platform/auth/login-throttle';

/**
 * Every query of the accounts area: plain functions taking the database (or a transaction)
 * first, so a service can run several in one transaction. Parameterised through Kysely only.
 */
export type Db = Kysely<DB>;
export type CustomerRow = Selectable<CustomerTable>;
export type ShipToRow = Selectable<ShipToTable>;
export type OneTimeTokenRow = Selectable<OneTimeTokenTable>;
export type OneTimeTokenKind = 'password_reset_tokens' | 'email_verification_tokens' | 'email_revert_tokens';

// ---- customers --------------------------------------------------------------------------------

export function findCustomerById(db: Db, id: number): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The email of each of these customers that exists. */
export async function customerEmails(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const emails = new Map<number, string>();
  for (const part of chunks([...new Set(ids)], 1)) {
    for (const r of await db.selectFrom('customers').select(['id', 'email']).where('id', 'in', part).execute()) emails.set(r.id, r.email);
  }
  return emails;
}

export function findCustomerByEmailKey(db: Db, emailKey: string): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').selectAll().where('email_key', '=', emailKey).executeTakeFirst();
}

export async function emailKeyTaken(db: Db, emailKey: string, exceptCustomerId = 0): Promise<boolean> {
  const row = await db
    .selectFrom('customers')
    .select('id')
    .where('email_key', '=', emailKey)
    .where('id', '!=', exceptCustomerId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertCustomer(db: Db, row: Insertable<DB['customers']>): Promise<number> {
  const { id } = await db.insertInto('customers').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateCustomer(db: Db, id: number, patch: Updateable<CustomerTable>): Promise<void> {
  await db.updateTable('customers').set(patch).where('id', '=', id).execute();
}

// ---- ship-to addresses ------------------------------------------------------------------------

export function listShipTos(db: Db, customerId: number): Promise<ShipToRow[]> {
  return db.selectFrom('ship_tos').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();
}

/** Only ever looks inside one customer's addresses: another customer's code is simply not found. */
export function findShipTo(db: Db, customerId: number, code: string): Promise<ShipToRow | undefined> {
  return db
    .selectFrom('ship_tos')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('code', '=', code)
    .executeTakeFirst();
}

export async function countShipTos(db: Db, customerId: number): Promise<number> {
  const { n } = await db
    .selectFrom('ship_tos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export function insertShipTo(db: Db, row: Insertable<ShipToTable>): Promise<ShipToRow> {
  return db.insertInto('ship_tos').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateShipTo(db: Db, id: number, patch: Updateable<ShipToTable>): Promise<ShipToRow> {
  return db.updateTable('ship_tos').set(patch).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteShipTo(db: Db, id: number): Promise<void> {
  await db.deleteFrom('ship_tos').where('id', '=', id).execute();
}

// ---- sessions ---------------------------------------------------------------------------------

export async function insertSession(db: Db, row: Insertable<SessionTable>): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/** A customer as the order desk orders for them: status and price level (with its version and name), or undefined. */
export function findOrderingIdentity(db: Db, id: number) {
  return db
    .selectFrom('customers')
    .leftJoin('price_levels', 'price_levels.id', 'customers.price_level_id')
    .select(['customers.id', 'customers.code', 'customers.status', 'customers.price_level_id as priceLevelId', 'price_levels.version as priceLevelVersion', 'price_levels.name as priceLevelName'])
    .where('customers.id', '=', id)
    .executeTakeFirst();
}

/** Run on every signed-in request: compiled once (see http/prepared-query.ts). */
const liveSession = preparedQuery((db, tokenHash: string, now: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('customers', 'customers.id', 'sessions.customer_id')
    // The price level's version: a change of the level reaches every process's next request (pricing/price-book.ts).
    .leftJoin('price_levels', 'price_levels.id', 'customers.price_level_id')
    .select(['sessions.id as sessionId', 'sessions.expires_at as expiresAt', 'sessions.acting_staff_id as actingStaffId', 'customers.id as customerId', 'customers.code', 'customers.status', 'customers.price_level_id as priceLevelId', 'price_levels.version as priceLevelVersion'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now),
);

/** The same for many tokens at once (PostgreSQL batches the lookups of concurrent requests). */
const liveSessions = preparedQuery((db, tokenHashes: string[], now: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('customers', 'customers.id', 'sessions.customer_id')
    // The price level's version: a change of the level reaches every process's next request (pricing/price-book.ts).
    .leftJoin('price_levels', 'price_levels.id', 'customers.price_level_id')
    .select(['sessions.token_hash as tokenHash', 'sessions.id as sessionId', 'sessions.expires_at as expiresAt', 'sessions.acting_staff_id as actingStaffId', 'customers.id as customerId', 'customers.code', 'customers.status', 'customers.price_level_id as priceLevelId', 'price_levels.version as priceLevelVersion'])
    .where('sessions.token_hash', '=', sql<string>`any(${tokenHashes})`)
    .where('sessions.expires_at', '>', now),
);

const batchedLiveSession = batchedOnPostgres(
  (db, tokenHashes: string[]) => liveSessions(db, tokenHashes, new Date().toISOString()),
  (row) => row.tokenHash,
);

/**
 * The live session of a token hash, looked up when asked (never cached, so a revoked or expired
 * session is refused at once in every process). On PostgreSQL the lookups of concurrent requests
 * share one query, checked against the time of that query.
 */
export async function findLiveSession(db: Db, tokenHash: string, now: string) {
  const batched = batchedLiveSession(db, tokenHash);
  return (await (batched ?? liveSession(db, tokenHash, now)))[0];
}

export async function extendSession(db: Db, sessionId: number, expiresAt: string): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Revokes every session of a customer, or every one but `keepTokenHash`. */
export async function deleteSessionsOf(db: Db, customerId: number, keepTokenHash?: string): Promise<void> {
  let q = db.deleteFrom('sessions').where('customer_id', '=', customerId);
  if (keepTokenHash) q = q.where('token_hash', '!=', keepTokenHash);
  await q.execute();
}

/** When the session of a token hash last entered the password; null: never (or no such session). */
export async function sessionPasswordAt(db: Db, tokenHash: string): Promise<string | null> {
  const row = await db.selectFrom('sessions').select('password_at').where('token_hash', '=', tokenHash).executeTakeFirst();
  return row?.password_at ?? null;
}

export async function markPasswordEntered(db: Db, tokenHash: string, now: string): Promise<void> {
  await db.updateTable('sessions').set({ password_at: now }).where('token_hash', '=', tokenHash).execute();
}

export async function deleteExpiredSessions(db: Db, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}

// ---- one-time tokens (password reset, email verification) --------------------------------------

export async function insertOneTimeToken(db: Db, kind: OneTimeTokenKind, row: Insertable<OneTimeTokenTable>): Promise<void> {
  await db.insertInto(kind).values(row).execute();
}

/**
 * Marks a live, unused token used and answers it, in one statement: two requests racing with
 * the same token cannot both succeed.
 */
export function consumeOneTimeToken(db: Db, kind: OneTimeTokenKind, tokenHash: string, now: string): Promise<OneTimeTokenRow | undefined> {
  return db
    .updateTable(kind)
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

export async function countTokensSince(db: Db, kind: OneTimeTokenKind, customerId: number, since: string): Promise<number> {
  const { n } = await db
    .selectFrom(kind)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Voids the unused tokens of a customer sent to one address (a cancelled or replaced email change). */
export async function voidTokensSentTo(db: Db, kind: OneTimeTokenKind, customerId: number, email: string, now: string): Promise<void> {
  await db.updateTable(kind).set({ used_at: now }).where('customer_id', '=', customerId).where('email', '=', email).where('used_at', 'is', null).execute();
}

/** Voids the unused tokens of a customer (after a reset, the other mailed links stop working). */
export async function voidTokensOf(db: Db, kind: OneTimeTokenKind, customerId: number, now: string): Promise<void> {
  await db.updateTable(kind).set({ used_at: now }).where('customer_id', '=', customerId).where('used_at', 'is', null).execute();
}

// ---- failed sign-ins --------------------------------------------------------------------------

export async function insertLoginFailure(db: Db, row: Insertable<LoginFailureTable>): Promise<void> {
  await db.insertInto('login_failures').values(row).execute();
}

/** Time of the n-th most recent failure in the scope since `since`, if there are n of them. */
export async function nthRecentFailure(db: Db, scope: FailureScope, since: string, n: number): Promise<string | undefined> {
  let q = db.selectFrom('login_failures').select('created_at').where('created_at', '>', since);
  if (scope.accountKey !== undefined) q = q.where('account_key', '=', scope.accountKey);
  if (scope.address !== undefined) q = q.where('address', '=', scope.address);
  const row = await q.orderBy('created_at', 'desc').limit(1).offset(n - 1).executeTakeFirst();
  return row?.created_at;
}

export async function deleteLoginFailures(db: Db, scope: FailureScope): Promise<void> {
  if (scope.accountKey === undefined && scope.address === undefined) return;
  let q = db.deleteFrom('login_failures');
  if (scope.accountKey !== undefined) q = q.where('account_key', '=', scope.accountKey);
  if (scope.address !== undefined) q = q.where('address', '=', scope.address);
  await q.execute();
}

export async function deleteLoginFailuresBefore(db: Db, before: string): Promise<void> {
  await db.deleteFrom('login_failures').where('created_at', '<', before).execute();
}

