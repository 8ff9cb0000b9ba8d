import { describe, expect, it } from 'vitest';
import { multipart } from '../catalogue/testing';
import { addShipTo, signUpCustomer, type TestCustomer } from '../orders/testing';
import { pdfText } from '../platform/pdf/pdf-text';
import { adminCall } from '../test-support/admin';
import { withShop } from '../test-support/shop';
import { buyerCall, setStock } from './lifecycle-test-helpers';

/**
 * Issue 31, decision 0042: sales tax as a buyer and the order desk see it. The shop collects tax
 * in California and Alabama (its nexus states) by the ship-to address, per line rounded half up,
 * at the state's base rate or an imported ZIP rate; an order keeps the rate it was placed at;
 * cancels, edits, invoices and credit memos are taxed at it; an accepted, unexpired resale
 * certificate for the ship-to's state exempts, an expired one does not.
 */

const { t, staff } = withShop({ catalogue: true, coupons: true, env: { TAX_NEXUS_STATES: 'CA,AL' }, staff: { desk: ['orders'], accounts: ['accounts'], owner: 'demo owner' } });

/** cents × percent, rounded half up to the cent, worked out here on its own: `percent` as text ("7.25"). */
function taxOf(cents: number, percent: string): number {
  const [whole, frac = ''] = percent.split('.');
  const ppm = Number(whole) * 10_000 + Number(frac.padEnd(4, '0'));
  return Math.floor((2 * cents * ppm + 1_000_000) / 2_000_000);
}
const cents = (dollars: number) => Math.round(dollars * 100);

async function cartWith(c: TestCustomer, lines: [string, number][]) {
  let cart;
  for (const [num, qty] of lines) {
    const r = await buyerCall(t, c, 'POST', `/Shop/AddItem?InvNum=${num}&qty=${qty}`);
    expect(r.status).toBe(200);
    cart = r.body;
  }
  return cart;
}

async function checkout(c: TestCustomer, shipToCode = '', shippingOption = 'ground') {
  const res = await buyerCall(t, c, 'POST', '/Shop/Checkout', { shipToCode, shippingOption });
  expect(res.status).toBe(201);
  return res.body;
}

const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers: Record<string, string> = {}) =>
  adminCall(t, staff.desk, { method, url, ...(payload ? { payload } : {}), headers });
const ship = (orderNum: number, payload: object) => adminCall(t, staff.owner, { method: 'POST', url: `/Orders/${orderNum}/Ship`, payload });

function importRates(csv: string) {
  const body = multipart([{ name: 'file', value: Buffer.from(csv), filename: 'rates.csv', type: 'text/csv' }]);
  return adminCall(t, staff.accounts, { method: 'POST', url: '/TaxRates/Import', payload: body.payload, headers: body.headers });
}

/** A certificate on file, as staff deciding it leave it (the certificates' own test covers upload and decision). */
async function certificate(c: TestCustomer, state: string, expiresOn: string) {
  const customer = await t.ctx.database.db.selectFrom('customers').select('id').where('email', '=', c.email).executeTakeFirstOrThrow();
  await t.ctx.database.db
    .insertInto('tax_certificates')
    .values({ customer_id: customer.id, number: `R-${state}-1`, state, expires_on: expiresOn, status: 'accepted', file_name: 'cert.pdf', content_type: 'application/pdf', file_size: 10, file_path: 'x', uploaded_at: new Date().toISOString() })
    .execute();
}

const orderTotal = (o: { subtotal: number; discount: number; shipping: number; tax: number }) => cents(o.subtotal) - cents(o.discount) + cents(o.shipping) + cents(o.tax);

