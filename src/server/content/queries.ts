import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB } from '../platform/db/schema';
import type { ContactMessageTable, DistributorTable } from './tables';

export type DistributorRow = Selectable<DistributorTable>;

export async function insertContactMessage(db: Kysely<DB>, row: Insertable<ContactMessageTable>): Promise<void> {
  await db.insertInto('contact_messages').values(row).execute();
}

export async function findContactMessage(db: Kysely<DB>, reference: string) {
  return db.selectFrom('contact_messages').selectAll().where('reference', '=', reference).executeTakeFirst();
}

export async function listDistributors(db: Kysely<DB>, state?: string): Promise<DistributorRow[]> {
  let q = db.selectFrom('distributors').selectAll();
  if (state) q = q.where('state', '=', state);
  return q.orderBy('city').orderBy('name').execute();
}

export async function countDistributors(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('distributors').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertDistributors(db: Kysely<DB>, rows: Insertable<DistributorTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('distributors').values(rows).execute();
}
