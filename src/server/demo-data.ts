import type { Kysely } from 'kysely';
import { DEMO_CUSTOMER, seedDemoCustomer } from './customers/accounts/demo-customer';
import { seedDemoCoupons } from './orders/cart/demo-coupons';
import { isCatalogueEmpty, seedDemoCatalogue } from './catalogue/demo/seed';
import { seedDemoDistributors, seedDemoSurvey } from './content';
import { seedDemoPhotos } from './catalogue/photos/demo-photos';
import type { DB } from './platform/db/schema';
import { DEMO_STAFF, seedDemoStaff } from './staff';
import type { DemoSignIn } from './start-banner';
import { recordOpeningBalances } from './stock/opening-balances';

/** Loads every part of the demo data (DESIGN.md §2). Each part is idempotent. */
export async function seedDemoData(db: Kysely<DB>): Promise<void> {
  await seedDemoCatalogue(db);
  // The demo's starting stock is each item's opening balance: a movement, so the history adds up (decision 0028).
  await recordOpeningBalances(db);
  await seedDemoCustomer(db);
  await seedDemoCoupons(db);
  await seedDemoDistributors(db);
  await seedDemoSurvey(db);
  await seedDemoStaff(db);
  await seedDemoPhotos(db);
}

/**
 * The first start of an embedded shop fills its new database with the demo data; an existing
 * shop is never touched (an operator who removed the demo customer does not get it back).
 */
export async function prepareDemoData(db: Kysely<DB>): Promise<boolean> {
  if (!(await isCatalogueEmpty(db))) return false;
  await seedDemoData(db);
  return true;
}

/** The demo data's sign-ins whose accounts are in the database (none in a shop without the demo data). */
export async function demoSignIns(db: Kysely<DB>): Promise<DemoSignIn[]> {
  const buyer = await db.selectFrom('customers').select('id').where('email_key', '=', DEMO_CUSTOMER.email).executeTakeFirst();
  const staff = new Set(
    (await db.selectFrom('staff').select('email').where('email', 'in', DEMO_STAFF.map((s) => s.email)).where('active', '=', 1).execute()).map((r) => r.email),
  );
  return [
    ...(buyer ? [{ who: 'buyer', email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password }] : []),
    ...DEMO_STAFF.filter((s) => staff.has(s.email)).map((s) => ({ who: s.roles.join(', '), email: s.email, password: s.password })),
  ];
}
