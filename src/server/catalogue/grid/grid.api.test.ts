import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Grid } from '../../../contract/grid';
import { call, newCustomer, type TestCustomer, withToken } from '../../customers/testing';
import { adminCall, type StaffSessionForTest, staffWith } from '../../test-support/admin';
import { getOverSocket } from '../../test-support/over-socket';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { facet } from '../facets';
import { fixtureItems, loadFixtureCatalogue, seedItems } from '../test-fixture';

/** GET /Inventory/GetGrid and the AddItems it feeds, through the real API (issue 32, grid ordering). */

const extra = (num: string, categoryNum: number, colour: string, size: string, packaged: string, more: object = {}) => ({
  ...fixtureItems.find((i) => i.num === '11002')!,
  num,
  code: `C-${num}`,
  upc: '',
  categoryNum,
  webTitle: `${size} ${colour} Latex, ${packaged}`,
  colorFamily: colour.split(' ').at(-1)!,
  packaged,
  facets: [facet('color', colour), facet('size', size)],
  ...more,
});

let t: TestApp;
let accounts: StaffSessionForTest;
let buyer: TestCustomer;
beforeAll(async () => {
  t = await createTestApp(async (ctx) => {
    await loadFixtureCatalogue(ctx.database.db);
    await seedItems(ctx.database.db, [
      // 11" also in a 25-count pack (not in Pastel Pink), its red out of stock at both warehouses.
      extra('11101', 11, 'Red', '11"', '25 ct bag', { colorGroup: 'ltx11-25', qtyFr: 0, qtyFh: 0 }),
      extra('11102', 11, 'Royal Blue', '11"', '25 ct bag', { colorGroup: 'ltx11-25' }),
      // Another series in one colour: left to the listing, the grid shows the main line.
      extra('11201', 11, 'Red', '11"', '100 ct bag', { colorGroup: 'sig11' }),
      // Bubbles: two clear 24" items of one product share a cell, so bubbles have no grid.
      extra('40002', 4, 'Clear', '24"', '1 ct', { colorGroup: 'bub24' }),
      extra('40003', 4, 'Clear', '24"', '1 ct', { colorGroup: 'bub24' }),
      extra('40004', 4, 'Pink', '24"', '1 ct', { colorGroup: 'bub24' }),
    ]);
  });
  accounts = await staffWith(t, ['accounts']);
  buyer = await newCustomer(t);
}, 60_000);
afterAll(() => t?.close());

const get = (url: string, who?: TestCustomer) => call(t, { method: 'GET', url, headers: who ? withToken(who.token) : {} });
const shop = (c: TestCustomer, method: InjectOptions['method'], url: string, payload?: unknown) =>
  call(t, { method, url, headers: withToken(c.token), ...(payload === undefined ? {} : { payload: payload as object }) });
const cellAt = (grid: Grid, colour: string, size: string) => grid.cells.find((c) => grid.rows[c.row] === colour && grid.columns[c.column] === size);

