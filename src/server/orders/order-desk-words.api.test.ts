import { describe, expect, it } from 'vitest';
import { auditPageSchema } from '../../contract/admin/audit';
import { bulkOrdersAnswerSchema } from '../../contract/admin/order-bulk';
import { adminOrderSchema, adminOrdersPageSchema } from '../../contract/admin/orders';
import { orderSchema } from '../../contract/cart';
import { buyerCall, placeOrder, setStock } from '../flows/lifecycle-test-helpers';
import { mailsTo } from '../platform/mail/mail-folder';
import { adminCall, type StaffSessionForTest } from '../test-support/admin';
import { withShop } from '../test-support/shop';
import { addShipTo, signUpCustomer, type TestCustomer } from './cart/test-customers';

/**
 * The order desk in plain words (issue 29): the search finds contact and ship-to names in any
 * case and a PO by its start; Today / This week; bulk hold, print and invoice with a result per
 * order; a hold's message reaches the buyer; timelines and the audit log name people.
 */
const { t, staff } = withShop({ catalogue: true, staff: { owner: 'demo owner', desk: ['orders'], warehouse: ['warehouse'] } });

const get = (url: string, s: StaffSessionForTest = staff.owner) => adminCall(t, s, { method: 'GET', url });
const post = (url: string, payload: object, s: StaffSessionForTest = staff.owner) => adminCall(t, s, { method: 'POST', url, payload });
const nums = (body: unknown) => adminOrdersPageSchema.parse(body).items.map((i) => i.orderNum);

async function checkout(buyer: TestCustomer, item: string, body: { shipToCode?: string; poNumber?: string }) {
  expect((await buyerCall(t, buyer, 'POST', `/Shop/AddItem?InvNum=${item}&qty=1`)).status).toBe(200);
  const res = await buyerCall(t, buyer, 'POST', '/Shop/Checkout', { shippingOption: 'ground', shipToCode: '', ...body });
  expect(res.status).toBe(201);
  return orderSchema.parse(res.body);
}

describe('the orders search and presets', () => {
  it('finds orders by contact name and ship-to name in any case, and by the start of a PO number', async () => {
    await setStock(t, '11002', 500, 500);
    const buyer = await signUpCustomer(t.app, 'CA', 'search');
    const other = await signUpCustomer(t.app, 'CA', 'other');
    const plain = await checkout(buyer, '11002', { poNumber: 'PO-77-ALPHA' });
    const branch = await addShipTo(t.app, other, 'AL');
    const shipped = await checkout(other, '11002', { shipToCode: branch });
    // The buyer's contact name ("Pat Buyer<n>", their company "Party Shop <n>"), typed in another case.
    const company = adminOrderSchema.parse((await get(`/Orders/${plain.orderNum}`)).body).customer.orgName;
    const last = `Buyer${/\d+$/.exec(company)![0]}`;
    expect(nums((await get(`/Orders?q=${encodeURIComponent(`pAT ${last.toUpperCase()}`)}`)).body)).toEqual([plain.orderNum]);
    // The ship-to's contact ("Sam Receiver") and company ("Branch AL"), any case; not the other buyer's own name.
    expect(nums((await get('/Orders?q=sam%20receiver')).body)).toEqual([shipped.orderNum]);
    expect(nums((await get('/Orders?q=BRANCH%20al')).body)).toEqual([shipped.orderNum]);
    // A PO number whole, or its start, any case; a middle part is not a start.
    expect(nums((await get('/Orders?q=PO-77-ALPHA')).body)).toEqual([plain.orderNum]);
    expect(nums((await get('/Orders?q=po-77')).body)).toEqual([plain.orderNum]);
    expect(nums((await get('/Orders?q=77-ALPHA')).body)).toEqual([]);
    // With another filter beside the search, and a LIKE wildcard is only a character.
    expect(nums((await get('/Orders?q=sam%20receiver&status=received')).body)).toEqual([shipped.orderNum]);
    expect(nums((await get('/Orders?q=sam%20receiver&status=accepted')).body)).toEqual([]);
    expect(nums((await get('/Orders?q=_am%20receiver')).body)).toEqual([]);
  });

  it('keeps orders placed today or this week, in the staff member\'s time zone', async () => {
    const all = nums((await get('/Orders')).body);
    expect(all.length).toBeGreaterThan(0);
    expect(nums((await get('/Orders?period=today')).body)).toEqual(all);
    expect(nums((await get('/Orders?period=week&tz=America/Chicago')).body)).toEqual(all);
    // An order placed before this week's Monday is in neither.
    const old = all.at(-1)!;
    await t.ctx.database.db.updateTable('orders').set({ created_at: '2020-01-01T12:00:00.000Z' }).where('order_num', '=', old).execute();
    expect(nums((await get('/Orders?period=today')).body)).not.toContain(old);
    expect(nums((await get('/Orders?period=week')).body)).not.toContain(old);
    const bad = await get('/Orders?period=today&tz=Mars/Olympus');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Time zone is not one we know');
    expect((await get('/Orders?period=month')).status).toBe(400);
  });
});

