import { describe, expect, it } from 'vitest';
import { adminCall } from '../test-support/admin';
import { withShop } from '../test-support/shop';
import { signUpCustomer, type TestCustomer } from '../orders/testing';
import { importCatalogueCsv } from '../catalogue/testing';
import { fixtureItems } from '../catalogue/testing';
import { writeTransaction } from '../platform/db/database';
import { mailsTo } from '../platform/mail/mail-folder';
import { releaseUnits } from './backorders';
import { recordShipMovements } from '../stock/testing';

/** The stock area's functions the order lifecycle and the CSV import call: cancel releases, ship movements, imports. */

const { t, staff: { owner } } = withShop({ catalogue: true, staff: { owner: 'demo owner' } });

const actor = { label: 'staff:1 owner@example.com', display: 'Order desk', ip: '' };
const stockOf = async (num: string) => (await adminCall(t, owner, { method: 'GET', url: `/Stock/${num}` })).body;
const movementsOf = async (num: string) => (await adminCall(t, owner, { method: 'GET', url: `/Stock/${num}/Movements` })).body as { reason: string; delta: number; ref: string; affects: string }[];

async function order(c: TestCustomer, num: string, qty: number): Promise<number> {
  await t.app.inject({ method: 'POST', url: `/beapi/Shop/AddItem?InvNum=${num}&qty=${qty}`, headers: c.headers });
  const res = await t.app.inject({ method: 'POST', url: '/beapi/Shop/Checkout', headers: c.headers, payload: { shipToCode: '', shippingOption: 'ground' } });
  expect(res.statusCode).toBe(201);
  return res.json().orderNum;
}
const lineOf = async (c: TestCustomer, n: number) => (await t.app.inject({ method: 'GET', url: `/beapi/Shop/GetOrder/${n}`, headers: c.headers })).json().lines[0];

describe('units released by a cancel', () => {
  it('go back to available and, in the same transaction, to the oldest waiting backorder', async () => {
    const holder = await signUpCustomer(t.app, 'CA');
    const waiting = await signUpCustomer(t.app, 'CA');
    const all = (await stockOf('11001')).west.available;
    const held = await order(holder, '11001', all); // every West unit (East has none)
    const waits = await order(waiting, '11001', 4); // backordered
    expect((await lineOf(waiting, waits)).backordered).toBe(4);

    // The lifecycle's cancel of 6 of the holder's units (its own line change is the lifecycle's).
    const filled = await writeTransaction(t.ctx.database.db, (trx) => releaseUnits(trx, [{ itemNum: '11001', warehouse: 'west', units: 6 }], { reason: 'cancel', ref: `order ${held}`, actor }));
    expect(filled).toEqual([{ orderNum: waits, customerId: expect.any(Number), lines: [{ lineNo: 1, invNum: '11001', title: '11" Red Latex', west: 4, east: 0 }] }]);
    expect((await lineOf(waiting, waits)).allocation).toEqual({ west: 4, east: 0, backordered: 0 });
    expect((await stockOf('11001')).west.available).toBe(2);
    const moves = await movementsOf('11001');
    expect(moves.slice(0, 2)).toEqual([
      expect.objectContaining({ reason: 'backorder', delta: -4, ref: `order ${waits}` }),
      expect.objectContaining({ reason: 'cancel', delta: 6, ref: `order ${held}` }),
    ]);
  });
});

describe('shipping', () => {
  it('records the on-hand change and leaves available stock as it was', async () => {
    const before = await stockOf('12001');
    await writeTransaction(t.ctx.database.db, (trx) => recordShipMovements(trx, [{ itemNum: '12001', warehouse: 'east', units: 3 }], { ref: 'shipment 9', actor }));
    expect((await stockOf('12001')).east.available).toBe(before.east.available);
    expect((await movementsOf('12001'))[0]).toEqual(expect.objectContaining({ reason: 'ship', delta: -3, ref: 'shipment 9', affects: 'onHand' }));
  });
});

describe('the CSV import (npm run import)', () => {
  it('ignores the stock columns and says so: no stock change, no movement, no backorder filled', async () => {
    const buyer = await signUpCustomer(t.app, 'AL');
    const waits = await order(buyer, '40001', 5); // 40001 has no stock anywhere
    const base = fixtureItems.find((i) => i.num === '40001')!;
    const before = await stockOf('40001');
    const moves = await movementsOf('40001');
    const csv = ['num,category_num,web_title,price,srp,qty_west,qty_east,reserve_west,reserve_east', `40001,4,${base.webTitle},${base.priceCents / 100},${base.srpCents / 100},0,12,0,2`].join('\n');
    const dry = await importCatalogueCsv(t.ctx.database.db, csv, { dryRun: true });
    expect(dry).toMatchObject({ ok: true, updated: [], unchanged: 1, ignoredColumns: ['qty_west', 'qty_east', 'reserve_west', 'reserve_east'] });
    const report = await importCatalogueCsv(t.ctx.database.db, csv);
    expect(report).toMatchObject({ ok: true, errors: [], updated: [], unchanged: 1 });

    expect((await lineOf(buyer, waits)).allocation).toEqual({ west: 0, east: 0, backordered: 5 });
    expect(await stockOf('40001')).toEqual(before);
    expect(await movementsOf('40001')).toEqual(moves);
    expect(mailsTo(t.dataDir, buyer.email).some((m) => m.subject.includes('backordered items allocated'))).toBe(false);
  });
});
