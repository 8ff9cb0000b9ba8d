import type { Kysely } from 'kysely';
import { dollars } from '../../contract/cart';
import type { DB } from '../platform/db/schema';
import type { WebhookEvents } from '../staff';
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