describe('bulk hold, print and invoice', () => {
  it('holds the orders it may, each with its result, and mails each buyer the message', async () => {
    await setStock(t, '11002', 500, 500);
    const a = await placeOrder(t, [['11002', 2]]);
    const b = await placeOrder(t, [['11002', 1]]);
    expect((await post(`/Orders/${b.order.orderNum}/Cancel`, { reason: 'Buyer asked' })).status).toBe(200);
    const res = await post('/Orders/Hold', { orderNums: [a.order.orderNum, b.order.orderNum, 999_999_999], reason: 'Check the resale certificate', message: 'Please send us your resale certificate.' }, staff.desk);
    expect(res.status).toBe(200);
    const { results } = bulkOrdersAnswerSchema.parse(res.body);
    expect(results).toEqual([
      { orderNum: a.order.orderNum, ok: true, statusCode: 'on_hold' },
      { orderNum: b.order.orderNum, ok: false, error: expect.stringMatching(/cancelled/) },
      { orderNum: 999_999_999, ok: false, error: expect.stringMatching(/not found/i) },
    ]);
    await t.ctx.outbox.drain();
    const held = mailsTo(t.dataDir, a.buyer.email).filter((m) => m.subject === `Order ${a.order.orderNum} is on hold`);
    expect(held).toHaveLength(1);
    expect(held[0]!.text).toContain('Please send us your resale certificate.');
    expect(held[0]!.text).not.toContain('resale certificate\n\nCheck');
    // The warehouse may not hold.
    expect((await post('/Orders/Hold', { orderNums: [a.order.orderNum], reason: 'x' }, staff.warehouse)).status).toBe(403);
  });

  it('gives each order its invoices, or the reason it has none; print gathers the pick list and packing slips', async () => {
    await setStock(t, '11002', 500, 500);
    const shippedOrder = (await placeOrder(t, [['11002', 3]])).order;
    const acceptedOrder = (await placeOrder(t, [['11002', 1]])).order;
    const received = (await placeOrder(t, [['11002', 1]])).order;
    for (const o of [shippedOrder, acceptedOrder]) expect((await post(`/Orders/${o.orderNum}/Accept`, {})).status).toBe(200);
    const ship = await post(`/Orders/${shippedOrder.orderNum}/Ship`, { warehouse: 'west', carrier: 'ups', trackingNumber: '1Z9' });
    expect(ship.status).toBe(201);
    const { invoiceNum, shipmentNum } = ship.body as { invoiceNum: number; shipmentNum: number };

    const inv = bulkOrdersAnswerSchema.parse((await post('/Orders/Invoices', { orderNums: [shippedOrder.orderNum, received.orderNum] }, staff.desk)).body);
    expect(inv.results).toEqual([
      { orderNum: shippedOrder.orderNum, ok: true, statusCode: 'shipped', documents: [{ label: `Invoice ${invoiceNum}`, path: `/Invoices/${invoiceNum}.pdf` }] },
      { orderNum: received.orderNum, ok: false, statusCode: 'received', error: 'Nothing has shipped yet: an invoice is raised with each shipment' },
    ]);
    const pdf = await get(`/Invoices/${invoiceNum}.pdf`, staff.desk);
    expect(pdf.status).toBe(200);

    // The order desk does not print pick lists (orders:ship); the warehouse does, at its own warehouse.
    expect((await post('/Orders/Print', { orderNums: [acceptedOrder.orderNum], warehouse: 'west' }, staff.desk)).status).toBe(403);
    const print = bulkOrdersAnswerSchema.parse((await post('/Orders/Print', { orderNums: [acceptedOrder.orderNum, shippedOrder.orderNum, received.orderNum], warehouse: 'west' }, staff.warehouse)).body);
    expect(print.pickList).toEqual({ label: 'Pick list West (1 order)', path: `/PickList.pdf?warehouse=west&orders=${acceptedOrder.orderNum}` });
    expect(print.results).toEqual([
      { orderNum: acceptedOrder.orderNum, ok: true, statusCode: 'accepted', documents: [{ label: 'Pick list West', path: `/PickList.pdf?warehouse=west&orders=${acceptedOrder.orderNum}` }] },
      { orderNum: shippedOrder.orderNum, ok: true, statusCode: 'shipped', documents: [{ label: `Packing slip ${shipmentNum}`, path: `/Shipments/${shipmentNum}/PackingSlip.pdf` }] },
      { orderNum: received.orderNum, ok: false, statusCode: 'received', error: 'It is received: accept it before it is picked' },
    ]);
    expect((await get(print.pickList!.path, staff.warehouse)).status).toBe(200);
  });
});

