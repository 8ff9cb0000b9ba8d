import { describe, expect, it } from 'vitest';
import { signUpCustomer, type TestCustomer } from '../cart/test-customers';
import { adminCall, staffWith } from '../../test-support/admin';
import { withShop } from '../../test-support/shop';
import { pdfText } from '../../platform/pdf/pdf-text';
import { mailsTo } from '../../platform/mail/mail-folder';

/**
 * The documents through the real API on a real database: orders placed by a buyer, accepted and
 * shipped by staff, then the pick list, packing slip and invoice read back from the PDFs; who may
 * fetch which.
 */

const { t, staff: { owner } } = withShop({ catalogue: true, coupons: true, staff: { owner: 'demo owner' } });

async function buyer(c: TestCustomer, method: 'GET' | 'POST', url: string) {
  const res = await t.app.inject({ method, url: `/beapi${url}`, headers: c.headers });
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload, body: res.headers['content-type']?.toString().includes('json') ? res.json() : null };
}

/** A CA buyer's order (ships from West): 11002 × 4 and 30003 × 3 in stock, 40001 × 2 backordered, with a coupon. */
async function placeOrder(c: TestCustomer, po: string) {
  for (const [num, qty] of [['11002', 4], ['30003', 3], ['40001', 2]] as const) await buyer(c, 'POST', `/Shop/AddItem?InvNum=${num}&qty=${qty}`);
  await buyer(c, 'POST', '/Shop/AddCoupon/WELCOME10');
  const res = await t.app.inject({ method: 'POST', url: '/beapi/Shop/Checkout', headers: c.headers, payload: { shipToCode: '', shippingOption: 'ground', poNumber: po } });
  expect(res.statusCode).toBe(201);
  return res.json() as { orderNum: number; total: number; lines: { invNum: string; web_Title: string }[] };
}

async function acceptAndShip(orderNum: number, body: object) {
  expect((await adminCall(t, owner, { method: 'POST', url: `/Orders/${orderNum}/Accept` })).status).toBe(200);
  const ship = await adminCall(t, owner, { method: 'POST', url: `/Orders/${orderNum}/Ship`, payload: body });
  expect(ship.status).toBe(201);
  return ship.body as { shipmentNum: number; invoiceNum: number };
}

const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function expectPdf(res: { status: number; headers: Record<string, unknown> }, filename: string) {
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toBe(`inline; filename="${filename}"`);
  expect(res.headers['cache-control']).toBe('no-store');
}

