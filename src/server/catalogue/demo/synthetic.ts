import { type Kysely, sql } from 'kysely';
import { analyzeTables } from '../../platform/db/dialect';
import type { DB } from '../../platform/db/schema';
import { seedStock, type StockCounts } from '../../stock';
import { type CatalogueItemInput, inTransaction, upsertCategories, upsertItems } from '../writes';
import { DEMO_CATEGORIES } from './categories';
import { buildItem, type DemoProduct } from './item-builder';
import { BUBBLE_TINTS, type Colour, FOIL_COLOURS, LATEX_COLOURS } from './palette';
import { demoProducts } from './products';
import { SeededRandom } from './random';
import { MESSAGES, THEMES } from './vocabulary';
import { recordOpeningBalances } from '../../stock';

/**
 * Synthetic but plausible items for benchmarks: variations of the demo products (another series,
 * another colour, other events and themes) spread over the same leaf categories, so listings,
 * filters and search behave as they would on a large real catalogue.
 */

export interface SyntheticOptions {
  /** First item number; by default one past the highest synthetic number (at least 1,000,000). */
  startNum?: number;
  seed?: number;
  /** Called after each batch with how many items are in so far. */
  onProgress?: (done: number) => void;
}

export interface SyntheticResult {
  inserted: number;
  firstNum: string;
  lastNum: string;
}

/** Items built and written per round trip; bounds memory for half a million items. */
const BATCH = 5_000;
const FIRST_SYNTHETIC_NUM = 1_000_000;
const SERIES = ['Signature', 'Classic', 'Studio', 'Festive', 'Elegant', 'Essentials', 'Deluxe', 'Bright', 'Party Pro', 'Boutique'];
const EVENTS = [...new Set([...MESSAGES.flatMap((m) => m.events), ...THEMES.flatMap((t) => t.events)])];
const PALETTE: Record<DemoProduct['line'], Colour[]> = { latex: LATEX_COLOURS, foil: FOIL_COLOURS, bubble: BUBBLE_TINTS };

export async function seedSyntheticItems(db: Kysely<DB>, n: number, options: SyntheticOptions = {}): Promise<SyntheticResult> {
  if (!Number.isInteger(n) || n < 0) throw new Error(`item count must be a whole number, got ${n}`);
  const result = await inTransaction(db, async (trx) => {
    const start = options.startNum ?? (await nextSyntheticNum(trx));
    if (n === 0) return { inserted: 0, firstNum: String(start), lastNum: String(start - 1) };
    const hasCategories = await trx.selectFrom('categories').select('num').limit(1).executeTakeFirst();
    if (!hasCategories) await upsertCategories(trx, DEMO_CATEGORIES);

    const generator = new SyntheticGenerator(options.seed ?? start, start, n);
    let done = 0;
    while (done < n) {
      const batch = generator.next(Math.min(BATCH, n - done));
      await upsertItems(trx, batch);
      // The catalogue write never sets stock: the items' starting counts go in through stock.
      await seedStock(trx, batch, { announce: false });
      done += batch.length;
      options.onProgress?.(done);
    }
    // The items' starting stock is their opening balance: a movement each (decision 0028).
    await recordOpeningBalances(trx);
    return { inserted: n, firstNum: String(start), lastNum: String(start + n - 1) };
  });
  // After a bulk load PostgreSQL plans with the statistics of the tables before it until
  // autovacuum's next round, which then lands in the middle of whatever runs next.
  if (n > 0) await analyzeTables(db, ['items', 'item_facets', 'item_attributes', 'item_suggestions']);
  return result;
}

/** One past the highest synthetic (7+ digit) item number already stored. */
async function nextSyntheticNum(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select(sql<number | string | null>`max(cast(num as bigint))`.as('top'))
    .where(sql<boolean>`length(num) >= 7`)
    .executeTakeFirst();
  const top = row?.top == null ? 0 : Number(row.top);
  return Math.max(FIRST_SYNTHETIC_NUM, top + 1);
}

class SyntheticGenerator {
  private readonly rng: SeededRandom;
  private readonly templates = demoProducts();
  private made = 0;
  /** The current run: one product in several colours, sharing a colour group. */
  private run: { template: DemoProduct; series: string; colours: Colour[]; group: string } | null = null;

  constructor(
    seed: number,
    private readonly start: number,
    private readonly total: number,
  ) {
    this.rng = new SeededRandom(seed);
  }

  next(count: number): (CatalogueItemInput & StockCounts)[] {
    const out: (CatalogueItemInput & StockCounts)[] = [];
    for (let i = 0; i < count; i++) out.push(this.item());
    return out;
  }

  private item(): CatalogueItemInput & StockCounts {
    const rng = this.rng;
    const num = String(this.start + this.made);
    if (!this.run || this.run.colours.length === 0) {
      const template = rng.pick(this.templates);
      this.run = { template, series: rng.pick(SERIES), colours: rng.sample(PALETTE[template.line], rng.int(1, 8)), group: `SYN-${num}` };
    }
    const { template: t, series } = this.run;
    const colour = this.run.colours.pop()!;
    const single = this.run.colours.length === 0 && this.run.group === `SYN-${num}`;
    const product: DemoProduct = {
      ...t,
      num,
      code: `${t.code.split('-')[0]}-${colour.code}-${num}`,
      title: `${series} ${t.title.replace(t.colour.name, colour.name)}`,
      colour,
      colours: [colour.name],
      colorGroup: single ? '' : this.run.group,
      events: rng.chance(0.5) ? (t.events ?? []) : rng.sample(EVENTS, rng.int(0, 2)),
      themes: rng.chance(0.15) ? [rng.pick(THEMES).name] : (t.themes ?? []),
      messages: t.messages?.length ? t.messages : rng.chance(0.1) ? [rng.pick(MESSAGES).text] : [],
      priceCents: Math.max(25, t.priceCents + rng.int(-4, 12) * 5),
      related: [],
    };
    this.made++;
    const { related: _related, ...item } = buildItem(product, rng);
    const neighbour = () => String(this.start + rng.int(0, this.total - 1));
    item.suggestedNums = [t.num, neighbour(), neighbour()].filter((s) => s !== num);
    return item;
  }
}
