import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCoupons } from './cart/demo-coupons';
import { addShipTo, signUpCustomer, type TestCustomer } from './cart/test-customers';
import { loadFixtureCatalogue } from '../catalogue/testing';
import { adminCall, ownerSession } from '../test-support/admin';
import { pdfText } from '../platform/pdf/pdf-text';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(async (ctx) => {
    await loadFixtureCatalogue(ctx.database.db);
    await seedDemoCoupons(ctx.database.db);
  });
});
afterAll(() => t?.close());

async function call(c: TestCustomer, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url: `/beapi${url}`, headers: c.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: res.statusCode, body: res.json() };
}

describe("customer A against customer B's orders and ship-tos", () => {
  it("reads and changes nothing of B's", async () => {
    const a = await signUpCustomer(t.app, 'CA', 'alice');
    const b = await signUpCustomer(t.app, 'AL', 'bob');
    const bShipTo = await addShipTo(t.app, b, 'AL');
    await call(b, 'POST', '/Shop/AddItem?InvNum=11002&qty=2');
    await call(b, 'PUT', `/Shop/UpdateShipTo?shiptocode=${bShipTo}`);
    const bOrder = (await call(b, 'POST', '/Shop/Checkout', { shipToCode: bShipTo, shippingOption: 'ground', poNumber: 'BOB-1' })).body;
    await call(b, 'POST', '/Shop/AddItem?InvNum=12001&qty=4');
    await call(b, 'POST', '/Shop/AddCoupon/WELCOME10');
    const bCartBefore = (await call(b, 'GET', '/Shop/GetShoppingCart')).body;
    const bOrdersBefore = (await call(b, 'GET', '/Shop/GetOrders')).body;

    await call(a, 'POST', '/Shop/AddItem?InvNum=30001&qty=1');
    const aCartBefore = (await call(a, 'GET', '/Shop/GetShoppingCart')).body;

    const getOrder = await call(a, 'GET', `/Shop/GetOrder/${bOrder.orderNum}`);
    expect(getOrder.status).toBe(404);
    expect(JSON.stringify(getOrder.body)).not.toContain('BOB-1');
    expect((await call(a, 'POST', `/Shop/Reorder/${bOrder.orderNum}`)).status).toBe(404);
    expect((await call(a, 'PUT', `/Shop/UpdateShipTo?shiptocode=${bShipTo}`)).status).toBe(404);
    const checkout = await call(a, 'POST', '/Shop/Checkout', { shipToCode: bShipTo, shippingOption: 'ground' });
    expect(checkout.status).toBe(404);
    expect(JSON.stringify(checkout.body)).not.toContain('Mobile');
    const aOrders = (await call(a, 'GET', '/Shop/GetOrders')).body;
    expect(aOrders.totalNumberOfOrders).toBe(0);
    expect((await call(a, 'DELETE', '/Shop/DeleteCartItem/12001')).status).toBe(404);
    expect((await call(a, 'DELETE', '/Shop/DeleteCoupon/WELCOME10')).status).toBe(404);

    // Nothing of B's changed; A's own cart is as it was.
    expect((await call(b, 'GET', '/Shop/GetShoppingCart')).body).toEqual(bCartBefore);
    expect((await call(b, 'GET', '/Shop/GetOrders')).body).toEqual(bOrdersBefore);
    expect((await call(b, 'GET', `/Shop/GetOrder/${bOrder.orderNum}`)).body).toEqual(bOrder);
    expect((await call(a, 'GET', '/Shop/GetShoppingCart')).body).toEqual(aCartBefore);
  });
});

describe("customer A against customer B's invoices, credit and statement", () => {
  it("sees none of B's: not in A's summary or statement, B's invoice PDF is 404", async () => {
    const a = await signUpCustomer(t.app, 'CA', 'alice');
    const b = await signUpCustomer(t.app, 'CA', 'bob');
    await call(b, 'POST', '/Shop/AddItem?InvNum=11002&qty=2');
    const bOrder = (await call(b, 'POST', '/Shop/Checkout', { shipToCode: '', shippingOption: 'ground', poNumber: 'BOB-INV' })).body;
    const owner = await ownerSession(t);
    await adminCall(t, owner, { method: 'POST', url: `/Orders/${bOrder.orderNum}/Accept` });
    const invoiceNum = String((await adminCall(t, owner, { method: 'POST', url: `/Orders/${bOrder.orderNum}/Ship`, payload: { warehouse: 'west', carrier: 'ups', trackingNumber: '1Z' } })).body.invoiceNum);
    const bOrg = (await t.ctx.database.db.selectFrom('customers').select('org_name').where('email', '=', b.email).executeTakeFirstOrThrow()).org_name;

    const summary = await call(a, 'GET', '/Shop/GetCreditSummary');
    expect(summary.body).toMatchObject({ balance: 0, openInvoices: [] });
    expect(JSON.stringify(summary.body)).not.toContain(invoiceNum);
    const statement = await t.app.inject({ method: 'GET', url: '/beapi/Shop/GetStatement', headers: a.headers });
    const text = (await pdfText(statement.rawPayload)).text;
    expect(text).not.toContain(invoiceNum);
    expect(text).not.toContain(bOrg);
    expect((await t.app.inject({ method: 'GET', url: `/beapi/Shop/GetInvoice/${invoiceNum}`, headers: a.headers })).statusCode).toBe(404);
    // B sees it in their own.
    expect((await call(b, 'GET', '/Shop/GetCreditSummary')).body.openInvoices.map((i: { invoiceNum: number }) => String(i.invoiceNum))).toEqual([invoiceNum]);
  });
});
