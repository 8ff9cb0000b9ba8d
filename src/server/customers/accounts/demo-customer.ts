import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { hashPassword, hashSecurityAnswer } from '../../platform/auth/passwords';
import * as q from './queries';
import { isUniqueViolation } from '../../platform/db/constraints';

/** The demo sign-in of DESIGN.md §2; the e2e journeys and benchmarks rely on it. */
export const DEMO_CUSTOMER = {
  email: 'buyer@example.com',
  password: 'balloons123',
  code: 'CDEMO0001',
  orgName: 'Demo Party Supply',
} as const;

const base = { country: 'US', email: DEMO_CUSTOMER.email };

const SHIP_TOS = [
  {
    code: 'SDEMO0001',
    org_name: 'Demo Party Supply, Mobile store',
    first_name: 'Marcus',
    last_name: 'Reed',
    address_line1: '250 Dauphin St',
    city: 'Mobile',
    state: 'AL',
    zip: '36602',
    day_phone: '251-555-0187',
  },
  {
    code: 'SDEMO0002',
    org_name: 'Demo Party Supply, Sacramento store',
    first_name: 'Ana',
    last_name: 'Flores',
    address_line1: '1020 K St',
    city: 'Sacramento',
    state: 'CA',
    zip: '95814',
    day_phone: '916-555-0123',
  },
];

/**
 * Adds the demo customer (billing address in Fresno, two ship-to addresses, one in Mobile AL)
 * unless it is there already. Answers true if it added it.
 */
export async function seedDemoCustomer(db: Kysely<DB>): Promise<boolean> {
  if (await q.findCustomerByEmailKey(db, DEMO_CUSTOMER.email)) return false;
  const [passwordHash, answerHash] = await Promise.all([hashPassword(DEMO_CUSTOMER.password), hashSecurityAnswer('Fresno')]);
  const now = new Date().toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      const id = await q.insertCustomer(trx, {
        code: DEMO_CUSTOMER.code,
        email: DEMO_CUSTOMER.email,
        email_key: DEMO_CUSTOMER.email,
        email_verified: 1,
        password_hash: passwordHash,
        org_name: DEMO_CUSTOMER.orgName,
        first_name: 'Dana',
        last_name: 'Buyer',
        address_line1: '1450 S Van Ness Ave',
        city: 'Fresno',
        state: 'CA',
        zip: '93706',
        country: 'US',
        day_phone: '559-555-0142',
        web: 'https://demo-party-supply.example',
        default_ship_to_id: null,
        permissions: '[]',
        security_question: 'In which city did you open your first shop?',
        security_answer_hash: answerHash,
        find_a_pro: 1,
        prod_info_email: 1,
        prod_info_fax: 0,
        created_at: now,
        updated_at: now,
      });
      for (const shipTo of SHIP_TOS) {
        const contact = `${shipTo.first_name} ${shipTo.last_name}`;
        await q.insertShipTo(trx, { ...base, ...shipTo, contact, customer_id: id, created_at: now, updated_at: now });
      }
    });
  } catch (err) {
    // Another process seeded it at the same moment: it is there, which is all that was asked.
    if (isUniqueViolation(err)) return false;
    throw err;
  }
  return true;
}