describe('GET /Inventory/GetGrid', () => {
  it('answers premium latex as colours by sizes, packs as their own columns, with what a visitor may see', async () => {
    const res = await get('/Inventory/GetGrid?categoryNum=1');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const grid = res.body as Grid;
    expect(grid).toMatchObject({ categoryNum: 1, description: 'Premium Latex' });
    expect(grid.rows).toEqual(['Red', 'Royal Blue', 'Pastel Pink']);
    expect(grid.columns).toEqual(['11" 100 ct bag', '11" 25 ct bag', '16"']);
    expect(grid.cells.map((c) => [grid.rows[c.row], grid.columns[c.column], c.invNum])).toEqual([
      ['Red', '11" 100 ct bag', '11001'],
      ['Red', '11" 25 ct bag', '11101'],
      ['Red', '16"', '12001'],
      ['Royal Blue', '11" 100 ct bag', '11002'],
      ['Royal Blue', '11" 25 ct bag', '11102'],
      ['Pastel Pink', '11" 100 ct bag', '11003'],
    ]);
    // A visitor sees SRP only, as in the listing; stock as the listing's flags.
    expect(cellAt(grid, 'Red', '11" 100 ct bag')).toEqual({ row: 0, column: 0, invNum: '11001', srp: 19.99, inStockWest: true, inStockEast: false, orderMultiple: 1 });
    expect(cellAt(grid, 'Red', '11" 25 ct bag')).toMatchObject({ inStockWest: false, inStockEast: false });
    expect(grid.cells.some((c) => 'price' in c)).toBe(false);
  });

  it('gives a signed-in buyer the prices the listing gives them, at their price level', async () => {
    const listingPrices = async () => {
      const page = (await get('/Inventory/GetPagedItemsForCategory?categoryNum=1&pageSize=100', buyer)).body as { items: { num: string; price: number }[] };
      return new Map(page.items.map((i) => [i.num, i.price]));
    };
    const gridPrices = async () => new Map(((await get('/Inventory/GetGrid?categoryNum=1', buyer)).body as Grid).cells.map((c) => [c.invNum, c.price]));
    expect((await gridPrices()).get('11001')).toBe(12.5);

    const level = await adminCall(t, accounts, { method: 'POST', url: '/PriceLevels', payload: { name: 'Grid 20', percentOff: 20 } });
    expect(level.status, JSON.stringify(level.body)).toBe(201);
    const id = (await t.ctx.database.db.selectFrom('customers').select('id').where('email', '=', buyer.email).executeTakeFirstOrThrow()).id;
    expect((await adminCall(t, accounts, { method: 'PUT', url: `/Customers/${id}`, payload: { priceLevelId: level.body.id } })).status).toBe(200);

    const [grid, listing] = [await gridPrices(), await listingPrices()];
    expect(grid.get('11001')).toBe(10);
    for (const [num, price] of grid) expect(price, num).toBe(listing.get(num));
  });

  it('narrows to a colour family with `group`, in any case, and names a family it does not hold', async () => {
    const red = (await get('/Inventory/GetGrid?categoryNum=1&group=red')).body as Grid;
    expect(red.rows).toEqual(['Red']);
    expect(red.columns).toEqual(['11" 100 ct bag', '11" 25 ct bag', '16"']);
    expect(red.cells.map((c) => [c.row, c.column, c.invNum])).toEqual([[0, 0, '11001'], [0, 1, '11101'], [0, 2, '12001']]);
    expect(red.groups).toEqual(['Red', 'Royal Blue', 'Pastel Pink']);

    const teal = await get('/Inventory/GetGrid?categoryNum=1&group=Teal');
    expect(teal.status).toBe(404);
    expect(teal.body.detail).toBe('No colours in the colour family "Teal" here');
  });

  it('answers a child category alone, and 404 with a clear message for a category without colour × size variation', async () => {
    const eleven = (await get('/Inventory/GetGrid?categoryNum=11')).body as Grid;
    expect(eleven.columns).toEqual(['11" 100 ct bag', '11" 25 ct bag']);

    const foil = await get('/Inventory/GetGrid?categoryNum=3');
    expect(foil.status).toBe(404);
    expect(foil.headers['content-type']).toContain('application/problem+json');
    expect(foil.body.detail).toBe('Foil Balloons has no items that come in several colours and sizes, so it has no order grid');
    // Two clear 24" bubbles of different styles would share a cell: not a grid either.
    expect((await get('/Inventory/GetGrid?categoryNum=4')).body.detail).toBe('Bubble Balloons has no items that come in several colours and sizes, so it has no order grid');

    expect((await get('/Inventory/GetGrid?categoryNum=999')).status).toBe(404);
    expect((await get('/Inventory/GetGrid?categoryNum=900')).status).toBe(404);
    const bad = await get('/Inventory/GetGrid?categoryNum=latex');
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('Category number must be a whole number');
  });

  it('moves with the stock: a receipt shows in the next answer', async () => {
    const before = cellAt((await get('/Inventory/GetGrid?categoryNum=11')).body as Grid, 'Red', '11" 25 ct bag');
    expect(before).toMatchObject({ inStockWest: false, inStockEast: false });
    const stockStaff = await staffWith(t, ['warehouse']);
    const received = await adminCall(t, stockStaff, { method: 'POST', url: '/Stock/Adjust', payload: { invNum: '11101', warehouse: 'east', delta: 5, reason: 'received', note: '' } });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    await t.ctx.catalogue.refresh();
    const after = cellAt((await get('/Inventory/GetGrid?categoryNum=11')).body as Grid, 'Red', '11" 25 ct bag');
    expect(after).toMatchObject({ inStockWest: false, inStockEast: true });
  });
});

describe('GetGrid over a socket (the fast lane serves an answer kept for the same URL and prices)', () => {
  it('answers a repeat with the same bytes and ETag, a visitor and a buyer apart, a 404 still from the route', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = '/beapi/Inventory/GetGrid?categoryNum=1&group=Red';
    const first = await getOverSocket(base, url);
    const again = await getOverSocket(base, url);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(JSON.parse(again.body).cells.some((c: object) => 'price' in c)).toBe(false);
    const asBuyer = await getOverSocket(base, url, withToken(buyer.token));
    const buyerAgain = await getOverSocket(base, url, withToken(buyer.token));
    expect(asBuyer.headers.etag).not.toBe(first.headers.etag);
    expect(buyerAgain.body).toBe(asBuyer.body);
    expect(JSON.parse(buyerAgain.body).cells.every((c: { price?: number }) => typeof c.price === 'number')).toBe(true);
    for (let i = 0; i < 2; i++) expect((await getOverSocket(base, '/beapi/Inventory/GetGrid?categoryNum=3')).status).toBe(404);
  });
});

describe('POST /Shop/AddItems from the grid', () => {
  it('adds every filled cell in one call, and a bad row adds nothing and is named', async () => {
    const c = await newCustomer(t);
    const grid = (await get('/Inventory/GetGrid?categoryNum=1', c)).body as Grid;
    const lines = grid.cells.map((cell, i) => ({ invNum: cell.invNum, qty: i + 1 }));

    const refused = await shop(c, 'POST', '/Shop/AddItems', [...lines.slice(0, 2), { invNum: '99999', qty: 1 }, { invNum: lines[2]!.invNum, qty: 0 }]);
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe('Nothing was added: some lines were refused');
    expect(refused.body.errors).toEqual(['Line 3 (99999): Item 99999 not found', `Line 4 (${lines[2]!.invNum}): Please enter a valid quantity`]);
    expect((await shop(c, 'GET', '/Shop/GetShoppingCart')).body.items).toEqual([]);

    const added = await shop(c, 'POST', '/Shop/AddItems', lines);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const ordered = new Map(added.body.items.map((i: { invNum: string; ordQty: number }) => [i.invNum, i.ordQty]));
    expect(ordered).toEqual(new Map(lines.map((l) => [l.invNum, l.qty])));
    // The out-of-stock cell was taken too (backorder at checkout).
    expect(ordered.get('11101')).toBe(2);
    expect(ordered.has('11201')).toBe(false);
  });
});
