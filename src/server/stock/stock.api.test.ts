import { describe, expect, it } from 'vitest';
import { adminCall, type StaffSessionForTest, staffWith } from '../test-support/admin';
import { withShop } from '../test-support/shop';
import { signUpCustomer, type TestCustomer } from '../orders/testing';
import { fixtureItems } from '../catalogue/testing';
import { mailsTo } from '../platform/mail/mail-folder';
import { lockOrder, saveOrderState } from '../orders/testing';

const { t, staff: { owner } } = withShop({ catalogue: true, staff: { owner: 'demo owner' } });

const stockOf = async (num: string) => (await adminCall(t, owner, { method: 'GET', url: `/Stock/${num}` })).body;
const movementsOf = async (num: string) => (await adminCall(t, owner, { method: 'GET', url: `/Stock/${num}/Movements` })).body as { reason: string; delta: number; ref: string; warehouse: string; affects: string; actor: string }[];
const adjust = (who: StaffSessionForTest, payload: object) => adminCall(t, who, { method: 'POST', url: '/Stock/Adjust', payload });

async function buyerCall(c: TestCustomer, method: 'GET' | 'POST', url: string) {
  const res = await t.app.inject({ method, url: `/beapi${url}`, headers: c.headers });
  return { status: res.statusCode, body: res.json() };
}
/** A buyer's checkout of `qty` of one item, through the real API; answers the order. */
async function order(c: TestCustomer, num: string, qty: number) {
  expect((await buyerCall(c, 'POST', `/Shop/AddItem?InvNum=${num}&qty=${qty}`)).status).toBe(200);
  const res = await t.app.inject({ method: 'POST', url: '/beapi/Shop/Checkout', headers: c.headers, payload: { shipToCode: '', shippingOption: 'ground' } });
  expect(res.statusCode).toBe(201);
  return res.json() as { orderNum: number; lines: { invNum: string; backordered: number; allocation: { west: number; east: number; backordered: number } }[] };
}

describe('stock by warehouse', () => {
  it('answers available and on hand per warehouse, 404 for an unknown item, 400 for a malformed number', async () => {
    const base = fixtureItems.find((i) => i.num === '11002')!;
    expect(await stockOf('11002')).toEqual({
      invNum: '11002',
      title: '11" Royal Blue Latex',
      west: { available: base.qtyFr - base.reserveFr, onHand: base.qtyFr },
      east: { available: base.qtyFh - base.reserveFh, onHand: base.qtyFh },
      bins: { west: '', east: '' },
    });
    const unknown = await adminCall(t, owner, { method: 'GET', url: '/Stock/99999' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe('Item 99999 not found');
    expect((await adminCall(t, owner, { method: 'GET', url: '/Stock/no%20such' })).status).toBe(400);
  });

  it('finds items by number, UPC and title words for the stock page', async () => {
    const byUpc = await adminCall(t, owner, { method: 'GET', url: '/Stock?q=071234300020' });
    expect(byUpc.body.map((i: { invNum: string }) => i.invNum)).toEqual(['30002']);
    const byTitle = await adminCall(t, owner, { method: 'GET', url: '/Stock?q=latex' });
    expect(byTitle.body.map((i: { invNum: string }) => i.invNum)).toEqual(['11001', '11002', '11003', '12001']);
    expect(byTitle.body[0].west).toEqual(expect.objectContaining({ available: expect.any(Number), onHand: expect.any(Number) }));
    expect((await adminCall(t, owner, { method: 'GET', url: '/Stock?q=' })).status).toBe(400);
  });

  it('checkout takes units off available, keeps them on hand and writes a movement per warehouse', async () => {
    const before = await stockOf('12001');
    const buyer = await signUpCustomer(t.app, 'CA');
    const placed = await order(buyer, '12001', before.west.available + 5);
    const after = await stockOf('12001');
    expect(after.west).toEqual({ available: 0, onHand: before.west.onHand });
    expect(after.east).toEqual({ available: before.east.available - 5, onHand: before.east.onHand });
    const moves = await movementsOf('12001');
    expect(moves.slice(0, 2)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reason: 'checkout', warehouse: 'west', delta: -before.west.available, ref: `order ${placed.orderNum}`, affects: 'available' }),
        expect.objectContaining({ reason: 'checkout', warehouse: 'east', delta: -5, ref: `order ${placed.orderNum}` }),
      ]),
    );
  });
});

