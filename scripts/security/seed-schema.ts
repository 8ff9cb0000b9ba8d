/**
 * The demo data in one PostgreSQL schema (SHOP_SCHEMA) of DATABASE_URL, for sqlmap.mjs. Migrates
 * with the schema named: without it Kysely looks for its migration tables in every schema, and
 * finds the ones of tests running on the same server.
 */
import { seedDemoCustomer } from '../../src/server/customers/accounts/demo-customer';
import { seedDemoCoupons } from '../../src/server/orders/cart/demo-coupons';
import { seedDemoCatalogue } from '../../src/server/catalogue/demo/seed';
import { seedDemoDistributors } from '../../src/server/content/demo-distributors';
import { openDatabase } from '../../src/server/platform/db/database';
import { migrateToLatest } from '../../src/server/platform/db/migrate';
import { seedDemoSurvey } from '../../src/server/content/survey/demo-survey';

const url = process.env.DATABASE_URL;
const schema = process.env.SHOP_SCHEMA;
if (!url || !schema) throw new Error('DATABASE_URL and SHOP_SCHEMA are needed');
const database = openDatabase(url, { schema });
try {
  await migrateToLatest(database.db, schema);
  await seedDemoCatalogue(database.db);
  await seedDemoCustomer(database.db);
  await seedDemoCoupons(database.db);
  await seedDemoDistributors(database.db);
  await seedDemoSurvey(database.db);
} finally {
  await database.close();
}
