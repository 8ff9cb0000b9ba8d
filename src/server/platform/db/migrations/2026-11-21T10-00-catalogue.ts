import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);

  await db.schema
    .createTable('meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn('num', 'integer', (c) => c.primaryKey())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('parent_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('tree').check(sql`kind in ('tree', 'nv')`))
    .addColumn('logo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('be_cat', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('categories_parent').on('categories').column('parent_num').execute();

  let items = db.schema
    .createTable('items')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('num', 'text', (c) => c.notNull().unique())
    .addColumn('code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category_num', 'integer', (c) => c.notNull().references('categories.num'))
    .addColumn('web_title', 'text', (c) => c.notNull())
    .addColumn('seo_title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('key_words', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('upc', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('brand', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('color_family', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('color_group', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('dimensions', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('packaged', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('case_qty', 'integer', (c) => c.notNull().defaultTo(1).check(sql`case_qty >= 1`))
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn('srp_cents', 'integer', (c) => c.notNull().check(sql`srp_cents >= 0`))
    .addColumn('weight_oz', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('logo', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('picture', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('packaged_image', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('product_info_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_new', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('qty_fr', 'integer', (c) => c.notNull().defaultTo(0).check(sql`qty_fr >= 0`))
    .addColumn('qty_fh', 'integer', (c) => c.notNull().defaultTo(0).check(sql`qty_fh >= 0`))
    .addColumn('reserve_fr', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reserve_fh', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ordqty_fr', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ordqty_fh', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull());
  if (pg) {
    items = items.addColumn('search_vector', sql`tsvector`, (c) =>
      c.generatedAlwaysAs(
        sql`to_tsvector('simple', web_title || ' ' || key_words || ' ' || num || ' ' || code || ' ' || upc)`,
      ).stored(),
    );
  }
  await items.execute();
  await db.schema.createIndex('items_category').on('items').column('category_num').execute();
  await db.schema.createIndex('items_upc').on('items').column('upc').execute();
  await db.schema.createIndex('items_color_group').on('items').column('color_group').execute();

  if (pg) {
    await sql`create index items_search on items using gin (search_vector)`.execute(db);
  } else {
    // External-content FTS5 table kept in step with items by triggers; prefix indexes make
    // short "starts with" searches fast.
    await sql`create virtual table items_fts using fts5(
      web_title, key_words, num, code, upc,
      content='items', content_rowid='id', tokenize='unicode61', prefix='1 2 3')`.execute(db);
    await sql`create trigger items_fts_insert after insert on items begin
      insert into items_fts(rowid, web_title, key_words, num, code, upc)
      values (new.id, new.web_title, new.key_words, new.num, new.code, new.upc); end`.execute(db);
    await sql`create trigger items_fts_delete after delete on items begin
      insert into items_fts(items_fts, rowid, web_title, key_words, num, code, upc)
      values ('delete', old.id, old.web_title, old.key_words, old.num, old.code, old.upc); end`.execute(db);
    await sql`create trigger items_fts_update after update of web_title, key_words, num, code, upc on items begin
      insert into items_fts(items_fts, rowid, web_title, key_words, num, code, upc)
      values ('delete', old.id, old.web_title, old.key_words, old.num, old.code, old.upc);
      insert into items_fts(rowid, web_title, key_words, num, code, upc)
      values (new.id, new.web_title, new.key_words, new.num, new.code, new.upc); end`.execute(db);
  }

  await db.schema
    .createTable('item_facets')
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('item_facets_pk', ['item_id', 'kind', 'link'])
    .execute();
  await db.schema.createIndex('item_facets_value').on('item_facets').columns(['kind', 'link']).execute();

  await db.schema
    .createTable('item_attributes')
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('item_attributes_pk', ['item_id', 'position'])
    .execute();

  await db.schema
    .createTable('item_suggestions')
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('suggested_num', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('item_suggestions_pk', ['item_id', 'suggested_num'])
    .execute();

  await db.schema
    .createTable('nv_category_items')
    .addColumn('category_num', 'integer', (c) => c.notNull().references('categories.num'))
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('nv_category_items_pk', ['category_num', 'item_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['nv_category_items', 'item_suggestions', 'item_attributes', 'item_facets']) {
    await db.schema.dropTable(t).execute();
  }
  if (!isPostgres(db)) await sql`drop table items_fts`.execute(db);
  for (const t of ['items', 'categories', 'meta']) await db.schema.dropTable(t).execute();
}
