import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, call, newCustomer, type TestCustomer, withToken } from '../testing';
import { loadFixtureCatalogue } from '../../catalogue/testing';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let a: TestCustomer;
let b: TestCustomer;
beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db));
  a = await newCustomer(t, { orgName: 'Alpha Party' });
  b = await newCustomer(t, { orgName: 'Bravo Party' });
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (c: TestCustomer, method: Method, url: string, payload?: unknown): Promise<Answer> =>
  call(t, { method, url, headers: withToken(c.token), ...(payload === undefined ? {} : { payload: payload as object }) });

async function newList(c: TestCustomer, name: string, lines: { invNum: string; qty: number }[] = []): Promise<number> {
  const created = await as(c, 'POST', '/SpeedLists', { name });
  expect(created.status).toBe(201);
  if (lines.length) expect((await as(c, 'PUT', `/SpeedLists/${created.body.id}/Lines`, lines)).status).toBe(200);
  return created.body.id as number;
}

async function emptyCart(c: TestCustomer) {
  const cart = (await as(c, 'GET', '/Shop/GetShoppingCart')).body;
  for (const i of cart.items) await as(c, 'DELETE', `/Shop/DeleteCartItem/${i.invNum}`);
}

describe('access', () => {
  it('answers 401 on every speed list call without a token', async () => {
    for (const [method, url] of [
      ['GET', '/SpeedLists'],
      ['POST', '/SpeedLists'],
      ['POST', '/SpeedLists/FromCart'],
      ['GET', '/SpeedLists/1'],
      ['PUT', '/SpeedLists/1'],
      ['DELETE', '/SpeedLists/1'],
      ['PUT', '/SpeedLists/1/Lines'],
      ['POST', '/SpeedLists/1/AddToCart'],
    ] as const) {
      const res = await call(t, { method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(res.status, `${method} ${url}`).toBe(401);
    }
  });

  it("shows another customer's list to no one else, and nothing changes it", async () => {
    const id = await newList(b, 'Bravo secret list', [{ invNum: '11002', qty: 7 }]);
    const before = (await as(b, 'GET', `/SpeedLists/${id}`)).body;

    expect((await as(a, 'GET', '/SpeedLists')).body.map((l: { name: string }) => l.name)).not.toContain('Bravo secret list');
    const attempts: Answer[] = [
      await as(a, 'GET', `/SpeedLists/${id}`),
      await as(a, 'PUT', `/SpeedLists/${id}`, { name: 'Stolen' }),
      await as(a, 'PUT', `/SpeedLists/${id}/Lines`, [{ invNum: '11001', qty: 1 }]),
      await as(a, 'POST', `/SpeedLists/${id}/AddToCart`, {}),
      await as(a, 'DELETE', `/SpeedLists/${id}`),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe('Speed list not found');
      expect(JSON.stringify(res.body)).not.toContain('Bravo');
    }
    expect((await as(b, 'GET', `/SpeedLists/${id}`)).body).toEqual(before);
    expect((await as(a, 'GET', '/Shop/GetShoppingCart')).body.items).toEqual([]);
    // A missing list answers the same as someone else's.
    expect((await as(a, 'GET', '/SpeedLists/999999')).status).toBe(404);
  });
});

describe('lists', () => {
  it('creates, renames and deletes a list; names are unique per customer whatever the case', async () => {
    const created = await as(a, 'POST', '/SpeedLists', { name: '  Weekly latex  ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Weekly latex', numberOfLines: 0, totalQuantity: 0, lines: [] });
    const id = created.body.id;

    expect((await as(a, 'POST', '/SpeedLists', { name: 'WEEKLY LATEX' })).status).toBe(409);
    // Another customer may use the same name.
    expect((await as(b, 'POST', '/SpeedLists', { name: 'Weekly latex' })).status).toBe(201);

    const renamed = await as(a, 'PUT', `/SpeedLists/${id}`, { name: 'Monday latex' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Monday latex');
    await newList(a, 'Other');
    expect((await as(a, 'PUT', `/SpeedLists/${id}`, { name: 'other' })).body.detail).toBe('You already have a list named "other"');

    expect((await as(a, 'GET', '/SpeedLists')).body.map((l: { name: string }) => l.name)).toEqual(expect.arrayContaining(['Monday latex', 'Other']));
    expect((await as(a, 'DELETE', `/SpeedLists/${id}`)).status).toBe(204);
    expect((await as(a, 'GET', `/SpeedLists/${id}`)).status).toBe(404);
    expect((await as(a, 'DELETE', `/SpeedLists/${id}`)).status).toBe(404);
  });

  it('refuses an empty or long name, and a bad id', async () => {
    expect((await as(a, 'POST', '/SpeedLists', { name: '   ' })).body.errors).toEqual(['Please enter a name for the list']);
    expect((await as(a, 'POST', '/SpeedLists', {})).status).toBe(400);
    expect((await as(a, 'POST', '/SpeedLists', { name: 'x'.repeat(61) })).body.errors).toEqual(['A list name can be at most 60 characters']);
    expect((await as(a, 'GET', '/SpeedLists/abc')).status).toBe(400);
  });
});

describe('lines', () => {
  it("replaces the lines and shows each with today's item, price and stock", async () => {
    const id = await newList(a, 'Stock check');
    const res = await as(a, 'PUT', `/SpeedLists/${id}/Lines`, [
      { invNum: '11001', qty: 24 },
      { invNum: '40001', qty: 2 },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ numberOfLines: 2, totalQuantity: 26 });
    expect(res.body.lines[0]).toMatchObject({
      invNum: '11001',
      qty: 24,
      item: { num: '11001', web_Title: '11" Red Latex', price: 12.5, availableWest: 50, availableEast: 0, upc: '071234110018' },
    });
    expect(res.body.lines[1].item).toMatchObject({ availableWest: 0, availableEast: 0 });
    // An empty list of lines clears the list.
    expect((await as(a, 'PUT', `/SpeedLists/${id}/Lines`, [])).body.lines).toEqual([]);
  });

  it('refuses unknown items, bad quantities and duplicates line by line, and changes nothing', async () => {
    const id = await newList(a, 'Careful', [{ invNum: '12001', qty: 3 }]);
    const res = await as(a, 'PUT', `/SpeedLists/${id}/Lines`, [
      { invNum: '11001', qty: 1 },
      { invNum: '99999', qty: 1 },
      { invNum: '11002', qty: 0 },
      { invNum: '11003', qty: '5' },
      { invNum: '11001', qty: 2 },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('The list was not changed: some lines were refused');
    expect(res.body.errors).toEqual([
      'Line 2 (99999): Item 99999 not found',
      'Line 3 (11002): Please enter a valid quantity',
      'Line 4 (11003): Please enter a valid quantity',
      'Line 5 (11001): Item 11001 is on the list twice',
    ]);
    expect((await as(a, 'GET', `/SpeedLists/${id}`)).body.lines.map((l: { invNum: string; qty: number }) => [l.invNum, l.qty])).toEqual([['12001', 3]]);
  });
});

describe('with the cart', () => {
  it('saves the cart as a list, and adds the list back to an empty cart in one call', async () => {
    await emptyCart(a);
    await as(a, 'POST', '/Shop/AddItems', [
      { invNum: '11001', qty: 24 },
      { invNum: '30001', qty: 6 },
    ]);
    const saved = await as(a, 'POST', '/SpeedLists/FromCart', { name: 'Saved cart' });
    expect(saved.status).toBe(201);
    expect(saved.body.lines.map((l: { invNum: string; qty: number }) => [l.invNum, l.qty])).toEqual([
      ['11001', 24],
      ['30001', 6],
    ]);

    await emptyCart(a);
    const added = await as(a, 'POST', `/SpeedLists/${saved.body.id}/AddToCart`);
    expect(added.status).toBe(200);
    expect(added.body.items.map((i: { invNum: string; ordQty: number }) => [i.invNum, i.ordQty])).toEqual([
      ['11001', 24],
      ['30001', 6],
    ]);

    // Selected lines only; adding again adds to the cart's lines.
    const selected = await as(a, 'POST', `/SpeedLists/${saved.body.id}/AddToCart`, { invNums: ['30001'] });
    expect(selected.body.items.find((i: { invNum: string }) => i.invNum === '30001').ordQty).toBe(12);
    expect(selected.body.items.find((i: { invNum: string }) => i.invNum === '11001').ordQty).toBe(24);

    const notOnList = await as(a, 'POST', `/SpeedLists/${saved.body.id}/AddToCart`, { invNums: ['12001'] });
    expect(notOnList.status).toBe(400);
    expect(notOnList.body.errors).toEqual(['Item 12001 is not on this list']);
  });

  it('refuses to save an empty cart and to add an empty list', async () => {
    await emptyCart(b);
    expect((await as(b, 'POST', '/SpeedLists/FromCart', { name: 'Nothing' })).body.detail).toBe('Your cart is empty');
    const id = await newList(b, 'Empty one');
    expect((await as(b, 'POST', `/SpeedLists/${id}/AddToCart`, {})).body.detail).toBe('This list has no lines');
  });

  it('adds nothing when a line of the list would pass the maximum quantity', async () => {
    await emptyCart(b);
    await as(b, 'POST', '/Shop/AddItem?InvNum=12001&qty=9990');
    const id = await newList(b, 'Too much', [
      { invNum: '11002', qty: 1 },
      { invNum: '12001', qty: 20 },
    ]);
    const res = await as(b, 'POST', `/SpeedLists/${id}/AddToCart`, {});
    expect(res.status).toBe(400);
    const cart = (await as(b, 'GET', '/Shop/GetShoppingCart')).body;
    expect(cart.items.map((i: { invNum: string; ordQty: number }) => [i.invNum, i.ordQty])).toEqual([['12001', 9990]]);
  });
});
