import { describe, expect, it } from 'vitest';
import { adminCall } from '../../test-support/admin';
import { signUpCustomer, type TestCustomer } from '../../orders/testing';
import { type TestApp } from '../../test-support/test-app';
import { withShop } from '../../test-support/shop';
import { bodyOf, editorOf, putItem } from './test-helpers';

/**
 * Issue 27 point 1: catalogue writes never write stock. An item save, a bulk price change, a bulk
 * status change and a category delete that moves the item, each running while buyers check the
 * item out one unit at a time (and while stock is adjusted), leave stock exactly as the checkouts
 * and adjustments made it: on hand as before, available + allocated = the units before, nothing
 * lost and nothing made up. (On PostgreSQL these writes used to read the stock columns and write
 * them back a moment later, over the checkouts that ran in between.)
 */

const { t, staff: { editor, owner } } = withShop({ catalogue: true, staff: { editor: ['catalogue'], owner: 'demo owner' } });

type Units = { available: number; onHand: number };
const stockOf = async (num: string): Promise<{ west: Units; east: Units }> => (await adminCall(t, owner, { method: 'GET', url: `/Stock/${num}` })).body;

async function buyer(t: TestApp, c: TestCustomer, method: 'POST', url: string, payload?: object) {
  const res = await t.app.inject({ method, url: `/beapi${url}`, headers: c.headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() };
}

/** Buyers with one unit of `num` in the cart, ready to check out. */
async function buyersWithCart(n: number, num: string): Promise<TestCustomer[]> {
  const out: TestCustomer[] = [];
  for (let i = 0; i < n; i++) {
    const c = await signUpCustomer(t.app, 'CA');
    expect((await buyer(t, c, 'POST', `/Shop/AddItem?InvNum=${num}&qty=1`)).status).toBe(200);
    out.push(c);
  }
  return out;
}

/** Units each checkout allocated at West and East (every order has one line of one unit). */
async function checkOut(c: TestCustomer): Promise<{ west: number; east: number }> {
  const res = await buyer(t, c, 'POST', '/Shop/Checkout', { shipToCode: '', shippingOption: 'ground' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const { west, east } = res.body.lines[0].allocation;
  return { west, east };
}

/** An editor's save of a new title: the editor's JSON read, then sent back (again on a 409). */
async function saveTitle(num: string, title: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await putItem(t, editor, num, bodyOf(await editorOf(t, editor, num), { web_Title: title }));
    if (res.status === 200) return;
    expect(res.status, JSON.stringify(res.body)).toBe(409);
  }
  throw new Error(`saving ${num} kept meeting other edits`);
}

const sum = (xs: { west: number; east: number }[]) => xs.reduce((s, x) => ({ west: s.west + x.west, east: s.east + x.east }), { west: 0, east: 0 });

describe('catalogue writes during checkouts and adjustments', () => {
  it("a save with the editor's JSON read before checkouts and an adjustment does not put the old stock back", async () => {
    const item = await editorOf(t, editor, '11003');
    const before = await stockOf('11003');
    const allocated = sum(await Promise.all((await buyersWithCart(3, '11003')).map(checkOut)));
    expect((await adminCall(t, owner, { method: 'POST', url: '/Stock/Adjust', payload: { invNum: '11003', warehouse: 'east', delta: 7, reason: 'received', note: 'PO 7' } })).status).toBe(200);
    // The old version's full body: nothing else edited the item, so the save goes through.
    const res = await putItem(t, editor, '11003', bodyOf(item, { web_Title: '11" Pastel Pink Latex (new look)' }));
    expect(res.status).toBe(200);
    expect(await stockOf('11003')).toMatchObject({
      west: { available: before.west.available - allocated.west, onHand: before.west.onHand },
      east: { available: before.east.available - allocated.east + 7, onHand: before.east.onHand + 7 },
    });
  });

  it('20 one-unit checkouts while the title is saved, prices move and the category is deleted: allocated + available = the units before', async () => {
    const num = '11001'; // 50 at West, none at East
    const target = await adminCall(t, editor, { method: 'POST', url: '/Categories', payload: { description: 'Race Latex', parentNum: 1, seoTitle: '', seoDescription: '', logo: '', beCat: '' } });
    expect(target.status).toBe(201);
    const moved = await putItem(t, editor, num, bodyOf(await editorOf(t, editor, num), { categories: [target.body.num] }));
    expect(moved.status).toBe(200);
    const buyers = await buyersWithCart(20, num);
    const before = await stockOf(num);

    const checkouts = Promise.all(buyers.map(checkOut));
    const saves = (async () => {
      for (let i = 0; i < 8; i++) await saveTitle(num, `11" Red Latex, take ${i}`);
    })();
    const prices = (async () => {
      for (let i = 0; i < 6; i++) {
        const res = await adminCall(t, editor, { method: 'POST', url: '/Items/Bulk/Price?dryRun=0', payload: { nums: [num], percent: i % 2 === 0 ? 1 : -1 } });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
    })();
    const remove = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const res = await adminCall(t, editor, { method: 'DELETE', url: `/Categories/${target.body.num}?version=${target.body.version}&moveItemsTo=11` });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    })();
    const [allocations] = await Promise.all([checkouts, saves, prices, remove]);

    const allocated = sum(allocations);
    expect(allocated).toEqual({ west: 20, east: 0 });
    expect(await stockOf(num)).toMatchObject({
      west: { available: before.west.available - allocated.west, onHand: before.west.onHand },
      east: { available: before.east.available - allocated.east, onHand: before.east.onHand },
    });
  });

  it('adjustments while the bulk status changes: every unit received stays received', async () => {
    const num = '12001';
    expect((await adminCall(t, editor, { method: 'POST', url: '/Items/Bulk/Status', payload: { nums: [num], status: 'hidden' } })).status).toBe(200);
    const before = await stockOf(num);
    const adjustments = Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const res = await adminCall(t, owner, { method: 'POST', url: '/Stock/Adjust', payload: { invNum: num, warehouse: i % 2 === 0 ? 'west' : 'east', delta: 1, reason: 'received', note: `box ${i}` } });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }),
    );
    const statuses = (async () => {
      for (let i = 0; i < 8; i++) {
        const res = await adminCall(t, editor, { method: 'POST', url: '/Items/Bulk/Status', payload: { nums: [num], status: i % 2 === 0 ? 'discontinued' : 'hidden' } });
        expect(res.status).toBe(200);
      }
    })();
    await Promise.all([adjustments, statuses]);
    expect(await stockOf(num)).toMatchObject({
      west: { available: before.west.available + 10, onHand: before.west.onHand + 10 },
      east: { available: before.east.available + 10, onHand: before.east.onHand + 10 },
    });
  });
});