describe('who is taxed', () => {
  it('taxes a California buyer per line at 7.25 % in the cart, at checkout and on the order', async () => {
    await setStock(t, '11002', 500, 500);
    await setStock(t, '12001', 500, 500);
    const buyer = await signUpCustomer(t.app, 'CA');
    const cart = await cartWith(buyer, [['11002', 7], ['12001', 3]]);
    const lineTax = cart.items.map((i: { extended: number }) => taxOf(cents(i.extended), '7.25'));
    expect(cart).toMatchObject({ taxRate: 7.25, taxBasis: 'taxable' });
    expect(cents(cart.tax)).toBe(lineTax[0] + lineTax[1]);
    // California does not tax a separately stated shipping charge.
    const options = (await buyerCall(t, buyer, 'GET', '/Shop/GetShippingOptions')).body;
    expect(options.find((o: { code: string }) => o.code === 'ground').tax).toBe(0);

    const order = await checkout(buyer);
    expect(order).toMatchObject({ taxRate: 7.25, taxBasis: 'taxable', taxShipping: false, tax: cart.tax });
    expect(cents(order.total)).toBe(orderTotal(order));
    expect(cents(order.originalTotal)).toBe(cents(order.total));
    const mine = (await buyerCall(t, buyer, 'GET', `/Shop/GetOrder/${order.orderNum}`)).body;
    expect(mine).toMatchObject({ tax: order.tax, total: order.total });
    const staffView = (await admin('GET', `/Orders/${order.orderNum}`)).body;
    expect(staffView).toMatchObject({ tax: order.tax, total: order.total, taxBasis: 'taxable', taxRate: 7.25 });
    // The orders list's total is the same.
    const summary = (await buyerCall(t, buyer, 'GET', '/Shop/GetOrders')).body.orders[0];
    expect(summary).toMatchObject({ orderNum: order.orderNum, total: order.total });
    // Not invoiced yet: the account's "on open orders" (what the credit limit is checked against) holds its units with their tax.
    const account = (await buyerCall(t, buyer, 'GET', '/Shop/GetCreditSummary')).body;
    expect(cents(account.onOpenOrders)).toBe(cents(order.subtotal) + cents(order.tax));
  });

  it('does not tax goods shipped to New York, where the shop has no nexus', async () => {
    const buyer = await signUpCustomer(t.app, 'CA');
    const ny = await addShipTo(t.app, buyer, 'NY');
    await cartWith(buyer, [['11002', 5]]);
    const cart = (await buyerCall(t, buyer, 'PUT', `/Shop/UpdateShipTo?shiptocode=${ny}`)).body;
    expect(cart).toMatchObject({ tax: 0, taxRate: null, taxBasis: 'no_nexus' });
    const order = await checkout(buyer, ny);
    expect(order).toMatchObject({ tax: 0, taxBasis: 'no_nexus', taxRate: null });
    expect(cents(order.total)).toBe(cents(order.subtotal) + cents(order.shipping));
  });

  it('exempts an order to California with an accepted, unexpired California certificate; an expired one, or another state\'s, does not', async () => {
    const exempt = await signUpCustomer(t.app, 'CA');
    await certificate(exempt, 'CA', '2099-12-31');
    const cart = await cartWith(exempt, [['11002', 4]]);
    expect(cart).toMatchObject({ tax: 0, taxRate: null, taxBasis: 'exempt' });
    const order = await checkout(exempt);
    expect(order).toMatchObject({ tax: 0, taxBasis: 'exempt' });
    const row = await t.ctx.database.db.selectFrom('orders').select(['tax_certificate_id', 'tax_state']).where('order_num', '=', order.orderNum).executeTakeFirstOrThrow();
    expect(row.tax_state).toBe('CA');
    expect(row.tax_certificate_id).not.toBeNull();

    const expired = await signUpCustomer(t.app, 'CA');
    await certificate(expired, 'CA', '2020-01-31');
    await certificate(expired, 'AL', '2099-12-31');
    const taxed = await cartWith(expired, [['11002', 4]]);
    expect(taxed).toMatchObject({ taxBasis: 'taxable', taxRate: 7.25 });
    expect(cents(taxed.tax)).toBe(taxOf(cents(taxed.items[0].extended), '7.25'));
    expect((await checkout(expired)).tax).toBe(taxed.tax);
  });
});