describe('adjustments', () => {
  it('adds with delta, counts with setTo, refuses to go below zero and records movements and audit', async () => {
    const start = (await stockOf('30001')).west;
    const up = await adjust(owner, { invNum: '30001', warehouse: 'west', delta: 7, reason: 'received', note: 'PO 4411' });
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ invNum: '30001', warehouse: 'west', available: start.available + 7, onHand: start.onHand + 7 });

    const count = await adjust(owner, { invNum: '30001', warehouse: 'west', setTo: 10, reason: 'count', note: 'cycle count' });
    expect(count.body).toEqual({ invNum: '30001', warehouse: 'west', available: 10 - (start.onHand - start.available), onHand: 10 });

    const tooMany = await adjust(owner, { invNum: '30001', warehouse: 'west', delta: -11, reason: 'damaged', note: '' });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.detail).toBe('That would leave -1 available: stock cannot go below zero');
    expect((await stockOf('30001')).west.onHand).toBe(10);

    const moves = await movementsOf('30001');
    expect(moves.slice(0, 2)).toEqual([
      expect.objectContaining({ reason: 'count', delta: 10 - start.onHand - 7, ref: 'cycle count', warehouse: 'west', actor: expect.stringContaining('owner@example.com') }),
      expect.objectContaining({ reason: 'received', delta: 7, ref: 'PO 4411' }),
    ]);
    const audit = await adminCall(t, owner, { method: 'GET', url: '/Audit?target=item:30001' });
    expect(audit.body.items.map((a: { action: string }) => a.action)).toEqual(['stock.adjust', 'stock.adjust']);
  });

  it('validates the body: unknown item 404, wrong warehouse, zero delta, both or neither of delta and setTo 400', async () => {
    const bad = [
      { invNum: '30002', warehouse: 'north', delta: 1, reason: 'received' },
      { invNum: '30002', warehouse: 'west', delta: 0, reason: 'received' },
      { invNum: '30002', warehouse: 'west', delta: 1, setTo: 3, reason: 'received' },
      { invNum: '30002', warehouse: 'west', reason: 'received' },
      { invNum: '30002', warehouse: 'west', delta: 1.5, reason: 'received' },
      { invNum: '30002', warehouse: 'west', setTo: -1, reason: 'count' },
      { invNum: '30002', warehouse: 'west', delta: 1, reason: 'stolen' },
      { invNum: '30002', warehouse: 'west', delta: '1', reason: 'received' },
    ];
    for (const payload of bad) expect((await adjust(owner, payload)).status, JSON.stringify(payload)).toBe(400);
    expect((await adjust(owner, { invNum: 'ZZ999', warehouse: 'west', delta: 1, reason: 'received' })).status).toBe(404);
    expect(await movementsOf('30002')).toEqual([]);
  });

  it('lets a warehouse member adjust only their warehouse, and a catalogue member only read', async () => {
    const west = await staffWith(t, ['warehouse'], 'west');
    expect((await adjust(west, { invNum: '30002', warehouse: 'west', delta: 1, reason: 'other', note: 'shelf' })).status).toBe(200);
    const other = await adjust(west, { invNum: '30002', warehouse: 'east', delta: 1, reason: 'other' });
    expect(other.status).toBe(403);
    expect(other.body.detail).toBe('You may adjust stock at West only');
    const catalogue = await staffWith(t, ['catalogue']);
    expect((await adminCall(t, catalogue, { method: 'GET', url: '/Stock/30002' })).status).toBe(200);
    expect((await adjust(catalogue, { invNum: '30002', warehouse: 'west', delta: 1, reason: 'other' })).status).toBe(403);
    expect((await movementsOf('30002')).length).toBe(1);
  });

  it('applies 20 concurrent adjustments of one item exactly once each', async () => {
    const before = (await stockOf('33007')).east.available;
    const answers = await Promise.all(Array.from({ length: 20 }, () => adjust(owner, { invNum: '33007', warehouse: 'east', delta: 1, reason: 'received' })));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect((await stockOf('33007')).east.available).toBe(before + 20);
    expect((await movementsOf('33007')).filter((m) => m.reason === 'received')).toHaveLength(20);
  });
});

