import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, ownerSession, staffWith, type StaffSessionForTest } from '../test-support/admin';
import { signUpCustomer, type TestCustomer } from '../orders/testing';
import { fixtureItems, loadFixtureCatalogue, seedItems } from '../catalogue/testing';
import { pdfText } from '../platform/pdf/pdf-text';
import { buyerCall, placeOrder, setStock, stockOf } from '../flows/lifecycle-test-helpers';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { itemsWithStock } from '../stock/testing';

let t: TestApp;
let owner: StaffSessionForTest;
let accounts: StaffSessionForTest;
let desk: StaffSessionForTest;
beforeAll(async () => {
  t = await createTestApp(async (ctx) => loadFixtureCatalogue(ctx.database.db));
  owner = await ownerSession(t);
  accounts = await staffWith(t, ['accounts']);
  desk = await staffWith(t, ['orders']);
});
afterAll(() => t?.close());

const db = () => t.ctx.database.db;
const put = (s: StaffSessionForTest, id: number, payload: object) => adminCall(t, s, { method: 'PUT', url: `/Customers/${id}`, payload });
const pay = (payload: object, s = accounts) => adminCall(t, s, { method: 'POST', url: '/Payments', payload });
const customerOf = (c: TestCustomer) => db().selectFrom('customers').select(['id', 'terms_kind', 'terms_days', 'credit_limit_cents', 'version']).where('email', '=', c.email).executeTakeFirstOrThrow();
const invoice = (num: number) => db().selectFrom('invoices').select(['status', 'paid_cents', 'total_cents', 'due_date', 'invoice_date']).where('invoice_num', '=', num).executeTakeFirstOrThrow();

/** Places an order, accepts it and ships all of it from West: answers the buyer, the order number and its invoice. */
async function shippedOrder(lines: [string, number][], c?: TestCustomer) {
  const { buyer, order } = await placeOrder(t, lines, [], c);
  await adminCall(t, owner, { method: 'POST', url: `/Orders/${order.orderNum}/Accept` });
  const shipped = await adminCall(t, owner, { method: 'POST', url: `/Orders/${order.orderNum}/Ship`, payload: { warehouse: 'west', carrier: 'ups', trackingNumber: '1Z1' } });
  expect(shipped.status).toBe(201);
  const inv = await invoice(shipped.body.invoiceNum);
  return { buyer, orderNum: order.orderNum as number, invoiceNum: shipped.body.invoiceNum as number, totalCents: Number(inv.total_cents) };
}

describe('terms and credit limit', () => {
  it('new accounts start on net 30 with DEFAULT_CREDIT_LIMIT; accounts staff set terms and limit, audited', async () => {
    const c = await signUpCustomer(t.app);
    const before = await customerOf(c);
    expect(before).toMatchObject({ terms_kind: 'net', terms_days: 30, credit_limit_cents: 1_000_000 });
    const res = await put(accounts, before.id, { terms: { kind: 'net', days: 45 }, creditLimit: 2500.5 });
    expect(res.status).toBe(200);
    expect(res.body.account).toMatchObject({ terms: { kind: 'net', days: 45 }, termsLabel: 'Net 45', creditLimit: 2500.5, balance: 0, availableCredit: 2500.5 });
    expect(await customerOf(c)).toMatchObject({ terms_days: 45, credit_limit_cents: 250_050, version: before.version + 1 });
    const audit = await db().selectFrom('audit_log').select(['action', 'summary']).where('target', '=', `customer:${before.id}`).execute();
    expect(audit.map((a) => a.action)).toEqual(['customer.terms']);
    expect((await put(accounts, before.id, { terms: { kind: 'prepaid' } })).body.account).toMatchObject({ termsLabel: 'Prepaid', creditLimit: 0 });
  });

  it('refuses bad terms and limits with the field named, changing nothing; staff without customers:write get 403', async () => {
    const c = await signUpCustomer(t.app);
    const { id } = await customerOf(c);
    const before = await customerOf(c);
    const bad: [object, string][] = [
      [{ creditLimit: -1 }, 'creditLimit'],
      [{ creditLimit: 10.001 }, 'creditLimit'],
      [{ creditLimit: 1e308 }, 'creditLimit'],
      [{ creditLimit: '100' }, 'creditLimit'],
      [{ terms: { kind: 'net', days: 0 } }, 'terms.days'],
      [{ terms: { kind: 'net', days: 366 } }, 'terms.days'],
      [{ terms: { kind: 'net', days: 30.5 } }, 'terms.days'],
      [{ terms: { kind: 'net' } }, 'terms.days'],
      [{ terms: { kind: 'cod', days: 10 } }, 'terms.kind'],
      [{}, 'status'],
    ];
    for (const [body, field] of bad) {
      const res = await put(accounts, id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await put(desk, id, { creditLimit: 1 })).status).toBe(403);
    expect(await customerOf(c)).toEqual(before);
  });
});

