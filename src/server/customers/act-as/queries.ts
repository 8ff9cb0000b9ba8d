import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB } from '../../platform/db/schema';
import type { ActAsLinkTable } from './tables';

/** The act-as links' queries (decision 0035); sessions are opened by accounts/sessions.ts. */
export type Db = Kysely<DB>;
export type ActAsLinkRow = Selectable<ActAsLinkTable>;

export async function insertLink(db: Db, row: Insertable<ActAsLinkTable>): Promise<void> {
  await db.insertInto('act_as_links').values(row).execute();
}

/**
 * Marks a live, unused link used and answers it, in one statement: of two exchanges racing with
 * one link, exactly one gets the row.
 */
export function consumeLink(db: Db, tokenHash: string, now: string): Promise<ActAsLinkRow | undefined> {
  return db
    .updateTable('act_as_links')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/** Links are asked for rarely: each new one clears those that can no longer be used. */
export async function deleteDeadLinks(db: Db, now: string): Promise<void> {
  await db.deleteFrom('act_as_links').where('expires_at', '<=', now).execute();
}