describe('backorder fills', () => {
  it('gives received units to the oldest waiting order first, skips orders on hold, mails the buyer', async () => {
    // 40001 has no stock: each of these orders backorders its units.
    const [held, first, second] = [await signUpCustomer(t.app, 'CA'), await signUpCustomer(t.app, 'CA'), await signUpCustomer(t.app, 'AL')];
    const heldOrder = await order(held, '40001', 3);
    const firstOrder = await order(first, '40001', 4);
    const secondOrder = await order(second, '40001', 5);
    expect(firstOrder.lines[0]!.allocation).toEqual({ west: 0, east: 0, backordered: 4 });
    const db = t.ctx.database.db;
    const state = await lockOrder(db, { orderNum: heldOrder.orderNum }, false);
    await saveOrderState(db, state!, { status: 'on_hold', holdReason: 'credit check' });

    const received = await adjust(owner, { invNum: '40001', warehouse: 'west', delta: 6, reason: 'received', note: 'container 7' });
    expect(received.status).toBe(200);
    // 4 to the first order, 2 of 5 to the second; nothing left available; all 6 still on hand.
    expect(received.body).toEqual({ invNum: '40001', warehouse: 'west', available: 0, onHand: 6 });

    const lineOf = async (c: TestCustomer, n: number) => (await buyerCall(c, 'GET', `/Shop/GetOrder/${n}`)).body.lines[0];
    expect(await lineOf(held, heldOrder.orderNum)).toEqual(expect.objectContaining({ backordered: 3, allocation: { west: 0, east: 0, backordered: 3 } }));
    expect(await lineOf(first, firstOrder.orderNum)).toEqual(expect.objectContaining({ backordered: 0, allocation: { west: 4, east: 0, backordered: 0 } }));
    expect(await lineOf(second, secondOrder.orderNum)).toEqual(expect.objectContaining({ backordered: 3, allocation: { west: 2, east: 0, backordered: 3 } }));
    // The order's timeline (the buyer's GetOrder shows its public events once the lifecycle loads them).
    const events = await db
      .selectFrom('order_events as e')
      .innerJoin('orders as o', 'o.id', 'e.order_id')
      .select(['o.order_num', 'e.kind', 'e.public'])
      .where('e.kind', '=', 'backorder_allocated')
      .execute();
    expect(events.map((e) => [Number(e.order_num), Number(e.public)]).sort()).toEqual([[firstOrder.orderNum, 1], [secondOrder.orderNum, 1]].sort());

    const moves = await movementsOf('40001');
    expect(moves.slice(0, 3)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ reason: 'backorder', delta: -4, ref: `order ${firstOrder.orderNum}`, warehouse: 'west' }),
        expect.objectContaining({ reason: 'backorder', delta: -2, ref: `order ${secondOrder.orderNum}` }),
        expect.objectContaining({ reason: 'received', delta: 6, ref: 'container 7' }),
      ]),
    );
    await t.ctx.outbox.drain();
    await expect.poll(() => mailsTo(t.dataDir, first.email).filter((m) => m.subject === `Order ${firstOrder.orderNum}: backordered items allocated`).length).toBe(1);
    const mail = mailsTo(t.dataDir, first.email).find((m) => m.subject.includes('backordered items allocated'))!;
    expect(mail.text).toContain('40001');
    expect(mail.text).toContain('4 now allocated (4 from West (Fresno))');
    expect(mailsTo(t.dataDir, second.email).some((m) => m.subject.includes('backordered items allocated'))).toBe(true);
    expect(mailsTo(t.dataDir, held.email).some((m) => m.subject.includes('backordered items allocated'))).toBe(false);
  });
});

describe('a large arrival', () => {
  it('fills more waiting orders than one read of the queue takes, oldest first, and leaves the newest waiting', async () => {
    for (const warehouse of ['west', 'east']) expect((await adjust(owner, { invNum: '30003', warehouse, setTo: 0, reason: 'count', note: 'empty shelf' })).status).toBe(200);
    const buyer = await signUpCustomer(t.app, 'CA');
    const waiting: number[] = [];
    for (let i = 0; i < 102; i++) waiting.push((await order(buyer, '30003', 1)).orderNum);
    const received = await adjust(owner, { invNum: '30003', warehouse: 'west', delta: 101, reason: 'received', note: 'container 9' });
    expect(received.body).toMatchObject({ available: 0, onHand: 101 });
    const backordered = await Promise.all(waiting.map(async (n) => (await buyerCall(buyer, 'GET', `/Shop/GetOrder/${n}`)).body.lines[0].backordered as number));
    expect(backordered).toEqual([...Array.from({ length: 101 }, () => 0), 1]);
    expect((await movementsOf('30003')).filter((m) => m.reason === 'backorder')).toHaveLength(101);
  });
});

describe('low stock', () => {
  it('lists active items with few units available, lowest first, as stock changes', async () => {
    await adjust(owner, { invNum: '11003', warehouse: 'east', setTo: 2, reason: 'count' });
    await t.ctx.catalogue.refresh();
    const low = await t.ctx.stock.lowStock(50);
    const entry = low.find((l) => l.invNum === '11003');
    expect(entry).toEqual({ invNum: '11003', title: '11" Pastel Pink Latex', west: expect.any(Number), east: 2 });
    const mins = low.map((l) => Math.max(0, Math.min(l.west, l.east)));
    expect(mins).toEqual([...mins].sort((a, b) => a - b));
    await adjust(owner, { invNum: '11003', warehouse: 'east', delta: 100, reason: 'received' });
    if ((await stockOf('11003')).west.available > 12) expect((await t.ctx.stock.lowStock(50)).some((l) => l.invNum === '11003')).toBe(false);
  });
});
