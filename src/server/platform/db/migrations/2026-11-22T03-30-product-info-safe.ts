import type { Kysely } from 'kysely';
import sanitizeHtml from 'sanitize-html';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * The product info as clients may see it, kept beside the operator's HTML so the item detail
 * page parses no HTML on a read. The policy is the app's at the time of this migration; later
 * writes use the app's own (catalogue/item-detail.ts).
 */
const policy: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'h3', 'h4', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span'],
  allowedAttributes: {},
};

const BATCH = 1000;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('items').addColumn('product_info_safe', 'text').execute();
  await db.updateTable('items').set({ product_info_safe: '' }).where('product_info_html', '=', '').execute();
  // In id order and in batches, so a large catalogue never sits in memory at once.
  let after = 0;
  for (;;) {
    const rows: { id: number; product_info_html: string }[] = await db
      .selectFrom('items')
      .select(['id', 'product_info_html'])
      .where('id', '>', after)
      .where('product_info_safe', 'is', null)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    for (const r of rows) {
      await db
        .updateTable('items')
        .set({ product_info_safe: sanitizeHtml(r.product_info_html, policy) })
        .where('id', '=', r.id)
        .execute();
    }
    after = rows[rows.length - 1]!.id;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('items').dropColumn('product_info_safe').execute();
}
