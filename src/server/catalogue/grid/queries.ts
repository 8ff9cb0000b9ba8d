import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';

/** The only place the grid touches Kysely: the pack text the read index does not hold. */
export async function packagingByNum(db: Kysely<DB>, nums: string[]): Promise<Map<string, string>> {
  if (nums.length === 0) return new Map();
  const rows = await db.selectFrom('items').select(['num', 'packaged']).where('num', 'in', nums).execute();
  return new Map(rows.map((r) => [r.num, r.packaged]));
}
