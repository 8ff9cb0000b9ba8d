import type { Insertable, Kysely, Selectable } from 'kysely';
import { columnContains } from '../../platform/db/like';
import type { DB } from '../../platform/db/schema';
import type { CouponTable } from './tables';

/** The back office's reads and writes of `coupons`; functions take `db` (or a transaction) first. */

export type CouponRow = Selectable<CouponTable>;
export type CouponValues = Omit<Insertable<CouponTable>, 'id' | 'uses' | 'created_at' | 'version'>;

/** Every coupon, newest first; `q` matches part of the code or name, any case. */
export async function listCoupons(db: Kysely<DB>, q: string | undefined): Promise<CouponRow[]> {
  let query = db.selectFrom('coupons').selectAll();
  if (q) query = query.where((eb) => eb.or([columnContains('code', q), columnContains('name', q)]));
  return query.orderBy('id', 'desc').execute();
}

export async function findCoupon(db: Kysely<DB>, id: number): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The coupon holding this (upper-case) code, other than `exceptId`. */
export async function couponWithCode(db: Kysely<DB>, code: string, exceptId = 0): Promise<number | undefined> {
  return (await db.selectFrom('coupons').select('id').where('code', '=', code).where('id', '!=', exceptId).executeTakeFirst())?.id;
}

export async function storeNewCoupon(db: Kysely<DB>, values: CouponValues): Promise<number> {
  const row = await db
    .insertInto('coupons')
    .values({ ...values, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Stores the coupon when `version` is still the stored one; answers whether it did. */
export async function updateCoupon(db: Kysely<DB>, id: number, version: number, values: CouponValues): Promise<boolean> {
  const r = await db.updateTable('coupons').set({ ...values, version: version + 1 }).where('id', '=', id).where('version', '=', version).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** How many orders redeemed it (the `uses` counter can be compared against this; a redemption keeps the row). */
export async function redemptionCount(db: Kysely<DB>, id: number): Promise<number> {
  const row = await db.selectFrom('coupon_redemptions').select((eb) => eb.fn.countAll<number | string>().as('n')).where('coupon_id', '=', id).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes the coupon (carts that hold it lose it with it). */
export async function deleteCoupon(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('coupons').where('id', '=', id).execute();
}