describe('credit hold at checkout', () => {
  it('an order over the limit waits on hold "credit limit" reserving nothing; release allocates it like a backorder fill', async () => {
    await setStock(t, '11002', 100, 0);
    const c = await signUpCustomer(t.app, 'CA');
    const { id } = await customerOf(c);
    await put(accounts, id, { creditLimit: 100 });
    const small = await placeOrder(t, [['11002', 5]], [], c);
    expect(small.order.statusCode).toBe('received');
    const stockBefore = await stockOf(t, '11002');
    const big = await placeOrder(t, [['11002', 20]], [], c);
    expect(big.order.statusCode).toBe('on_hold');
    expect(await stockOf(t, '11002')).toEqual(stockBefore);
    const held = await adminCall(t, desk, { method: 'GET', url: `/Orders/${big.order.orderNum}` });
    expect(held.body).toMatchObject({ statusCode: 'on_hold', holdReason: 'credit limit' });
    expect(held.body.events).toEqual([expect.objectContaining({ kind: 'placed' }), expect.objectContaining({ kind: 'on_hold', detail: expect.stringContaining('credit limit') })]);
    // The held order is not in the balance; the small one is.
    const summary = await buyerCall(t, c, 'GET', '/Shop/GetCreditSummary');
    expect(summary.body).toMatchObject({ creditLimit: 100, balance: 50, availableCredit: 50 });
    // A stock change does not fill a credit-held order's lines.
    await adminCall(t, owner, { method: 'PUT', url: '/Stock', payload: [{ invNum: '11002', warehouse: 'west', onHand: 120 }] });
    expect((await adminCall(t, desk, { method: 'GET', url: `/Orders/${big.order.orderNum}` })).body.lines[0]).toMatchObject({ backordered: 20, openWest: 0 });
    const released = await adminCall(t, desk, { method: 'POST', url: `/Orders/${big.order.orderNum}/Release` });
    expect(released.status).toBe(200);
    expect(released.body).toMatchObject({ statusCode: 'received', holdReason: null, lines: [expect.objectContaining({ openWest: 20, backordered: 0 })] });
    expect((await stockOf(t, '11002')).west).toBe(stockBefore.west + 20 - 20);
  });

  it('a prepaid customer orders against credit on account; otherwise the order holds', async () => {
    const c = await signUpCustomer(t.app, 'CA');
    const { id } = await customerOf(c);
    await put(accounts, id, { terms: { kind: 'prepaid' } });
    expect((await placeOrder(t, [['11002', 1]], [], c)).order.statusCode).toBe('on_hold');
    expect((await pay({ customerId: id, amount: 500, method: 'transfer', reference: 'PRE-1' })).status).toBe(201);
    expect((await placeOrder(t, [['11002', 1]], [], c)).order.statusCode).toBe('received');
  });

  it('the attack: a fresh unverified account checks out 500 lines × 9,999 units; it holds, and other buyers see and get the same stock', async () => {
    const items = Array.from({ length: 500 }, (_, i) => ({ ...fixtureItems[1]!, num: `77${String(i).padStart(3, '0')}`, code: `ATK-${i}`, upc: '', qtyFr: 40, qtyFh: 40 }));
    await seedItems(db(), items);
    await t.ctx.catalogue.refresh();
    const other = await signUpCustomer(t.app, 'CA');
    const view = async () => ({
      list: (await buyerCall(t, other, 'GET', `/Inventory/GetPagedItemsForCategory?categoryNum=${fixtureItems[1]!.categoryNum}&pageSize=100`)).body,
      detail: (await buyerCall(t, other, 'GET', '/Inventory/GetItemDetail?itemNum=77123')).body,
    });
    const seen = await view();
    const stock = await itemsWithStock(db()).where('i.num', 'like', '77%').orderBy('i.num').execute();

    const attacker = await signUpCustomer(t.app, 'CA');
    expect((await db().selectFrom('customers').select('email_verified').where('email', '=', attacker.email).executeTakeFirstOrThrow()).email_verified).toBe(0);
    for (const it of items) expect((await buyerCall(t, attacker, 'POST', `/Shop/AddItem?InvNum=${it.num}&qty=9999`)).status).toBe(200);
    const res = await buyerCall(t, attacker, 'POST', '/Shop/Checkout', { shipToCode: '', shippingOption: 'ground' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ statusCode: 'on_hold' });
    const held = (await adminCall(t, desk, { method: 'GET', url: `/Orders/${res.body.orderNum}` })).body;
    expect(held.holdReason).toBe('credit limit');
    expect(held.lines.reduce((n: number, l: { backordered: number; openWest: number; openEast: number }) => n + l.backordered - l.openWest - l.openEast, 0)).toBe(500 * 9999);

    await t.ctx.catalogue.refresh();
    expect(await itemsWithStock(db()).where('i.num', 'like', '77%').orderBy('i.num').execute()).toEqual(stock);
    expect(await view()).toEqual(seen);
    const theirs = await placeOrder(t, [['77123', 30]], [], other);
    expect(theirs.order.statusCode).toBe('received');
    expect((await adminCall(t, desk, { method: 'GET', url: `/Orders/${theirs.order.orderNum}` })).body.lines[0]).toMatchObject({ openWest: 30, backordered: 0 });
  }, 120_000);
});

