import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemoCatalogue, seedSyntheticItems } from '../../src/server/catalogue/demo/seed';
import { readConfig } from '../../src/server/platform/config';
import { createContext, type ShopContext } from '../../src/server/context';
import { openDatabase } from '../../src/server/platform/db/database';
import { migrateToLatest } from '../../src/server/platform/db/migrate';

/**
 * A shop on a throwaway SQLite file with the demo catalogue and `items` synthetic items, its
 * services built as the server builds them (no HTTP), for `work`; removed afterwards.
 */
export async function withThrowawayShop(name: string, items: number, work: (ctx: ShopContext) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  const database = openDatabase(`sqlite:${join(dir, 'shop.db')}`);
  try {
    await migrateToLatest(database.db);
    await seedDemoCatalogue(database.db);
    await seedSyntheticItems(database.db, items);
    await work(createContext(readConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), database));
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same on an existing SQLite database (a bench's kept one, `--keep`): nothing is seeded; edits stay in it. */
export async function withShopOn(file: string, work: (ctx: ShopContext) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'shop-on-'));
  const database = openDatabase(`sqlite:${file}`);
  try {
    await migrateToLatest(database.db);
    await work(createContext(readConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), database));
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