describe('rates', () => {
  it('a ZIP rate import changes the tax of the next carts and orders, not of orders placed before', async () => {
    const buyer = await signUpCustomer(t.app, 'CA');
    const before = await checkout(await cartWith(buyer, [['12001', 6]]).then(() => buyer));
    expect(before.taxRate).toBe(7.25);

    // Fresno (93706) at 8.35 %, its shipping taxed.
    const imported = await importRates('zip,rate,shippingTaxable\n93706,8.35,true\n');
    expect(imported.status).toBe(200);
    const cart = await cartWith(buyer, [['12001', 6]]);
    expect(cart).toMatchObject({ taxRate: 8.35, taxBasis: 'taxable' });
    expect(cents(cart.tax)).toBe(taxOf(cents(cart.items[0].extended), '8.35'));
    const options = (await buyerCall(t, buyer, 'GET', '/Shop/GetShippingOptions')).body;
    const nextDay = options.find((o: { code: string }) => o.code === 'nextday');
    expect(cents(nextDay.tax)).toBe(taxOf(cents(nextDay.amount), '8.35'));

    const after = await checkout(buyer, '', 'nextday');
    expect(after).toMatchObject({ taxRate: 8.35, taxShipping: true });
    expect(cents(after.tax)).toBe(taxOf(cents(cart.items[0].extended), '8.35') + taxOf(cents(after.shipping), '8.35'));
    expect(cents(after.total)).toBe(orderTotal(after));
    const versions = await t.ctx.database.db.selectFrom('orders').select(['order_num', 'tax_version']).where('order_num', 'in', [before.orderNum, after.orderNum]).orderBy('order_num').execute();
    expect(versions.map((v) => v.tax_version)).toEqual(['states-2024-01-01', expect.stringMatching(/^states-2024-01-01\+zip-\d+$/)]);
    // The order placed before keeps its rate.
    expect((await buyerCall(t, buyer, 'GET', `/Shop/GetOrder/${before.orderNum}`)).body).toMatchObject({ taxRate: 7.25, tax: before.tax });
    // Back to the state rate for the tests after this one.
    expect((await importRates('zip,rate,shippingTaxable\n93706,7.25,false\n')).status).toBe(200);
  });

  it('taxes each line on its amount less its share of a coupon', async () => {
    const buyer = await signUpCustomer(t.app, 'CA');
    await cartWith(buyer, [['11002', 3], ['12001', 7]]);
    const cart = (await buyerCall(t, buyer, 'POST', '/Shop/AddCoupon/WELCOME10')).body;
    expect(cents(cart.discount)).toBeGreaterThan(0);
    // 10 % of each line is its share here (the shares add up to the discount exactly).
    const expected = cart.items.reduce((n: number, i: { extended: number }) => n + taxOf(cents(i.extended) - Math.round(cents(i.extended) / 10), '7.25'), 0);
    expect(cents(cart.tax)).toBe(expected);
    expect((await checkout(buyer)).tax).toBe(cart.tax);
  });
});