describe('payments', () => {
  it('partial, then the rest: the invoice is paid and the shipped order closed (event, audit); overpayment is credit', async () => {
    await setStock(t, '11002', 100, 100);
    const { buyer, orderNum, invoiceNum, totalCents } = await shippedOrder([['11002', 4]]);
    const { id } = await customerOf(buyer);
    expect((await invoice(invoiceNum)).due_date).toBe(addDays((await invoice(invoiceNum)).invoice_date, 30));
    const first = await pay({ customerId: id, amount: 10, method: 'cheque', reference: '1001', applications: [{ invoiceNum, amount: 10 }] });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ amount: 10, unapplied: 0, method: 'cheque', applications: [{ invoiceNum, amount: 10 }] });
    expect(await invoice(invoiceNum)).toMatchObject({ status: 'open', paid_cents: 1000 });
    const rest = (totalCents - 1000) / 100;
    const second = await pay({ customerId: id, amount: rest + 25, method: 'transfer', reference: 'WIRE-9', applications: [{ invoiceNum, amount: rest }] });
    expect(second.body).toMatchObject({ unapplied: 25 });
    expect(await invoice(invoiceNum)).toMatchObject({ status: 'paid', paid_cents: totalCents });
    const order = (await adminCall(t, desk, { method: 'GET', url: `/Orders/${orderNum}` })).body;
    expect(order.statusCode).toBe('closed');
    expect(order.events.at(-1)).toMatchObject({ kind: 'closed' });
    const actions = (await db().selectFrom('audit_log').select('action').where('target', 'in', [`order:${orderNum}`, `customer:${id}`]).execute()).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['payment.record', 'order.close']));
    const summary = (await buyerCall(t, buyer, 'GET', '/Shop/GetCreditSummary')).body;
    expect(summary).toMatchObject({ balance: -25, creditOnAccount: 25, openInvoices: [] });
    // Credit on account pays a later invoice; not more than there is.
    const later = await shippedOrder([['11002', 1]], buyer);
    expect((await pay({ customerId: id, amount: 30, method: 'credit', applications: [{ invoiceNum: later.invoiceNum, amount: 30 }] })).status).toBe(400);
    const fromCredit = await pay({ customerId: id, amount: 10, method: 'credit', applications: [{ invoiceNum: later.invoiceNum, amount: 10 }] });
    expect(fromCredit.status).toBe(201);
    expect((await buyerCall(t, buyer, 'GET', '/Shop/GetCreditSummary')).body.creditOnAccount).toBe(15);
  });

  it('refuses over-application, zero, negative, another customer\'s and a void invoice, and money without money:write; nothing changes', async () => {
    const a = await shippedOrder([['11002', 2]]);
    const b = await shippedOrder([['11002', 2]]);
    const aId = (await customerOf(a.buyer)).id;
    await db().updateTable('invoices').set({ status: 'void' }).where('invoice_num', '=', b.invoiceNum).execute();
    const voidOfA = await shippedOrder([['11002', 1]], a.buyer);
    await db().updateTable('invoices').set({ status: 'void' }).where('invoice_num', '=', voidOfA.invoiceNum).execute();
    const count = async () => Number((await db().selectFrom('payments').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const open = a.totalCents / 100;
    const cases: [object, number, string][] = [
      [{ customerId: aId, amount: open + 1, method: 'cheque', applications: [{ invoiceNum: a.invoiceNum, amount: open + 1 }] }, 400, 'applications.0.amount'],
      [{ customerId: aId, amount: 5, method: 'cheque', applications: [{ invoiceNum: a.invoiceNum, amount: 6 }] }, 400, 'amount'],
      [{ customerId: aId, amount: 0, method: 'cheque' }, 400, 'amount'],
      [{ customerId: aId, amount: -5, method: 'cheque' }, 400, 'amount'],
      [{ customerId: aId, amount: 1e308, method: 'cheque' }, 400, 'amount'],
      [{ customerId: aId, amount: 1.005, method: 'cheque' }, 400, 'amount'],
      [{ customerId: aId, amount: 5, method: 'cheque', applications: [{ invoiceNum: b.invoiceNum, amount: 5 }] }, 400, 'applications.0.invoiceNum'],
      [{ customerId: aId, amount: 5, method: 'cheque', applications: [{ invoiceNum: voidOfA.invoiceNum, amount: 5 }] }, 400, 'applications.0.invoiceNum'],
      [{ customerId: aId, amount: 5, method: 'cheque', applications: [{ invoiceNum: a.invoiceNum, amount: 1 }, { invoiceNum: a.invoiceNum, amount: 1 }] }, 400, 'applications.1.invoiceNum'],
      [{ customerId: aId, amount: 5, method: 'bitcoin' }, 400, 'method'],
      [{ customerId: 99_999_999, amount: 5, method: 'cheque' }, 404, 'customerId'],
    ];
    for (const [body, status, field] of cases) {
      const res = await pay(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(Object.keys(res.body.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await pay({ customerId: aId, amount: 5, method: 'cheque' }, desk)).status).toBe(403);
    expect(await count()).toBe(before);
    expect(await invoice(a.invoiceNum)).toMatchObject({ status: 'open', paid_cents: 0 });
  });

  it('two payments of the same invoice at once cannot overpay it', async () => {
    const { buyer, invoiceNum, totalCents } = await shippedOrder([['11002', 3]]);
    const { id } = await customerOf(buyer);
    const amount = totalCents / 100;
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => pay({ customerId: id, amount, method: 'transfer', reference: `T${i}`, applications: [{ invoiceNum, amount }] })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 201).every((r) => r.status === 400 || r.status === 409)).toBe(true);
    expect(await invoice(invoiceNum)).toMatchObject({ status: 'paid', paid_cents: totalCents });
  });

  it('a returned cheque reopens the invoice and the closed order and charges the $35.00 fee; once only, cheques only', async () => {
    const { buyer, orderNum, invoiceNum, totalCents } = await shippedOrder([['11002', 2]]);
    const { id } = await customerOf(buyer);
    const cheque = await pay({ customerId: id, amount: totalCents / 100, method: 'cheque', reference: '555', applications: [{ invoiceNum, amount: totalCents / 100 }] });
    expect((await adminCall(t, desk, { method: 'GET', url: `/Orders/${orderNum}` })).body.statusCode).toBe('closed');
    const returned = await adminCall(t, accounts, { method: 'POST', url: `/Payments/${cheque.body.id}/Return` });
    expect(returned.status).toBe(200);
    expect(returned.body.returnedAt).toEqual(expect.any(String));
    expect(await invoice(invoiceNum)).toMatchObject({ status: 'open', paid_cents: 0 });
    expect((await adminCall(t, desk, { method: 'GET', url: `/Orders/${orderNum}` })).body.statusCode).toBe('shipped');
    const account = (await adminCall(t, accounts, { method: 'GET', url: `/Customers/${id}` })).body.account;
    expect(account.charges).toEqual([expect.objectContaining({ kind: 'returned_cheque', amount: 35, description: 'Returned cheque fee (cheque 555)' })]);
    expect(account.balance).toBe(totalCents / 100 + 35);
    expect((await adminCall(t, accounts, { method: 'POST', url: `/Payments/${cheque.body.id}/Return` })).status).toBe(409);
    const wire = await pay({ customerId: id, amount: 1, method: 'transfer' });
    expect((await adminCall(t, accounts, { method: 'POST', url: `/Payments/${wire.body.id}/Return` })).status).toBe(409);
    expect((await adminCall(t, desk, { method: 'POST', url: `/Payments/${wire.body.id}/Return` })).status).toBe(403);
    const list = await adminCall(t, desk, { method: 'GET', url: `/Payments?customer=${id}` });
    expect(list.body).toMatchObject({ total: 2, items: [expect.objectContaining({ id: wire.body.id }), expect.objectContaining({ id: cheque.body.id, returnedAt: expect.any(String) })] });
  });
});

