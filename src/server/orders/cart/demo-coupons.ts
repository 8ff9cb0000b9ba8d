import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { insertCoupon, type NewCoupon } from './queries';

/** The demo coupons of DESIGN.md §2. */
export const demoCoupons: NewCoupon[] = [
  { code: 'WELCOME10', name: '10% off merchandise', kind: 'percent', percentOff: 10 },
  { code: 'SAVE25', name: '$25 off an order of $250 or more', kind: 'fixed', amountOffCents: 2500, minimumCents: 25_000 },
  { code: 'FREESHIP', name: 'Free ground shipping', kind: 'free_shipping' },
];

/** Idempotent: a coupon whose code exists is left as it is. Answers how many were added. */
export async function seedDemoCoupons(db: Kysely<DB>): Promise<number> {
  let added = 0;
  for (const c of demoCoupons) if (await insertCoupon(db, c)) added += 1;
  return added;
}