describe('changes of an order are taxed at its rate', () => {
  it('a cancel of a line takes its tax off; the whole cancel leaves none', async () => {
    const buyer = await signUpCustomer(t.app, 'CA');
    const order = await checkout(await cartWith(buyer, [['11002', 4], ['12001', 2]]).then(() => buyer));
    const cancelled = await admin('POST', `/Orders/${order.orderNum}/Cancel`, { reason: 'Customer asked', lines: [{ lineNo: 2, qty: 2 }] });
    expect(cancelled.status).toBe(200);
    expect(cents(cancelled.body.tax)).toBe(taxOf(cents(order.lines[0].extended), '7.25'));
    expect(cents(cancelled.body.total)).toBe(orderTotal(cancelled.body));
    expect(cancelled.body.originalTotal).toBe(order.total);
    const all = await admin('POST', `/Orders/${order.orderNum}/Cancel`, { reason: 'Customer asked' });
    expect(all.body).toMatchObject({ statusCode: 'cancelled', tax: 0, total: 0 });
  });

  it('an edit recomputes the tax; a new ship-to in New York ends it', async () => {
    const buyer = await signUpCustomer(t.app, 'CA');
    const ny = await addShipTo(t.app, buyer, 'NY');
    const order = await checkout(await cartWith(buyer, [['11002', 4], ['12001', 2]]).then(() => buyer));
    const v0 = (await admin('GET', `/Orders/${order.orderNum}`)).body.version;
    const edited = await admin('PATCH', `/Orders/${order.orderNum}`, { lines: [{ lineNo: 1, qty: 10 }] }, { 'if-match': String(v0) });
    expect(edited.status).toBe(200);
    const line1 = edited.body.lines.find((l: { lineNo: number }) => l.lineNo === 1);
    const line2 = edited.body.lines.find((l: { lineNo: number }) => l.lineNo === 2);
    expect(cents(edited.body.tax)).toBe(taxOf(cents(line1.extended), '7.25') + taxOf(cents(line2.extended), '7.25'));
    expect(cents(edited.body.total)).toBe(orderTotal(edited.body));
    expect(edited.body.originalTotal).toBe(edited.body.total);

    const moved = await admin('PATCH', `/Orders/${order.orderNum}`, { shipToCode: ny }, { 'if-match': String(edited.body.version) });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ tax: 0, taxBasis: 'no_nexus', taxRate: null });
    expect(cents(moved.body.total)).toBe(orderTotal(moved.body));
  });

  it('invoices bill the order\'s tax shipment by shipment, and add up to its total; a return credits the tax of what came back', async () => {
    await setStock(t, '11002', 500, 500);
    const buyer = await signUpCustomer(t.app, 'CA');
    await cartWith(buyer, [['11002', 7], ['12001', 5]]);
    await buyerCall(t, buyer, 'POST', '/Shop/AddCoupon/WELCOME10');
    const order = await checkout(buyer);
    expect(cents(order.tax)).toBeGreaterThan(0);
    expect((await admin('POST', `/Orders/${order.orderNum}/Accept`)).status).toBe(200);
    const first = await ship(order.orderNum, { warehouse: 'west', carrier: 'ups', trackingNumber: '1Z1', lines: [{ lineNo: 1, qty: 3 }] });
    expect(first.status).toBe(201);
    const second = await ship(order.orderNum, { warehouse: 'west', carrier: 'ups', trackingNumber: '1Z2' });
    expect(second.status).toBe(201);
    expect((await admin('GET', `/Orders/${order.orderNum}`)).body.statusCode).toBe('shipped');
    const invoices = await t.ctx.database.db.selectFrom('invoices as i').innerJoin('orders as o', 'o.id', 'i.order_id').select(['i.subtotal_cents', 'i.discount_cents', 'i.shipping_cents', 'i.tax_cents', 'i.total_cents']).where('o.order_num', '=', order.orderNum).orderBy('i.id').execute();
    expect(invoices).toHaveLength(2);
    for (const i of invoices) expect(Number(i.total_cents)).toBe(Number(i.subtotal_cents) - Number(i.discount_cents) + Number(i.shipping_cents) + Number(i.tax_cents));
    // The first bills the tax of its 3 units less their share of the discount.
    const share = Number(invoices[0]!.discount_cents);
    expect(Number(invoices[0]!.tax_cents)).toBe(taxOf(3 * cents(order.lines[0].price) - share, '7.25'));
    expect(invoices.reduce((n, i) => n + Number(i.tax_cents), 0)).toBe(cents(order.tax));
    expect(invoices.reduce((n, i) => n + Number(i.total_cents), 0)).toBe(cents(order.total));

    // A return of 2 units of line 2: its credit memo credits their tax at the order's rate.
    const asked = await buyerCall(t, buyer, 'POST', `/Shop/RequestReturn/${order.orderNum}`, { lines: [{ lineNo: 2, qty: 2, reason: 'damaged' }], note: '' });
    expect(asked.status).toBe(201);
    const rma = asked.body.rmaNum;
    expect((await admin('POST', `/Returns/${rma}/Approve`)).status).toBe(200);
    const received = await admin('POST', `/Returns/${rma}/Receive`, { warehouse: 'west', lines: [{ lineNo: 2, qty: 2, disposition: 'restock' }] });
    expect(received.status).toBe(200);
    const memo = received.body.creditMemo;
    const merch = 2 * cents(order.lines[1].price);
    expect(cents(memo.tax)).toBe(taxOf(merch - cents(memo.discount), '7.25'));
    expect(cents(memo.total)).toBe(merch - cents(memo.discount) + cents(memo.tax));

    // The buyer's statement shows the tax each open invoice and the credit memo include.
    const statement = await t.app.inject({ method: 'GET', url: '/beapi/Shop/GetStatement', headers: buyer.headers });
    expect(statement.statusCode).toBe(200);
    const { text } = await pdfText(statement.rawPayload);
    const usd = (c: number) => `\\$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    // Amount, then the sales tax it includes, on each invoice's row and the credit memo's.
    for (const i of invoices) expect(text).toMatch(new RegExp(`${usd(Number(i.total_cents))}\\s+${usd(Number(i.tax_cents))}\\s`));
    expect(text).toMatch(new RegExp(`${usd(cents(memo.total))}\\s+${usd(cents(memo.tax))}\\s`));
  });
});
