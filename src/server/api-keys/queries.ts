import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../db/schema';
import type { ApiKeyTable } from './tables';

/** The only place the api-keys module touches Kysely. */
export type Db = Kysely<DB>;
export type ApiKeyRow = Selectable<ApiKeyTable>;

export async function insertApiKey(db: Db, row: Omit<ApiKeyRow, 'id'>): Promise<ApiKeyRow> {
  return db.insertInto('api_keys').values(row).returningAll().executeTakeFirstOrThrow();
}

export function listApiKeys(db: Db): Promise<ApiKeyRow[]> {
  return db.selectFrom('api_keys').selectAll().orderBy('id', 'desc').limit(1000).execute();
}

export function findApiKey(db: Db, id: number): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The key with this hash, when it is neither revoked nor expired at `now`. */
export function findLiveApiKey(db: Db, keyHash: string, now: string): Promise<Pick<ApiKeyRow, 'id' | 'name' | 'scopes' | 'last_used_at'> | undefined> {
  return db
    .selectFrom('api_keys')
    .select(['id', 'name', 'scopes', 'last_used_at'])
    .where('key_hash', '=', keyHash)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
}

/** Marks the key revoked; answers false when it was revoked already (or is unknown). */
export async function revokeApiKey(db: Db, id: number, at: string): Promise<boolean> {
  const r = await db.updateTable('api_keys').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function touchApiKey(db: Db, id: number, at: string, ip: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: at, last_used_ip: ip }).where('id', '=', id).execute();
}
