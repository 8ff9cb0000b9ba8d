import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/schema';
import { detailHeadJson } from './item-detail';
import { bumpCatalogueVersion } from './queries';

/**
 * An item's `picture` (and so `inventoryPicture`) as the photos module sets it: the first real
 * photo, or the generated drawing when it has none (DESIGN.md §5). Written with the item detail
 * answer's kept head, and the catalogue version moves on, so every server process rebuilds its
 * index and the response caches drop the old answers.
 */

/** The address of an item's generated picture (catalogue/picture-routes.ts draws it). */
export function generatedPicture(num: string): string {
  return `/images/items/${num}?v=1`;
}

/** The item by number (inactive ones too), locked to the transaction on PostgreSQL. */
export async function lockItemForPictures(db: Kysely<DB>, num: string, forUpdate: boolean) {
  return db
    .selectFrom('items')
    .select(['id', 'num', 'picture'])
    .where('num', '=', num)
    .$if(forUpdate, (q) => q.forUpdate())
    .executeTakeFirst();
}

export async function setItemPicture(db: Kysely<DB>, itemId: number, picture: string): Promise<void> {
  const row = await db
    .selectFrom('items')
    .select([
      'num', 'code', 'web_title', 'seo_title', 'picture', 'packaged_image', 'logo', 'srp_cents', 'dimensions', 'color_family',
      'category_num', 'brand', 'upc', 'key_words', 'product_info_safe', 'packaged',
    ])
    .where('id', '=', itemId)
    .executeTakeFirstOrThrow();
  if (row.picture === picture) return;
  // A row written before product info was kept sanitised has no head: its reads build the answer.
  const head = row.product_info_safe === null ? null : detailHeadJson({ ...row, picture, product_info_safe: row.product_info_safe });
  await db.updateTable('items').set({ picture, detail_head: head }).where('id', '=', itemId).execute();
  await bumpCatalogueVersion(db);
}
