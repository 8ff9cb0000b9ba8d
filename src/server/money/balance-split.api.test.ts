import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, ownerSession, staffWith, type StaffSessionForTest } from '../test-support/admin';
import { loadFixtureCatalogue } from '../catalogue/testing';
import { pdfText } from '../platform/pdf/pdf-text';
import { buyerCall, placeOrder, setStock } from '../flows/lifecycle-test-helpers';
import { createTestApp, type TestApp } from '../test-support/test-app';

/**
 * Issue 27, point 4 (decision 0026): the balance is shown as "Invoiced, due" and "On open orders"
 * everywhere; the statement's amount due is the invoiced part and says so.
 */

let t: TestApp;
let owner: StaffSessionForTest;
let accounts: StaffSessionForTest;
beforeAll(async () => {
  t = await createTestApp(async (ctx) => loadFixtureCatalogue(ctx.database.db));
  owner = await ownerSession(t);
  accounts = await staffWith(t, ['accounts']);
});
afterAll(() => t?.close());

const cents = (dollars: number) => Math.round(dollars * 100);
const usd = (c: number) => `$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

describe('balance split and the statement', () => {
  it('open orders only: nothing invoiced is due, the open orders are shown apart, and the statement says why its amount due is $0.00', async () => {
    await setStock(t, '11002', 200, 0);
    const { buyer, order } = await placeOrder(t, [['11002', 40]]);
    const { id } = await t.ctx.database.db.selectFrom('customers').select('id').where('email', '=', buyer.email).executeTakeFirstOrThrow();
    const summary = (await buyerCall(t, buyer, 'GET', '/Shop/GetCreditSummary')).body;
    expect(summary).toMatchObject({ invoicedDue: 0, onOpenOrders: 400, balance: 400, availableCredit: 10_000 - 400 });

    const { text } = await pdfText((await t.app.inject({ method: 'GET', url: '/beapi/Shop/GetStatement', headers: buyer.headers })).rawPayload);
    expect(text).toMatch(/Amount due \(invoiced\)\s+\$0\.00/);
    expect(text).toMatch(/On open orders, not yet invoiced\s+\$400\.00/);
    expect(text.replace(/\s+/g, ' ')).toContain('The amount due is what has been invoiced');
    expect(order.orderNum).toBeGreaterThan(0);

    const listed = (await adminCall(t, accounts, { method: 'GET', url: `/Customers?q=${encodeURIComponent(buyer.email)}` })).body.items;
    expect(listed).toEqual([expect.objectContaining({ id, invoicedDue: 0, onOpenOrders: 400, balance: 400 })]);
  });

  it('an invoice and an open order: "Invoiced, due" is the invoice (less a payment), "On open orders" the rest, on every answer and the statement', async () => {
    await setStock(t, '11003', 200, 0);
    await setStock(t, '30001', 200, 0);
    const { buyer, order: shippedOrder } = await placeOrder(t, [['11003', 12]]);
    await adminCall(t, owner, { method: 'POST', url: `/Orders/${shippedOrder.orderNum}/Accept` });
    const shipped = await adminCall(t, owner, { method: 'POST', url: `/Orders/${shippedOrder.orderNum}/Ship`, payload: { warehouse: 'west', carrier: 'ups', trackingNumber: '1Z' } });
    expect(shipped.status).toBe(201);
    const invoiceCents = cents(shippedOrder.total);
    await placeOrder(t, [['30001', 25]], [], buyer);
    const { id } = await t.ctx.database.db.selectFrom('customers').select('id').where('email', '=', buyer.email).executeTakeFirstOrThrow();
    // A payment of $20.00 on the invoice.
    const paid = await adminCall(t, accounts, { method: 'POST', url: '/Payments', payload: { customerId: id, amount: 20, method: 'cheque', reference: '1001', applications: [{ invoiceNum: shipped.body.invoiceNum, amount: 20 }] } });
    expect(paid.status).toBe(201);
    const due = invoiceCents - 2_000;
    const parts = { invoicedDue: due / 100, onOpenOrders: 250, balance: (due + 25_000) / 100 };

    expect((await buyerCall(t, buyer, 'GET', '/Shop/GetCreditSummary')).body).toMatchObject(parts);
    expect((await adminCall(t, accounts, { method: 'GET', url: `/Customers/${id}` })).body.account).toMatchObject(parts);
    const listed = (await adminCall(t, accounts, { method: 'GET', url: `/Customers?q=${encodeURIComponent(buyer.email)}` })).body.items;
    expect(listed).toEqual([expect.objectContaining(parts)]);

    for (const pdf of [
      (await adminCall(t, accounts, { method: 'GET', url: `/Customers/${id}/Statement.pdf` })).body as Buffer,
      (await t.app.inject({ method: 'GET', url: '/beapi/Shop/GetStatement', headers: buyer.headers })).rawPayload,
    ]) {
      const { text } = await pdfText(pdf);
      expect(text).toMatch(new RegExp(`Amount due \\(invoiced\\)\\s+\\${usd(due)}`));
      expect(text).toMatch(/On open orders, not yet invoiced\s+\$250\.00/);
      expect(text.replace(/\s+/g, ' ')).toContain('Orders not yet invoiced ($250.00) are billed as they ship and are not part of it.');
    }
  });
});
