import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * Stock moves off `items` into its own table, owned by the stock module (DESIGN §6): one row per
 * item and warehouse, `qty` (units not yet allocated; was qty_fr/qty_fh), `reserved` (held back;
 * was reserve_fr/reserve_fh) and `on_order` (from the factory; was ordqty_fr/ordqty_fh). West was
 * the `_fr` columns (Fresno), East the `_fh` ones (Fairhope). Every item gets its two rows here;
 * an item made later has none until stock first writes it, and a missing row reads as 0.
 *
 * The copy is checked before the old columns go: twice as many rows as items, and each column's
 * sum per warehouse equal to the old column's; a mismatch throws, which rolls the whole change
 * back. PostgreSQL runs a migration in a transaction already; Kysely runs SQLite's without one
 * (no transactional DDL there), so this opens its own.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await move(db, true);
  else await db.transaction().execute((trx) => move(trx, false));
}

const COPIES = [
  { warehouse: 'west', qty: 'qty_fr', reserved: 'reserve_fr', onOrder: 'ordqty_fr' },
  { warehouse: 'east', qty: 'qty_fh', reserved: 'reserve_fh', onOrder: 'ordqty_fh' },
] as const;

async function move(db: Kysely<any>, pg: boolean): Promise<void> {
  let table = db.schema
    .createTable('item_stock')
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('warehouse', 'text', (c) => c.notNull().check(sql`warehouse in ('west', 'east')`))
    .addColumn('qty', 'integer', (c) => c.notNull().defaultTo(0).check(sql`qty >= 0`))
    .addColumn('reserved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('on_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('item_stock_pk', ['item_id', 'warehouse']);
  // SQLite: the rows live in the primary key's own tree, so a lookup by (item_id, warehouse) is one probe.
  if (!pg) table = table.modifyEnd(sql`without rowid`);
  await table.execute();

  for (const c of COPIES) {
    await sql`insert into item_stock (item_id, warehouse, qty, reserved, on_order)
      select id, cast(${c.warehouse} as text), ${sql.ref(c.qty)}, ${sql.ref(c.reserved)}, ${sql.ref(c.onOrder)} from items`.execute(db);
  }
  await checkCopy(db);

  for (const c of COPIES) {
    for (const column of [c.qty, c.reserved, c.onOrder]) await db.schema.alterTable('items').dropColumn(column).execute();
  }
}

async function checkCopy(db: Kysely<any>): Promise<void> {
  const before = await sql<Record<string, string | number | null>>`select count(*) as n,
    sum(qty_fr) as qty_fr, sum(reserve_fr) as reserve_fr, sum(ordqty_fr) as ordqty_fr,
    sum(qty_fh) as qty_fh, sum(reserve_fh) as reserve_fh, sum(ordqty_fh) as ordqty_fh from items`.execute(db);
  const after = await sql<Record<string, string | number | null>>`select count(*) as n,
    sum(case when warehouse = 'west' then qty end) as qty_fr, sum(case when warehouse = 'west' then reserved end) as reserve_fr,
    sum(case when warehouse = 'west' then on_order end) as ordqty_fr, sum(case when warehouse = 'east' then qty end) as qty_fh,
    sum(case when warehouse = 'east' then reserved end) as reserve_fh, sum(case when warehouse = 'east' then on_order end) as ordqty_fh
    from item_stock`.execute(db);
  const b = before.rows[0]!;
  const a = after.rows[0]!;
  const wrong: string[] = [];
  if (Number(a.n) !== 2 * Number(b.n)) wrong.push(`rows: ${a.n} for ${b.n} items`);
  for (const column of ['qty_fr', 'reserve_fr', 'ordqty_fr', 'qty_fh', 'reserve_fh', 'ordqty_fh']) {
    if (Number(a[column] ?? 0) !== Number(b[column] ?? 0)) wrong.push(`${column}: ${b[column]} became ${a[column]}`);
  }
  if (wrong.length > 0) throw new Error(`item_stock: the copy of the items' stock does not add up (${wrong.join('; ')})`);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const c of COPIES) {
    await db.schema.alterTable('items').addColumn(c.qty, 'integer', (col) => col.notNull().defaultTo(0).check(sql`${sql.ref(c.qty)} >= 0`)).execute();
    await db.schema.alterTable('items').addColumn(c.reserved, 'integer', (col) => col.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('items').addColumn(c.onOrder, 'integer', (col) => col.notNull().defaultTo(0)).execute();
    await sql`update items set ${sql.ref(c.qty)} = s.qty, ${sql.ref(c.reserved)} = s.reserved, ${sql.ref(c.onOrder)} = s.on_order
      from item_stock s where s.item_id = items.id and s.warehouse = cast(${c.warehouse} as text)`.execute(db);
  }
  await db.schema.dropTable('item_stock').execute();
}

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
