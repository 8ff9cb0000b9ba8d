import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * `items.detail_head`: the item detail answer's leading fields (`num` to `packaged`) as JSON text,
 * kept with the item so a read copies them instead of serialising them again. Every stored row
 * gets it here, and its attribute and suggestion lists are rewritten as JSON.stringify writes them
 * (an earlier migration built them in SQL), so a read can copy those too. A row that lacks its
 * safe product info or lists keeps a null head: reads build its answer from the columns. Later writes use the app's own builder (catalogue/item-detail.ts `detailHeadJson`).
 */

interface Row {
  id: number;
  num: string;
  code: string;
  web_title: string;
  seo_title: string;
  picture: string;
  packaged_image: string;
  logo: string;
  srp_cents: number;
  dimensions: string;
  color_family: string;
  category_num: number;
  brand: string;
  upc: string;
  key_words: string;
  product_info_safe: string;
  packaged: string;
  attributes_json: string;
  suggested_json: string;
}

function head(r: Row): string {
  const q = JSON.stringify;
  const picture = q(r.picture);
  return (
    `{"num":${q(r.num)},"code":${q(r.code)},"web_Title":${q(r.web_title)},"seO_Title":${q(r.seo_title || r.web_title)},` +
    `"picture":${picture},"inventoryPicture":${picture},"packagedImage":${q(r.packaged_image)},"logo":${q(r.logo)},` +
    `"srp":${q(r.srp_cents / 100)},"dimensions":${q(r.dimensions)},"color_Family":${q(r.color_family)},"category":${q(r.category_num)},` +
    `"brand":${q(r.brand)},"upc":${q(r.upc)},"key_Words":${q(r.key_words)},` +
    `"web_Product_Info":${q(r.product_info_safe)},"packaged":${q(r.packaged)}`
  );
}

const BATCH = 500;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('items').addColumn('detail_head', 'text').execute();
  // In id order and in batches, so a large catalogue never sits in memory at once; one UPDATE
  // … FROM (VALUES …) per batch (SQLite 3.33+ and PostgreSQL both have it).
  let after = 0;
  for (;;) {
    const rows: Row[] = await db
      .selectFrom('items')
      .select([
        'id', 'num', 'code', 'web_title', 'seo_title', 'picture', 'packaged_image', 'logo', 'srp_cents', 'dimensions', 'color_family',
        'category_num', 'brand', 'upc', 'key_words', 'product_info_safe', 'packaged', 'attributes_json', 'suggested_json',
      ])
      .where('id', '>', after)
      .where('product_info_safe', 'is not', null)
      .where('attributes_json', 'is not', null)
      .where('suggested_json', 'is not', null)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    const values = rows.map(
      (r) => sql`(${r.id}, ${head(r)}, ${JSON.stringify(JSON.parse(r.attributes_json))}, ${JSON.stringify(JSON.parse(r.suggested_json))})`,
    );
    // PostgreSQL types a VALUES list from its first row: the casts make id an integer there.
    await sql`update items set detail_head = v.head, attributes_json = v.attrs, suggested_json = v.sugg
      from (select cast(column1 as integer) as id, column2 as head, column3 as attrs, column4 as sugg from (values ${sql.join(values)}) as t) as v
      where items.id = v.id`.execute(db);
    after = rows[rows.length - 1]!.id;
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('items').dropColumn('detail_head').execute();
}
