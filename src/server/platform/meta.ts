import type { Kysely } from 'kysely';
import type { DB } from './db/schema';

/** Writes a key of platform's `meta` table (insert or replace). */
export async function setMeta(db: Kysely<DB>, key: string, value: string): Promise<void> {
  await db
    .insertInto('meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
