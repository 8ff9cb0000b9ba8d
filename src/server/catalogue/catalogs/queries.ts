import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';

/**
 * The pack text of every active item. The catalogue's read index leaves it out (no listing
 * shows it), so the catalogue PDFs read it here, once per generation.
 */
export async function loadPackaging(db: Kysely<DB>): Promise<Map<string, string>> {
  const rows = await db.selectFrom('items').select(['num', 'packaged']).where('active', '=', 1).execute();
  return new Map(rows.map((r) => [r.num, r.packaged]));
}
