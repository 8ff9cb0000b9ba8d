import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema';
import { seedStock } from '../../stock';
import { type CategoryInput, inTransaction, setNvMembers, upsertCategories, upsertItems } from '../writes';
import { CATEGORY, DEMO_CATEGORIES, WINTER_EVENTS } from './categories';
import { type BuiltItem, buildItem } from './item-builder';
import { demoProducts } from './products';
import { SeededRandom } from './random';
import { assignSuggestions } from './suggestions';

export { type SyntheticOptions, seedSyntheticItems } from './synthetic';

export interface DemoCatalogue {
  categories: CategoryInput[];
  items: BuiltItem[];
  /** NV collection number → its item numbers, in display order. */
  collections: Map<number, string[]>;
}

const DEMO_SEED = 20251981;

/** The whole demo catalogue, built in memory: the same on every call. */
export function buildDemoCatalogue(): DemoCatalogue {
  const rng = new SeededRandom(DEMO_SEED);
  const items = demoProducts().map((p) => buildItem(p, rng));
  const nums = new Set<string>();
  for (const it of items) {
    if (nums.has(it.num)) throw new Error(`demo item number ${it.num} is used twice`);
    nums.add(it.num);
  }
  assignSuggestions(items, rng);

  const newest = items.filter((it) => it.isNew).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const winterOrder = ['christmas', 'hanukkah', 'winter', 'new-year', 'valentines-day'];
  const winterRank = (it: BuiltItem) =>
    Math.min(...it.facets.filter((f) => f.kind === 'event' && WINTER_EVENTS.has(f.link)).map((f) => winterOrder.indexOf(f.link)));
  const winter = items
    .filter((it) => Number.isFinite(winterRank(it)))
    .sort((a, b) => winterRank(a) - winterRank(b) || a.num.localeCompare(b.num));
  const collections = new Map([
    [CATEGORY.newArrivals as number, newest.map((it) => it.num)],
    [CATEGORY.winterCatalogue as number, winter.map((it) => it.num)],
  ]);
  return { categories: DEMO_CATEGORIES, items, collections };
}

/** True when no category exists yet: a fresh database that the demo seed may fill. */
export async function isCatalogueEmpty(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('categories').select('num').limit(1).executeTakeFirst();
  return row === undefined;
}

export interface DemoSeedResult {
  seeded: boolean;
  categories: number;
  items: number;
  collections: Record<number, number>;
}

/**
 * Loads the demo catalogue in one transaction. Idempotent: does nothing when any category
 * exists, so it never overwrites a real catalogue.
 */
export async function seedDemoCatalogue(db: Kysely<DB>): Promise<DemoSeedResult> {
  return inTransaction(db, async (trx) => {
    if (!(await isCatalogueEmpty(trx))) return { seeded: false, categories: 0, items: 0, collections: {} };
    const demo = buildDemoCatalogue();
    await upsertCategories(trx, demo.categories);
    const items = demo.items.map(({ related: _related, ...item }) => item);
    await upsertItems(trx, items);
    // The catalogue write never sets stock: the demo's starting counts go in through stock.
    await seedStock(trx, items, { announce: false });
    const collections: Record<number, number> = {};
    for (const [num, members] of demo.collections) collections[num] = (await setNvMembers(trx, num, members)).members;
    return { seeded: true, categories: demo.categories.length, items: demo.items.length, collections };
  });
}