describe('statements', () => {
  it('lists open invoices with days overdue, aging buckets and the late charge; the buyer gets only their own', async () => {
    const { buyer, invoiceNum, totalCents } = await shippedOrder([['11002', 5]]);
    const other = await shippedOrder([['11002', 1]]);
    const { id } = await customerOf(buyer);
    const due = new Date(Date.now() - 45 * 86_400_000).toISOString().slice(0, 10);
    await db().updateTable('invoices').set({ due_date: due }).where('invoice_num', '=', invoiceNum).execute();
    const staff = await adminCall(t, desk, { method: 'GET', url: `/Customers/${id}/Statement.pdf` });
    expect(staff.status).toBe(200);
    expect(staff.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(staff.body as Buffer);
    const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    const org = (await db().selectFrom('customers').select('org_name').where('id', '=', id).executeTakeFirstOrThrow()).org_name;
    expect(text).toContain(org);
    expect(text).toContain(String(invoiceNum));
    expect(text).toMatch(/Days overdue[\s\S]*45/);
    expect(text).toContain('31-60 days');
    expect(text).toMatch(new RegExp(`Late charge if unpaid a month\\s+\\${usd(Math.max(100, Math.round(totalCents * 0.015)))}`));
    expect(text).not.toContain(String(other.invoiceNum));
    const own = await t.app.inject({ method: 'GET', url: '/beapi/Shop/GetStatement', headers: buyer.headers });
    expect(own.statusCode).toBe(200);
    expect((await pdfText(own.rawPayload)).text).toContain(String(invoiceNum));
    const theirs = await t.app.inject({ method: 'GET', url: '/beapi/Shop/GetStatement', headers: other.buyer.headers });
    expect((await pdfText(theirs.rawPayload)).text).not.toContain(String(invoiceNum));
    expect((await t.app.inject({ method: 'GET', url: '/beapi/Shop/GetStatement' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/beapi/Shop/GetCreditSummary' })).statusCode).toBe(401);
    const summary = (await buyerCall(t, other.buyer, 'GET', '/Shop/GetCreditSummary')).body;
    expect(summary.openInvoices.map((i: { invoiceNum: number }) => i.invoiceNum)).toEqual([other.invoiceNum]);
    const warehouse = await staffWith(t, ['warehouse'], 'west');
    expect((await adminCall(t, warehouse, { method: 'GET', url: `/Customers/${id}/Statement.pdf` })).status).toBe(403);
  });
});

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
