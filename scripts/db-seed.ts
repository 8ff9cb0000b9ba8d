/**
 * `npm run db:seed`: migrates the database at DATABASE_URL and loads the demo catalogue (when it is
 * empty), the demo customer, coupons and distributors. `-- --items N` then adds N synthetic items,
 * and `-- --orders N` N synthetic orders (with their customers, shipments and invoices) for the
 * back office's benchmarks.
 */
import { parseArgs } from 'node:util';
import { seedDemoCustomer } from '../src/server/customers/accounts/demo-customer';
import { seedDemoCoupons } from '../src/server/orders/cart/demo-coupons';
import { seedDemoCatalogue, seedSyntheticItems } from '../src/server/catalogue/demo/seed';
import { seedDemoDistributors } from '../src/server/content/demo-distributors';
import { seedDemoPhotos } from '../src/server/catalogue/photos/demo-photos';
import { ConfigError, readConfig } from '../src/server/platform/config';
import { openDatabase } from '../src/server/platform/db/database';
import { migrateToLatest } from '../src/server/platform/db/migrate';
import { seedSyntheticOrders } from '../src/server/flows/demo/synthetic-orders';
import { seedDemoStaff } from '../src/server/staff/demo-staff';
import { seedDemoSurvey } from '../src/server/content/survey/demo-survey';

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { items: { type: 'string', default: '0' }, orders: { type: 'string', default: '0' } } });
  const items = Number(values.items);
  if (!Number.isInteger(items) || items < 0) throw new UsageError(`--items must be a whole number, got "${values.items}"`);
  const orders = Number(values.orders);
  if (!Number.isInteger(orders) || orders < 0) throw new UsageError(`--orders must be a whole number, got "${values.orders}"`);

  const config = readConfig();
  const database = openDatabase(config.DATABASE_URL);
  try {
    const where = config.DATABASE_URL.startsWith('sqlite:') ? config.DATABASE_URL : `PostgreSQL (${database.dialect})`;
    console.log(`Database: ${where}`);
    let started = performance.now();
    const applied = await migrateToLatest(database.db);
    console.log(applied.length ? `Applied migrations: ${applied.join(', ')} (${seconds(started)})` : 'Migrations: up to date');

    started = performance.now();
    const demo = await seedDemoCatalogue(database.db);
    if (demo.seeded) {
      const nv = Object.entries(demo.collections).map(([num, n]) => `${n} in collection ${num}`).join(', ');
      console.log(`Demo catalogue: ${demo.categories} categories, ${demo.items} items, ${nv} (${seconds(started)})`);
    } else {
      console.log('Demo catalogue: skipped, the catalogue already has categories');
    }
    await seedDemoCustomer(database.db);
    await seedDemoCoupons(database.db);
    await seedDemoDistributors(database.db);
    await seedDemoSurvey(database.db);
    await seedDemoStaff(database.db);
    console.log('Demo customer buyer@example.com / balloons123, coupons, distributors and the WINTER survey: present');
    started = performance.now();
    const photos = await seedDemoPhotos(database.db);
    console.log(photos ? `Demo photos: ${photos} items got a real photo (${seconds(started)})` : 'Demo photos: skipped, the shop has photos');

    if (items > 0) {
      started = performance.now();
      let reported = 0;
      const result = await seedSyntheticItems(database.db, items, {
        onProgress: (done) => {
          if (done - reported >= 50_000 || done === items) {
            reported = done;
            console.log(`  ${done.toLocaleString('en')} / ${items.toLocaleString('en')} synthetic items (${seconds(started)})`);
          }
        },
      });
      console.log(`Synthetic items: ${result.inserted.toLocaleString('en')} added, numbers ${result.firstNum} to ${result.lastNum} (${seconds(started)})`);
    }

    if (orders > 0) {
      started = performance.now();
      const result = await seedSyntheticOrders(database.db, orders, {
        onProgress: (done) => {
          if (done % 50_000 === 0 || done === orders) console.log(`  ${done.toLocaleString('en')} / ${orders.toLocaleString('en')} synthetic orders (${seconds(started)})`);
        },
      });
      console.log(
        `Synthetic orders: ${result.orders.toLocaleString('en')} with ${result.lines.toLocaleString('en')} lines from ${result.customers.toLocaleString('en')} customers, ` +
          `numbers ${result.firstOrderNum} to ${result.lastOrderNum} (${seconds(started)})`,
      );
    }
  } finally {
    await database.close();
  }
}

class UsageError extends Error {}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof UsageError) console.error(error.message);
  else console.error(error);
  process.exitCode = 1;
});
