import type { Db } from '../queries';

/**
 * The certificate that exempts a customer's order to `state` on `today` (YYYY-MM-DD): accepted,
 * issued for that state and valid through today; the one valid longest when there are several.
 * Pending, rejected and expired certificates exempt nothing (decision 0042).
 */
export async function exemptionFor(db: Db, customerId: number, state: string, today: string): Promise<{ certificateId: number; expiresOn: string } | null> {
  const row = await db
    .selectFrom('tax_certificates')
    .select(['id', 'expires_on'])
    .where('customer_id', '=', customerId)
    .where('status', '=', 'accepted')
    .where('state', '=', state)
    .where('expires_on', '>=', today)
    .orderBy('expires_on', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { certificateId: Number(row.id), expiresOn: row.expires_on } : null;
}