describe('a hold message, the timeline and the audit log in words', () => {
  it('shows the hold message on the buyer\'s order; without one the buyer is told nothing', async () => {
    await setStock(t, '11002', 500, 500);
    const quiet = await placeOrder(t, [['11002', 1]]);
    const told = await placeOrder(t, [['11002', 1]]);
    expect((await post(`/Orders/${quiet.order.orderNum}/Hold`, { reason: 'Credit check' }, staff.desk)).status).toBe(200);
    const held = await post(`/Orders/${told.order.orderNum}/Hold`, { reason: 'Credit check', message: 'We will call you about payment terms.' }, staff.desk);
    expect(held.status).toBe(200);
    await t.ctx.outbox.drain();
    expect(mailsTo(t.dataDir, quiet.buyer.email).map((m) => m.subject)).not.toContain(`Order ${quiet.order.orderNum} is on hold`);
    expect(mailsTo(t.dataDir, told.buyer.email).map((m) => m.subject)).toContain(`Order ${told.order.orderNum} is on hold`);

    const quietPage = orderSchema.parse((await buyerCall(t, quiet.buyer, 'GET', `/Shop/GetOrder/${quiet.order.orderNum}`)).body);
    expect(quietPage.events).toEqual([]);
    const toldPage = orderSchema.parse((await buyerCall(t, told.buyer, 'GET', `/Shop/GetOrder/${told.order.orderNum}`)).body);
    expect(toldPage.events).toEqual([expect.objectContaining({ detail: 'On hold: We will call you about payment terms.', actor: 'Order desk' })]);
    // The desk's reason stays the desk's.
    expect(JSON.stringify(toldPage)).not.toContain('Credit check');
  });

  it('starts each timeline with the order placed, by the buyer, and names staff', async () => {
    await setStock(t, '11002', 500, 500);
    const { order } = await placeOrder(t, [['11002', 1]]);
    await post(`/Orders/${order.orderNum}/Accept`, {});
    const admin = adminOrderSchema.parse((await get(`/Orders/${order.orderNum}`)).body);
    expect(admin.events[0]).toEqual({ at: order.createdAt, actor: expect.stringMatching(/^Pat Buyer\d+$/), kind: 'placed', detail: expect.stringMatching(/^Order placed for Party Shop \d+$/), public: true });
    expect(admin.events[1]).toMatchObject({ kind: 'accepted', actor: 'Olivia Owner' });
  });

  it('reads the audit log as sentences with names, links and before → after', async () => {
    await setStock(t, '11002', 500, 500);
    const { order } = await placeOrder(t, [['11002', 1]]);
    await post(`/Orders/${order.orderNum}/Accept`, {});
    await post(`/Orders/${order.orderNum}/Hold`, { reason: 'Waiting for the buyer' });
    const page = auditPageSchema.parse((await get(`/Audit?target=order:${order.orderNum}`)).body);
    const [hold, accept] = page.items;
    expect(accept).toMatchObject({ actorName: 'Olivia Owner', words: `Olivia Owner accepted order ${order.orderNum}`, changes: ['Status: Received → Accepted'], targetPath: `/orders/${order.orderNum}`, actorPath: '/staff' });
    expect(hold).toMatchObject({ words: `Olivia Owner put order ${order.orderNum} on hold`, changes: ['Status: Accepted → On hold', 'Reason: Waiting for the buyer'] });
    for (const e of page.items) expect(`${e.words} ${e.changes.join(' ')}`).not.toMatch(/staff:\d|on_hold|[{}"]/);
    // The "Who" filter finds a person by the start of their name, in any case.
    expect(auditPageSchema.parse((await get(`/Audit?target=order:${order.orderNum}&actor=olivia`)).body).items).toHaveLength(2);
  });
});
