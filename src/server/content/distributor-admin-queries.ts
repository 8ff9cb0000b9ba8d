import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DistributorsQuery } from '../../contract/admin/distributors';
import { columnContains } from '../platform/db/like';
import type { DB } from '../platform/db/schema';
import type { DistributorTable } from './tables';

/** The back office's reads and writes of `distributors`; functions take `db` (or a transaction) first. */

export type DistributorAdminRow = Selectable<DistributorTable>;
export type DistributorValues = Omit<Insertable<DistributorTable>, 'id' | 'version'>;

/** A page of distributors by state, city and name; `q` matches part of the name, city or ZIP code. */
export async function pageOfDistributors(db: Kysely<DB>, query: DistributorsQuery): Promise<{ total: number; rows: DistributorAdminRow[] }> {
  let base = db.selectFrom('distributors');
  if (query.state) base = base.where('state', '=', query.state);
  const q = query.q;
  if (q) base = base.where((eb) => eb.or([columnContains('name', q), columnContains('city', q), columnContains('zip', q)]));
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('state')
      .orderBy('city')
      .orderBy('name')
      .orderBy('id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
  ]);
  return { total: Number(count.n), rows };
}

export async function allDistributors(db: Kysely<DB>): Promise<DistributorAdminRow[]> {
  return db.selectFrom('distributors').selectAll().orderBy('id').execute();
}

export async function findDistributor(db: Kysely<DB>, id: number): Promise<DistributorAdminRow | undefined> {
  return db.selectFrom('distributors').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function storeNewDistributor(db: Kysely<DB>, values: DistributorValues): Promise<number> {
  return (await db.insertInto('distributors').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** Stores the distributor when `version` is still the stored one; answers whether it did. */
export async function updateDistributor(db: Kysely<DB>, id: number, version: number, values: DistributorValues): Promise<boolean> {
  const r = await db.updateTable('distributors').set({ ...values, version: version + 1 }).where('id', '=', id).where('version', '=', version).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteDistributor(db: Kysely<DB>, id: number): Promise<boolean> {
  const r = await db.deleteFrom('distributors').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}
