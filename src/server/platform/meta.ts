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

/** Reads a key of platform's `meta` table; undefined when it is not there. */
export async function readMeta(db: Kysely<DB>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}
