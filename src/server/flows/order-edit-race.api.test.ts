import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readSummaries, recountSummaries } from '../reports/testing';
import { adminCall } from '../test-support/admin';
import { withShop } from '../test-support/shop';
import { buyerCall, placeOrder, setStock } from './lifecycle-test-helpers';

/**
 * Order edits racing other changes of the same order or stock (decision 0036), on both
 * databases: two staff editing at once (one wins, the other 409 with the order as it is), an
 * edit racing a shipment of the same line, an edit racing a checkout for the last units. After
 * each, every unit is somewhere exactly once.
 */

const { t, staff: { owner } } = withShop({ catalogue: true, staff: { owner: 'demo owner' } });
const db = () => t.ctx.database.db;
const get = (n: number) => adminCall(t, owner, { method: 'GET', url: `/Orders/${n}` }).then((r) => r.body);
const post = (url: string, payload?: object) => adminCall(t, owner, { method: 'POST', url, ...(payload ? { payload } : {}) });
const patch = (n: number, payload: object, version: number) => adminCall(t, owner, { method: 'PATCH', url: `/Orders/${n}`, payload, headers: { 'if-match': String(version) } });

/**
 * Units of `num` at West: available now + open on order lines + shipped from West. Equal to what
 * was put on the shelf, whatever raced.
 */
async function westUnits(num: string): Promise<number> {
  const r = await sql<{ n: string | number }>`select
      (select coalesce(sum(s.qty - s.reserved), 0) from item_stock s join items i on i.id = s.item_id where i.num = ${num} and s.warehouse = 'west')
    + (select coalesce(sum(l.qty_west), 0) from order_lines l where l.item_num = ${num})
    + (select coalesce(sum(sl.qty), 0) from shipment_lines sl join shipments s on s.id = sl.shipment_id
         join order_lines l on l.order_id = s.order_id and l.line_no = sl.line_no where l.item_num = ${num} and s.warehouse = 'west') as n`.execute(db());
  return Number(r.rows[0]!.n);
}

async function linesAddUp(n: number) {
  for (const l of (await get(n)).lines) expect(l.qty).toBe(l.openWest + l.openEast + l.backordered + l.shipped + l.cancelled);
}

async function summariesMatchRecount() {
  const [kept, counted] = await Promise.all([readSummaries(db()), recountSummaries(db())]);
  expect(kept).toEqual(counted);
}

describe('order edits race', () => {
  it('two staff edit the same version at once: one wins, the other is 409 with the order as it is now', async () => {
    await setStock(t, '11002', 100, 0);
    const { order } = await placeOrder(t, [['11002', 10]]);
    const n = order.orderNum as number;
    const v = (await get(n)).version;
    const [a, b] = await Promise.all([patch(n, { lines: [{ lineNo: 1, qty: 4 }] }, v), patch(n, { lines: [{ lineNo: 1, qty: 7 }] }, v)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const [won, lost] = a.status === 200 ? [a, b] : [b, a];
    expect(lost.body.current).toMatchObject({ orderNum: n, version: won.body.version, lines: [expect.objectContaining({ qty: won.body.lines[0].qty })] });
    const now = await get(n);
    expect(now.lines[0].qty).toBe(won.body.lines[0].qty);
    expect(now.events.filter((e: { kind: string }) => e.kind === 'edited')).toHaveLength(1);
    expect(await westUnits('11002')).toBe(100);
    await summariesMatchRecount();
  });

  it('an edit racing a shipment of the same line: one wins, and the line, stock and invoices agree', async () => {
    for (let round = 0; round < 3; round++) {
      await setStock(t, '11001', 40, 0);
      const shelf = await westUnits('11001');
      const { order } = await placeOrder(t, [['11001', 6], ['11002', 2]]);
      const n = order.orderNum as number;
      await post(`/Orders/${n}/Accept`);
      const v = (await get(n)).version;
      const [edit, shipped] = await Promise.all([
        patch(n, { lines: [{ lineNo: 1, qty: 3 }] }, v),
        post(`/Orders/${n}/Ship`, { warehouse: 'west', carrier: 'ups', trackingNumber: `1Z${round}`, lines: [{ lineNo: 1, qty: 6 }] }),
      ]);
      const after = await get(n);
      if (edit.status === 200) {
        // The edit first: the shipment asked for 6 of a line that now has 3 open.
        expect(shipped.status).toBe(409);
        expect(after.lines[0]).toMatchObject({ qty: 3, openWest: 3, shipped: 0 });
      } else {
        // The shipment first: the edit is refused (the version moved), the line shipped whole.
        expect(edit.status).toBe(409);
        expect(shipped.status).toBe(201);
        expect(after.lines[0]).toMatchObject({ qty: 6, shipped: 6 });
        expect(after.invoices).toHaveLength(1);
      }
      await linesAddUp(n);
      expect(await westUnits('11001')).toBe(shelf);
    }
    await summariesMatchRecount();
  });

  it('an edit that takes more units races a checkout for the last of them: no unit is allocated twice', async () => {
    await setStock(t, '11003', 4, 0);
    const { order } = await placeOrder(t, [['11003', 1]]);
    const n = order.orderNum as number;
    const { buyer } = await placeOrder(t, [['11002', 1]]);
    await buyerCall(t, buyer, 'POST', '/Shop/AddItem?InvNum=11003&qty=3');
    const v = (await get(n)).version;
    const [edit, checkout] = await Promise.all([
      patch(n, { lines: [{ lineNo: 1, qty: 4 }] }, v),
      buyerCall(t, buyer, 'POST', '/Shop/Checkout', { shipToCode: '', shippingOption: 'ground' }),
    ]);
    expect(edit.status).toBe(200);
    expect(checkout.status).toBe(201);
    const other = await get(checkout.body.orderNum);
    const mine = await get(n);
    // 4 units on the shelf at the start: the open units of both orders take at most those 4.
    expect(mine.lines[0].openWest + other.lines[0].openWest).toBe(4);
    expect(mine.lines[0].backordered + other.lines[0].backordered).toBe(3);
    expect(await westUnits('11003')).toBe(4);
    await linesAddUp(n);
    await summariesMatchRecount();
  });
});
