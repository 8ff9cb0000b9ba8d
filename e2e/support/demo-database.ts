import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareDemoData } from '../../src/server/demo-data';
import { openDatabase } from '../../src/server/platform/db/database';
import { migrateToLatest } from '../../src/server/platform/db/migrate';

/**
 * The journeys' global set-up: one new SQLite database with the demo data, made once per run as a
 * first start makes it (migrations, then the demo data). Each journey file's shop starts on a copy
 * of it (startShop), instead of every file's server seeding its own: the demo data's password
 * hashes and photos cost seconds per start (decision 0033).
 */
export default async function setup(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'shop-e2e-demo-'));
  const file = join(dir, 'shop.db');
  const database = openDatabase(`sqlite:${file}`);
  try {
    await migrateToLatest(database.db);
    await prepareDemoData(database.db);
  } finally {
    // Closed: everything is in the one file, which is then copied as it is.
    await database.close();
  }
  process.env.SHOP_DEMO_DATABASE = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
