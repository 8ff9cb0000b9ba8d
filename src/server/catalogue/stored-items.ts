import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/schema';
import type { CatalogueItemInput } from './writes';

/**
 * Stored items in the shape the writes take, so an import can lay a partial row over an existing
 * item without losing the columns the file leaves out. Inactive items are included. No stock:
 * it is not on `items` (stock/counts.ts reads it for the CSV).
 */
export async function loadItemInputs(db: Kysely<DB>, nums: readonly string[]): Promise<Map<string, CatalogueItemInput>> {
  const out = new Map<string, CatalogueItemInput>();
  const unique = [...new Set(nums)];
  // Under both databases' bound-parameter limits.
  for (let i = 0; i < unique.length; i += 10_000) {
    const rows = await db.selectFrom('items').selectAll().where('num', 'in', unique.slice(i, i + 10_000)).execute();
    if (rows.length === 0) continue;
    const ids = rows.map((r) => r.id);
    // One after another: inside a transaction they share one connection anyway.
    const facets = await db.selectFrom('item_facets').select(['item_id', 'kind', 'name', 'link']).where('item_id', 'in', ids).execute();
    const attributes = await db
      .selectFrom('item_attributes')
      .select(['item_id', 'name', 'value'])
      .where('item_id', 'in', ids)
      .orderBy('position')
      .execute();
    const suggestions = await db
      .selectFrom('item_suggestions')
      .select(['item_id', 'suggested_num'])
      .where('item_id', 'in', ids)
      .orderBy('position')
      .execute();
    const byId = new Map<number, CatalogueItemInput>();
    for (const r of rows) {
      const item: CatalogueItemInput = {
        num: r.num,
        code: r.code,
        categoryNum: r.category_num,
        webTitle: r.web_title,
        seoTitle: r.seo_title,
        keyWords: r.key_words,
        upc: r.upc,
        brand: r.brand,
        colorFamily: r.color_family,
        colorGroup: r.color_group,
        dimensions: r.dimensions,
        packaged: r.packaged,
        caseQty: r.case_qty,
        priceCents: r.price_cents,
        srpCents: r.srp_cents,
        weightOz: r.weight_oz,
        logo: r.logo,
        picture: r.picture,
        packagedImage: r.packaged_image,
        productInfoHtml: r.product_info_html,
        productInfoFormat: r.product_info_format,
        isNew: r.is_new === 1,
        active: r.active === 1,
        status: r.status,
        createdAt: r.created_at,
        facets: [],
        attributes: [],
        suggestedNums: [],
      };
      byId.set(r.id, item);
      out.set(r.num, item);
    }
    for (const f of facets) byId.get(f.item_id)?.facets.push({ kind: f.kind, name: f.name, link: f.link });
    for (const a of attributes) byId.get(a.item_id)?.attributes.push({ name: a.name, value: a.value });
    for (const s of suggestions) byId.get(s.item_id)?.suggestedNums.push(s.suggested_num);
  }
  return out;
}

/**
 * Locks these items' rows in number order, so two writers that read and rewrite them never
 * interleave (`forUpdate`: PostgreSQL; SQLite's write transactions lock the whole file).
 */
export async function lockItemRows(db: Kysely<DB>, nums: readonly string[], forUpdate: boolean): Promise<void> {
  if (!forUpdate || nums.length === 0) return;
  await db.selectFrom('items').select('id').where('num', 'in', [...nums]).orderBy('num').forUpdate().execute();
}
