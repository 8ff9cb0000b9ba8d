import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { adminCall } from '../test-support/admin';
import type { DB } from '../platform/db/schema';
import { testDialect } from '../test-support/test-app';
import { withShop } from '../test-support/shop';
import { placeOrder, setStock } from './lifecycle-test-helpers';

/**
 * Lock order on PostgreSQL (decision 0014: items, then order_counts, then the counters, last):
 * three deadlocks the invariant run found (decision 0028), each made certain here. A second
 * connection takes the rows a checkout holds at that moment, the request runs into it, and the
 * connection then asks for what a checkout asks for next. Before the fixes the request held that
 * and PostgreSQL broke the deadlock by failing the request (500); now it waits, and succeeds.
 * (SQLite writes one transaction at a time: no row locks, no deadlock.)
 */

const { t, staff: { owner } } = withShop({ catalogue: true, staff: { owner: 'demo owner' } });

const post = (url: string, payload?: object) => adminCall(t, owner, { method: 'POST', url, ...(payload ? { payload } : {}) });
type Step = (conn: Kysely<DB>) => Promise<unknown>;

/** In a transaction of another connection: `first`, then the request, then (while it runs) `next`; rolled back. */
async function meanwhile<T>(first: Step, request: () => Promise<T>, next: Step): Promise<T> {
  return t.ctx.database.db.connection().execute(async (conn) => {
    await sql`begin`.execute(conn);
    try {
      await first(conn);
      const answer = request();
      await new Promise((r) => setTimeout(r, 500));
      await next(conn).catch(() => undefined);
      await sql`rollback`.execute(conn);
      return await answer;
    } catch (err) {
      await sql`rollback`.execute(conn);
      throw err;
    }
  });
}

const lockCounts: Step = (conn) => sql`update order_counts set n = n`.execute(conn);
const lockCounter = (name: string): Step => (conn) => sql`update counters set value = value where name = ${name}`.execute(conn);

describe.runIf(testDialect === 'postgres')('staff changes wait in the lock order instead of deadlocking with checkouts', () => {
  it('an adjustment that fills a backorder takes the stock counter last', async () => {
    await setStock(t, '11003', 0, 0);
    const { order } = await placeOrder(t, [['11003', 2]]);
    expect((await post(`/Orders/${order.orderNum}/Accept`)).status).toBe(200);
    // A checkout holds order_counts and asks for the stock counter next.
    const res = await meanwhile(lockCounts, () => post('/Stock/Adjust', { invNum: '11003', warehouse: 'west', delta: 5, reason: 'received' }), lockCounter('stock_seq'));
    expect(res.status).toBe(200);
    const after = await adminCall(t, owner, { method: 'GET', url: `/Orders/${order.orderNum}` });
    expect(after.body.lines[0]).toMatchObject({ openWest: 2, backordered: 0 });
  });

  it('a release takes the items it fills before order_counts', async () => {
    await setStock(t, '11001', 0, 0);
    const { order } = await placeOrder(t, [['11001', 3]]);
    expect((await post(`/Orders/${order.orderNum}/Hold`, { reason: 'Address check' })).status).toBe(200);
    // Units arrive while it is held: they wait for the release.
    expect((await post('/Stock/Adjust', { invNum: '11001', warehouse: 'west', delta: 3, reason: 'received' })).status).toBe(200);
    // Someone holds the item (an adjustment, a checkout) and asks for order_counts next.
    const lockItem: Step = (conn) => sql`select id from items where num = '11001' for update`.execute(conn);
    const res = await meanwhile(lockItem, () => post(`/Orders/${order.orderNum}/Release`), lockCounts);
    expect(res.status).toBe(200);
    expect(res.body.lines[0]).toMatchObject({ openWest: 3, backordered: 0 });
  });

  it("a payment's lock on the customer lets a checkout's foreign key check through", async () => {
    await setStock(t, '11002', 10, 10);
    const { buyer, order } = await placeOrder(t, [['11002', 2]]);
    const n = order.orderNum;
    expect((await post(`/Orders/${n}/Accept`)).status).toBe(200);
    const shipped = await post(`/Orders/${n}/Ship`, { warehouse: 'west', carrier: 'ups' });
    expect(shipped.status).toBe(201);
    const customer = await t.ctx.database.db.selectFrom('customers').select('id').where('email', '=', buyer.email).executeTakeFirstOrThrow();
    const invoice = (await adminCall(t, owner, { method: 'GET', url: `/Orders/${n}` })).body.invoices[0];
    const payment = { customerId: customer.id, amount: invoice.total, method: 'transfer', applications: [{ invoiceNum: invoice.invoiceNum, amount: invoice.total }] };
    // A checkout of this customer holds the orders feed's counter in its last statement, whose
    // foreign key check then takes KEY SHARE of the customer row.
    const keyShare: Step = (conn) => sql`select id from customers where id = ${customer.id} for key share`.execute(conn);
    const res = await meanwhile(lockCounter('order_change_seq'), () => post('/Payments', payment), keyShare);
    expect(res.status).toBe(201);
    expect((await adminCall(t, owner, { method: 'GET', url: `/Orders/${n}` })).body.statusCode).toBe('closed');
  });
});
