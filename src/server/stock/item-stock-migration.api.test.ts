import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOps } from '../platform/db/dialect';
import { migrateToLatest } from '../platform/db/migrate';
import { createTestDatabase, type TestDatabase } from '../test-support/test-app';
import { underSchemaLock } from '../test-support/schema-lock';

/** Migration 2026-11-28T12-00-item-stock over a shop whose stock is still on `items`. */
describe('moving stock off items into item_stock', () => {
  let t: TestDatabase;
  const stock = [
    { num: 'A1', qf: 10, qh: 0, rf: 2, rh: 0, of: 0, oh: 50 },
    { num: 'A2', qf: 0, qh: 7, rf: 0, rh: 7, of: 12, oh: 0 },
    { num: 'A3', qf: 0, qh: 0, rf: 0, rh: 0, of: 0, oh: 0 },
    { num: 'A4', qf: 123456, qh: 3, rf: 1, rh: 1, of: 4, oh: 5 },
  ];

  beforeAll(async () => {
    t = await createTestDatabase({ upTo: '2026-11-28T08-00-d-opening-balances' });
    const db = t.database.db;
    await sql`insert into categories (num, description) values (1, 'Latex')`.execute(db);
    const now = new Date().toISOString();
    for (const s of stock) {
      await sql`insert into items (num, category_num, web_title, price_cents, srp_cents, created_at, updated_at,
          qty_fr, qty_fh, reserve_fr, reserve_fh, ordqty_fr, ordqty_fh)
        values (${s.num}, 1, ${`Balloon ${s.num}`}, 100, 200, ${now}, ${now}, ${s.qf}, ${s.qh}, ${s.rf}, ${s.rh}, ${s.of}, ${s.oh})`.execute(db);
    }
    expect(await underSchemaLock(() => migrateToLatest(t.database.db))).toContain('2026-11-28T12-00-item-stock');
  });
  afterAll(() => t?.drop());

  it('gives every item a West and an East row with its stock as it was', async () => {
    const rows = await t.database.db
      .selectFrom('item_stock as s')
      .innerJoin('items as i', 'i.id', 's.item_id')
      .select(['i.num', 's.warehouse', 's.qty', 's.reserved', 's.on_order'])
      .orderBy('i.num')
      .orderBy('s.warehouse', 'desc')
      .execute();
    expect(rows).toEqual(
      stock.flatMap((s) => [
        { num: s.num, warehouse: 'west', qty: s.qf, reserved: s.rf, on_order: s.of },
        { num: s.num, warehouse: 'east', qty: s.qh, reserved: s.rh, on_order: s.oh },
      ]),
    );
  });

  it('leaves items without stock columns, and item_stock refuses stock below zero', async () => {
    const row = await sql<Record<string, unknown>>`select * from items where num = 'A1'`.execute(t.database.db);
    for (const column of ['qty_fr', 'qty_fh', 'reserve_fr', 'reserve_fh', 'ordqty_fr', 'ordqty_fh']) expect(row.rows[0]).not.toHaveProperty(column);
    const id = row.rows[0]!.id as number;
    await expect(t.database.db.updateTable('item_stock').set({ qty: -1 }).where('item_id', '=', id).where('warehouse', '=', 'east').execute()).rejects.toThrow();
    await expect(sql`insert into item_stock (item_id, warehouse) values (${id}, 'north')`.execute(t.database.db)).rejects.toThrow();
  });

  it('keeps the catalogue search working on the items that remain (SQLite: the FTS triggers)', async () => {
    await t.database.db.updateTable('items').set({ web_title: 'Confetti Orb' }).where('num', '=', 'A2').execute();
    const ids = await dialectOps(t.database.dialect).searchItemIds(t.database.db, ['confetti']);
    expect(ids).toHaveLength(1);
  });
});
