import type { Kysely } from 'kysely';
import { dollars } from '../../contract/cart';
import type { DB } from '../db/schema';
import type { StockBefore } from '../stock/import-stock';
import { availableOf } from '../stock/queries';
import { readItemStocks } from '../stock/service';
import type { WebhookEvents } from '../webhooks/events';
import type { CatalogueItemInput } from './writes';

/** item.changed for each of these items (written in the caller's transaction); `inserted` names the new ones. */
export async function publishItemsChanged(trx: Kysely<DB>, events: WebhookEvents, items: readonly CatalogueItemInput[], inserted: ReadonlySet<string>): Promise<void> {
  for (const it of items) {
    await events.publish(trx, 'item.changed', `item ${it.num}`, () => ({
      invNum: it.num,
      created: inserted.has(it.num),
      title: it.webTitle,
      categoryNum: it.categoryNum,
      upc: it.upc,
      brand: it.brand,
      caseQty: it.caseQty,
      price: dollars(it.priceCents),
      srp: dollars(it.srpCents),
      active: it.active,
      isNew: it.isNew,
    }));
  }
}

/**
 * The webhook events of a CSV import, in its transaction: item.changed for every item it wrote
 * and stock.changed for every item whose available units it changed. With no subscriber each
 * publish is a lookup in memory and nothing is read.
 */
export async function publishImportEvents(trx: Kysely<DB>, events: WebhookEvents, items: readonly CatalogueItemInput[], inserted: ReadonlySet<string>, before: StockBefore): Promise<void> {
  await publishItemsChanged(trx, events, items, inserted);
  const changed = items.filter((it) => {
    const was = before.get(it.num) ?? { west: 0, east: 0 };
    const now = availableOf({ qty_fr: it.qtyFr, qty_fh: it.qtyFh, reserve_fr: it.reserveFr, reserve_fh: it.reserveFh });
    return now.west !== was.west || now.east !== was.east;
  });
  let stocks: Promise<Map<string, unknown>> | null = null;
  const stockOf = async (num: string) => (await (stocks ??= readItemStocks(trx, changed.map((it) => it.num)).then((rows) => new Map(rows.map((r) => [r.invNum, r]))))).get(num);
  for (const it of changed) await events.publish(trx, 'stock.changed', `item ${it.num}`, () => stockOf(it.num));
}
