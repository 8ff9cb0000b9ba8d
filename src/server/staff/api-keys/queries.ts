import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../platform/db/schema';
import type { ApiKeyTable } from './tables';

/** The only place the api-keys module touches Kysely. */
export type Db = Kysely<DB>;
export type ApiKeyRow = Selectable<ApiKeyTable>;

export async function insertApiKey(db: Db, row: Omit<ApiKeyRow, 'id'>): Promise<ApiKeyRow> {
  return db.insertInto('api_keys').values(row).returningAll().executeTakeFirstOrThrow();
}

export function findApiKey(db: Db, id: number): Promise<(ApiKeyRow & KeyCreator) | undefined> {
  return db
    .selectFrom('api_keys as k')
    .leftJoin('staff as m', 'm.id', 'k.created_by')
    .selectAll('k')
    .select(['m.active as creator_active', 'm.roles as creator_roles', 'm.warehouse as creator_warehouse'])
    .where('k.id', '=', id)
    .executeTakeFirst();
}

/** Who made a key, as they are now: a key can do no more than its maker still may (decision 0027). */
export interface KeyCreator {
  creator_active: number | null;
  creator_roles: string | null;
  creator_warehouse: 'west' | 'east' | null;
}

export type LiveApiKeyRow = Pick<ApiKeyRow, 'id' | 'name' | 'scopes' | 'last_used_at' | 'created_by'> & KeyCreator;

/** The key with this hash, when it is neither revoked nor expired at `now`, with its maker's standing now. */
export function findLiveApiKey(db: Db, keyHash: string, now: string): Promise<LiveApiKeyRow | undefined> {
  return db
    .selectFrom('api_keys as k')
    .leftJoin('staff as m', 'm.id', 'k.created_by')
    .select(['k.id', 'k.name', 'k.scopes', 'k.last_used_at', 'k.created_by', 'm.active as creator_active', 'm.roles as creator_roles', 'm.warehouse as creator_warehouse'])
    .where('k.key_hash', '=', keyHash)
    .where('k.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('k.expires_at', 'is', null), eb('k.expires_at', '>', now)]))
    .executeTakeFirst();
}

/** Every key (newest first) with its maker's standing now. */
export function listApiKeysWithCreators(db: Db): Promise<(ApiKeyRow & KeyCreator)[]> {
  return db
    .selectFrom('api_keys as k')
    .leftJoin('staff as m', 'm.id', 'k.created_by')
    .selectAll('k')
    .select(['m.active as creator_active', 'm.roles as creator_roles', 'm.warehouse as creator_warehouse'])
    .orderBy('k.id', 'desc')
    .limit(1000)
    .execute();
}

/** Marks the key revoked; answers false when it was revoked already (or is unknown). */
export async function revokeApiKey(db: Db, id: number, at: string): Promise<boolean> {
  const r = await db.updateTable('api_keys').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function touchApiKey(db: Db, id: number, at: string, ip: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: at, last_used_ip: ip }).where('id', '=', id).execute();
}
