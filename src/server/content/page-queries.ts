import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../platform/db/schema';
import type { ContentPageTable } from './tables';

/** The content pages' table; functions take `db` (or a transaction) first. */

export type ContentPageRow = Selectable<ContentPageTable>;

export async function listPages(db: Kysely<DB>): Promise<ContentPageRow[]> {
  return db.selectFrom('content_pages').selectAll().orderBy('slug').execute();
}

export async function findPage(db: Kysely<DB>, slug: string): Promise<ContentPageRow | undefined> {
  return db.selectFrom('content_pages').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** Stores the page when `version` is still the stored one; answers whether it did. */
export async function updatePage(db: Kysely<DB>, slug: string, version: number, title: string, markdown: string): Promise<boolean> {
  const r = await db
    .updateTable('content_pages')
    .set({ title, markdown, updated_at: new Date().toISOString(), version: version + 1 })
    .where('slug', '=', slug)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
