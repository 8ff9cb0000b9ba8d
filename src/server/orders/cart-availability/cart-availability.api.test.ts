import { beforeAll, describe, expect, it } from 'vitest';
import { call, newCustomer, shipToForm, type TestCustomer, withToken } from '../../customers/testing';
import { withShop } from '../../test-support/shop';
import { itemsWithStock } from '../../stock/testing';

const { t } = withShop({ catalogue: true });
let a: TestCustomer;
beforeAll(async () => {
  // Billing address in Fresno, CA: West ships first.
  a = await newCustomer(t);
});

const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => call(t, { method, url, headers: withToken(a.token), payload });
/** The answer with its lines by item number. */
async function availability() {
  const body = (await as('GET', '/Shop/GetCartAvailability')).body;
  return { ...body, lines: [...body.lines].sort((x: { invNum: string }, y: { invNum: string }) => x.invNum.localeCompare(y.invNum)) };
}

describe('GET /Shop/GetCartAvailability', () => {
  it('answers 401 without a token', async () => {
    expect((await call(t, { method: 'GET', url: '/Shop/GetCartAvailability' })).status).toBe(401);
  });

  it("shows per line West, East, split and backordered for the cart's ship-to, and changes with the ship-to", async () => {
    expect((await availability()).lines).toEqual([]);
    // Fixture stock: 11001 West 50 / East 0; 12001 50 / 50; 40001 none.
    await as('POST', '/Shop/AddItems', [
      { invNum: '11001', qty: 60 },
      { invNum: '12001', qty: 70 },
      { invNum: '40001', qty: 2 },
      { invNum: '30001', qty: 5 },
    ]);
    const west = await availability();
    expect(west).toMatchObject({ shipToCode: '', destination: 'Fresno, CA', nearest: 'west' });
    expect(west.lines).toEqual([
      { invNum: '11001', qty: 60, west: 50, east: 0, backordered: 10 },
      { invNum: '12001', qty: 70, west: 50, east: 20, backordered: 0 },
      { invNum: '30001', qty: 5, west: 5, east: 0, backordered: 0 },
      { invNum: '40001', qty: 2, west: 0, east: 0, backordered: 2 },
    ]);

    const code = (await as('POST', '/Customer/NewShipto', shipToForm({ city: 'Mobile', state: 'AL', zip: '36602' }))).body.code;
    await as('PUT', `/Shop/UpdateShipTo?shiptocode=${code}`);
    const east = await availability();
    expect(east).toMatchObject({ shipToCode: code, destination: 'Mobile, AL', nearest: 'east' });
    expect(east.lines.map((l: { west: number; east: number; backordered: number }) => [l.west, l.east, l.backordered])).toEqual([
      [50, 0, 10],
      [20, 50, 0],
      [0, 5, 0],
      [0, 0, 2],
    ]);
    // Nothing was taken from stock.
    const stock = await itemsWithStock(t.ctx.database.db).where('i.num', '=', '12001').executeTakeFirstOrThrow();
    expect(stock).toMatchObject({ qty_fr: 50, qty_fh: 50 });
  });
});