describe('invoices', () => {
  it('the staff and the buyer get the invoice of a shipment: order number, lines and total in it; other buyers get 404', async () => {
    const c = await signUpCustomer(t.app, 'CA');
    const order = await placeOrder(c, 'PO-INV-1');
    const shipment = await acceptAndShip(order.orderNum, { warehouse: 'west', carrier: 'ups', trackingNumber: '1Z999AA10123456784' });
    const summary = (await buyer(c, 'GET', `/Shop/GetOrder/${order.orderNum}`)).body.invoices[0];
    expect(summary.invoiceNum).toBe(shipment.invoiceNum);

    const staff = await adminCall(t, owner, { method: 'GET', url: `/Invoices/${shipment.invoiceNum}.pdf` });
    expectPdf(staff, `invoice-${shipment.invoiceNum}.pdf`);
    const { text } = await pdfText(staff.body as Buffer);
    for (const s of ['INVOICE', String(shipment.invoiceNum), String(order.orderNum), 'PO-INV-1', '11002', '30003', "11\" Royal Blue Latex", 'Dinosaur Party Round', money(summary.total)]) expect(text).toContain(s);
    // 40001 is backordered: not shipped, not invoiced.
    expect(text).not.toContain('Clear Bubble');
    expect(text).toContain('Returned check fee $35.00');

    const own = await buyer(c, 'GET', `/Shop/GetInvoice/${shipment.invoiceNum}`);
    expectPdf(own, `invoice-${shipment.invoiceNum}.pdf`);
    expect((await pdfText(own.raw)).text).toContain(String(order.orderNum));

    const other = await signUpCustomer(t.app, 'CA');
    const foreign = await buyer(other, 'GET', `/Shop/GetInvoice/${shipment.invoiceNum}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe(`Invoice ${shipment.invoiceNum} was not found`);
    expect((await t.app.inject({ method: 'GET', url: `/beapi/Shop/GetInvoice/${shipment.invoiceNum}` })).statusCode).toBe(401);
    expect((await buyer(c, 'GET', '/Shop/GetInvoice/999999999')).status).toBe(404);
    expect((await buyer(c, 'GET', '/Shop/GetInvoice/abc')).status).toBe(400);
  });

  it('staff without invoices:read get 403, a staff session is no buyer token, unknown numbers are 404 and bad ones 400', async () => {
    const warehouse = await staffWith(t, ['warehouse'], 'west');
    expect((await adminCall(t, warehouse, { method: 'GET', url: '/Invoices/500001.pdf' })).status).toBe(403);
    expect((await adminCall(t, null, { method: 'GET', url: '/Invoices/500001.pdf' })).status).toBe(401);
    const desk = await staffWith(t, ['orders']);
    expect((await adminCall(t, desk, { method: 'GET', url: '/Invoices/999999999.pdf' })).status).toBe(404);
    expect((await adminCall(t, desk, { method: 'GET', url: '/Invoices/12x.pdf' })).status).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/beapi/Shop/GetInvoice/500001', headers: { cookie: desk.cookie } })).statusCode).toBe(401);
  });
});

describe('invoices with sales tax', () => {
  // A shop that collects tax in California and Alabama, as the default configuration does.
  const taxed = withShop({ catalogue: true, coupons: true, staff: { owner: 'demo owner' }, env: { TAX_NEXUS_STATES: 'CA,AL' } });

  it("a California buyer's invoice shows the sales tax at 7.25 % between shipping and the total, which includes it; so does the confirmation mail", async () => {
    const { t: shop, staff } = taxed;
    const c = await signUpCustomer(shop.app, 'CA');
    const inject = (url: string, payload?: object) => shop.app.inject({ method: payload ? 'POST' : 'GET', url: `/beapi${url}`, headers: c.headers, ...(payload ? { payload } : {}) });
    // Both lines in stock at West: one shipment invoices the whole order.
    for (const [num, qty] of [['11002', 4], ['30003', 3]] as const) expect((await inject(`/Shop/AddItem?InvNum=${num}&qty=${qty}`, {})).statusCode).toBe(200);
    await inject('/Shop/AddCoupon/WELCOME10', {});
    const placed = await inject('/Shop/Checkout', { shipToCode: '', shippingOption: 'ground', poNumber: 'PO-TAX-1' });
    expect(placed.statusCode).toBe(201);
    const order = placed.json() as { orderNum: number; subtotal: number; discount: number; shipping: number; tax: number; total: number; taxRate: number; taxBasis: string };
    expect(order).toMatchObject({ taxRate: 7.25, taxBasis: 'taxable' });
    expect(order.tax).toBeGreaterThan(0);
    // The confirmation mail says the same, between shipping and the total.
    await shop.ctx.outbox.drain();
    const confirmation = mailsTo(shop.dataDir, c.email).find((m) => m.subject === `Order ${order.orderNum} confirmation`)!;
    expect(confirmation.text).toContain(`Sales tax (7.25 %): ${money(order.tax)}\nTotal: ${money(order.total)}`);

    expect((await adminCall(shop, staff.owner, { method: 'POST', url: `/Orders/${order.orderNum}/Accept` })).status).toBe(200);
    const ship = await adminCall(shop, staff.owner, { method: 'POST', url: `/Orders/${order.orderNum}/Ship`, payload: { warehouse: 'west', carrier: 'ups', trackingNumber: '1Z999AA10123456784' } });
    expect(ship.status).toBe(201);
    const { invoiceNum } = ship.body as { invoiceNum: number };
    const invoice = ((await inject(`/Shop/GetOrder/${order.orderNum}`)).json() as { invoices: { invoiceNum: number; total: number }[] }).invoices[0]!;
    expect(invoice.invoiceNum).toBe(invoiceNum);
    // The one invoice bills all of the order: its total is the order's, tax included.
    expect(invoice.total).toBe(order.total);

    const pdf = await inject(`/Shop/GetInvoice/${invoiceNum}`);
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).text.replace(/\s+/g, ' ');
    expect(text).toContain(`Shipping ${money(order.shipping)} Sales tax (7.25 %) ${money(order.tax)} Total due ${money(invoice.total)}`);
    const cents = (d: number) => Math.round(d * 100);
    expect(cents(order.subtotal) - cents(order.discount) + cents(order.shipping) + cents(order.tax)).toBe(cents(invoice.total));
  });
});

describe('packing slips', () => {
  it('show the order, PO, shipment, carrier and tracking number, the shipped lines and what is backordered; the other warehouse and other roles get 403', async () => {
    const c = await signUpCustomer(t.app, 'CA');
    const order = await placeOrder(c, 'PO-SLIP-1');
    const shipment = await acceptAndShip(order.orderNum, { warehouse: 'west', carrier: 'fedex', trackingNumber: '7712 3456 7890', lines: [{ lineNo: 1, qty: 3 }] });
    const west = await staffWith(t, ['warehouse'], 'west');
    const res = await adminCall(t, west, { method: 'GET', url: `/Shipments/${shipment.shipmentNum}/PackingSlip.pdf` });
    expectPdf(res, `packing-slip-${shipment.shipmentNum}.pdf`);
    const { text } = await pdfText(res.body as Buffer);
    for (const s of ['PACKING SLIP', String(order.orderNum), 'PO-SLIP-1', String(shipment.shipmentNum), 'FedEx 7712 3456 7890', '1 Main St', 'Fresno, CA 93706', '11002', 'Clear Bubble', 'Units in this shipment: 3', '2 units are backordered']) {
      expect(text).toContain(s);
    }
    const east = await staffWith(t, ['warehouse'], 'east');
    expect((await adminCall(t, east, { method: 'GET', url: `/Shipments/${shipment.shipmentNum}/PackingSlip.pdf` })).status).toBe(403);
    const accounts = await staffWith(t, ['accounts']);
    expect((await adminCall(t, accounts, { method: 'GET', url: `/Shipments/${shipment.shipmentNum}/PackingSlip.pdf` })).status).toBe(403);
    expect((await adminCall(t, owner, { method: 'GET', url: '/Shipments/999999999/PackingSlip.pdf' })).status).toBe(404);
  });
});

describe('pick lists', () => {
  it("list accepted orders' open units at one warehouse by item, with each order's share; only the orders asked for when named", async () => {
    const a = await signUpCustomer(t.app, 'CA');
    const b = await signUpCustomer(t.app, 'CA');
    const first = await placeOrder(a, 'PO-PICK-A');
    const second = await placeOrder(b, 'PO-PICK-B');
    const notAccepted = await placeOrder(b, 'PO-PICK-C');
    for (const o of [first, second]) expect((await adminCall(t, owner, { method: 'POST', url: `/Orders/${o.orderNum}/Accept` })).status).toBe(200);

    const west = await staffWith(t, ['warehouse'], 'west');
    const res = await adminCall(t, west, { method: 'GET', url: `/PickList.pdf?warehouse=west&orders=${first.orderNum},${second.orderNum},${notAccepted.orderNum}` });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toMatch(/^inline; filename="pick-list-west-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const { text } = await pdfText(res.body as Buffer);
    for (const s of ['Pick list - West warehouse', `${first.orderNum}, ${second.orderNum}`, '#11002', '#30003', 'Dinosaur Party Round', `Order ${first.orderNum}: 4`, `Order ${second.orderNum}: 3`, '2 items, 14 units, 2 orders']) expect(text).toContain(s);
    expect(text).not.toContain(String(notAccepted.orderNum));
    expect(text).not.toContain('#40001');

    const all = await pdfText((await adminCall(t, owner, { method: 'GET', url: '/PickList.pdf?warehouse=west' })).body as Buffer);
    expect(all.text).toContain(`Order ${second.orderNum}: 4`);
    const east = await pdfText((await adminCall(t, owner, { method: 'GET', url: `/PickList.pdf?warehouse=east&orders=${first.orderNum}` })).body as Buffer);
    expect(east.text).toContain('Nothing to pick');
  });

  it('walk the shelves in bin order, items without a bin last: on the pick screen and in the PDF', async () => {
    const buyerA = await signUpCustomer(t.app, 'CA');
    const placed = await placeOrder(buyerA, 'PO-BINS');
    expect((await adminCall(t, owner, { method: 'POST', url: `/Orders/${placed.orderNum}/Accept` })).status).toBe(200);
    const west = await staffWith(t, ['warehouse'], 'west');
    const pickScreen = async () => (await adminCall(t, west, { method: 'GET', url: `/PickList?warehouse=west&orders=${placed.orderNum}` }));

    // Without bins: by item number.
    const before = await pickScreen();
    expect(before.status).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.body.items.map((i: { invNum: string; bin: string }) => [i.invNum, i.bin])).toEqual([['11002', ''], ['30003', '']]);

    // 30003 on a shelf: it comes first; 11002 has a bin only at East, so still none here.
    expect((await adminCall(t, west, { method: 'PUT', url: '/Stock/30003/Bin', payload: { warehouse: 'west', bin: 'A-10-1' } })).status).toBe(200);
    expect((await adminCall(t, owner, { method: 'PUT', url: '/Stock/11002/Bin', payload: { warehouse: 'east', bin: 'A-01' } })).status).toBe(200);
    const after = await pickScreen();
    expect(after.body).toEqual({
      warehouse: 'west',
      orders: [{ orderNum: placed.orderNum, orgName: expect.any(String), units: 7 }],
      items: [
        { invNum: '30003', title: expect.any(String), bin: 'A-10-1', upc: expect.any(String), totalQty: 3, orders: [{ orderNum: placed.orderNum, lineNo: 2, qty: 3 }] },
        { invNum: '11002', title: expect.any(String), bin: '', upc: expect.any(String), totalQty: 4, orders: [{ orderNum: placed.orderNum, lineNo: 1, qty: 4 }] },
      ],
    });
    // A-9 before A-10: numbers in a bin read as numbers.
    expect((await adminCall(t, west, { method: 'PUT', url: '/Stock/11002/Bin', payload: { warehouse: 'west', bin: 'A-9-1' } })).status).toBe(200);
    expect((await pickScreen()).body.items.map((i: { invNum: string }) => i.invNum)).toEqual(['11002', '30003']);

    const pdf = await adminCall(t, west, { method: 'GET', url: `/PickList.pdf?warehouse=west&orders=${placed.orderNum}` });
    const { text } = await pdfText(pdf.body as Buffer);
    expect(text).toContain('2 items, 7 units, 1 order');
    expect(text).not.toContain('1 orders');
    expect(text).toContain('Bin A-9-1');
    expect(text).toContain('Bin A-10-1');
    expect(text.indexOf('#11002')).toBeLessThan(text.indexOf('#30003'));

    expect((await adminCall(t, west, { method: 'GET', url: '/PickList?warehouse=east' })).status).toBe(403);
  });

  it('refuse the other warehouse to warehouse staff, roles without orders:ship, and bad queries', async () => {
    const west = await staffWith(t, ['warehouse'], 'west');
    expect((await adminCall(t, west, { method: 'GET', url: '/PickList.pdf?warehouse=east' })).status).toBe(403);
    const desk = await staffWith(t, ['orders']);
    expect((await adminCall(t, desk, { method: 'GET', url: '/PickList.pdf?warehouse=west' })).status).toBe(403);
    for (const q of ['warehouse=north', '', 'warehouse=west&orders=abc', 'warehouse=west&orders=1,,2', `warehouse=west&orders=${Array.from({ length: 501 }, (_, i) => i + 1).join(',')}`]) {
      const res = await adminCall(t, owner, { method: 'GET', url: `/PickList.pdf?${q}` });
      expect(res.status, q.slice(0, 40)).toBe(400);
      expect((res.body as { detail: string }).detail).toBeTruthy();
    }
  });
});
