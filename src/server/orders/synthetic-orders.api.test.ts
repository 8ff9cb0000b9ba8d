import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCoupons } from './cart/demo-coupons';
import { signUpCustomer } from './cart/test-customers';
import { loadFixtureCatalogue } from '../catalogue/testing';
import { adminCall, ownerSession } from '../test-support/admin';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSyntheticOrders, type SyntheticOrdersResult } from '../flows/demo/synthetic-orders';
import { SYNTHETIC_PASSWORD } from '../customers';

/** `npm run db:seed -- --orders N`: the data the back office's benchmarks run on must be data the shop could have made. */

let t: TestApp;
let seeded: SyntheticOrdersResult;
const N = 300;
const db = () => t.ctx.database.db;
const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db())).rows;

beforeAll(async () => {
  t = await createTestApp(async (ctx) => {
    await loadFixtureCatalogue(ctx.database.db);
    await seedDemoCoupons(ctx.database.db);
    seeded = await seedSyntheticOrders(ctx.database.db, N, { customers: 25 });
  });
});
afterAll(() => t?.close());

describe('synthetic orders', () => {
  it('writes N orders of about ten lines, a 200-line one among them, in a realistic mix of statuses', async () => {
    expect(seeded).toMatchObject({ orders: N, customers: 25, lastOrderNum: seeded.firstOrderNum + N - 1 });
    expect(seeded.lines / N).toBeGreaterThan(7);
    expect(seeded.lines / N).toBeLessThan(14);
    const byStatus = new Map((await rows(sql<{ s: string; n: number }>`select status_code as s, count(*) as n from orders group by status_code`)).map((r) => [r.s, Number(r.n)]));
    expect((byStatus.get('shipped') ?? 0) + (byStatus.get('closed') ?? 0)).toBeGreaterThan(N / 2);
    for (const s of ['received', 'accepted', 'partially_shipped', 'cancelled']) expect(byStatus.get(s), s).toBeGreaterThan(0);
    const [big] = await rows(sql<{ n: number }>`select count(*) as n from orders where line_count = 200 and status_code = 'accepted' and open_west > 0 and open_east > 0`);
    expect(Number(big!.n)).toBeGreaterThanOrEqual(1);
  });

  it('keeps every line and every order consistent: five quantities add up, sums match the lines', async () => {
    const [bad] = await rows(sql<{ n: number }>`select count(*) as n from order_lines
      where qty_west + qty_east + qty_backordered + qty_shipped + qty_cancelled <> qty
         or qty_west < 0 or qty_east < 0 or qty_backordered < 0 or qty_shipped < 0 or qty_cancelled < 0 or extended_cents <> qty * price_cents`);
    expect(Number(bad!.n)).toBe(0);
    const [sums] = await rows(sql<{ n: number }>`select count(*) as n from orders o join (
        select order_id, sum(qty_west) w, sum(qty_east) e, sum(qty_backordered) b, sum(qty_shipped) s, sum(qty) q, count(*) c, sum(extended_cents) x,
          sum((qty - qty_cancelled) * price_cents) r
        from order_lines group by order_id) l on l.order_id = o.id
      where o.open_west <> l.w or o.open_east <> l.e or o.backordered <> l.b or o.shipped_qty <> l.s or o.total_qty <> l.q or o.line_count <> l.c
         or o.original_subtotal_cents <> l.x or o.subtotal_cents <> l.r or o.total_cents <> o.subtotal_cents - o.discount_cents + o.shipping_cents`);
    expect(Number(sums!.n)).toBe(0);
    // What a status promises: nothing open once shipped, nothing at all once cancelled, something shipped and something left when partial.
    const [wrong] = await rows(sql<{ n: number }>`select count(*) as n from orders where
        (status_code in ('shipped', 'closed') and open_west + open_east + backordered > 0)
        or (status_code = 'cancelled' and (open_west + open_east + backordered + shipped_qty > 0))
        or (status_code = 'partially_shipped' and (shipped_qty = 0 or open_west + open_east + backordered = 0))
        or (status_code in ('received', 'accepted', 'on_hold') and shipped_qty > 0)`);
    expect(Number(wrong!.n)).toBe(0);
    // Units wait only for items none of whose units are available (a fill would have given them),
    // so the first cancel or adjustment of an item is not a catch-up fill of every order waiting for it.
    const [waits] = await rows(sql<{ n: number; out: number }>`select count(*) as n,
        sum(case when exists (select 1 from item_stock s where s.item_id = i.id and s.qty > s.reserved) then 1 else 0 end) as out
      from order_lines l join items i on i.num = l.item_num where l.qty_backordered > 0`);
    expect(Number(waits!.n)).toBeGreaterThan(0);
    expect(Number(waits!.out)).toBe(0);
  });

  it('refers only to rows that exist (PostgreSQL loads them without per-row foreign-key checks)', async () => {
    const [orphans] = await rows(sql<{ n: number }>`select
        (select count(*) from orders o where not exists (select 1 from customers c where c.id = o.customer_id))
      + (select count(*) from order_lines l where not exists (select 1 from orders o where o.id = l.order_id))
      + (select count(*) from order_events e where not exists (select 1 from orders o where o.id = e.order_id))
      + (select count(*) from shipments s where not exists (select 1 from orders o where o.id = s.order_id))
      + (select count(*) from shipment_lines sl where not exists (select 1 from shipments s join order_lines l on l.order_id = s.order_id where s.id = sl.shipment_id and l.line_no = sl.line_no))
      + (select count(*) from invoices i where not exists (select 1 from shipments s where s.id = i.shipment_id and s.order_id = i.order_id))
      + (select count(*) from invoice_lines il where not exists (select 1 from invoices i where i.id = il.invoice_id))
      + (select count(*) from coupon_redemptions r where not exists (select 1 from orders o where o.id = r.order_id and o.customer_id = r.customer_id)) as n`);
    expect(Number(orphans!.n)).toBe(0);
  });

  it('has order_counts equal to a full recount', async () => {
    const recount = await rows(sql<{ key: string; n: number }>`
      select 'status:' || status_code as key, count(*) as n from orders group by status_code
      union all select 'ship:west', count(*) from orders where status_code in ('accepted', 'partially_shipped') and open_west > 0
      union all select 'ship:east', count(*) from orders where status_code in ('accepted', 'partially_shipped') and open_east > 0
      union all select 'backordered', count(*) from orders where status_code not in ('cancelled', 'closed', 'on_hold') and backordered > 0`);
    const kept = await db().selectFrom('order_counts').select(['key', 'n']).execute();
    const expected = Object.fromEntries(kept.map((k) => [k.key, 0]));
    for (const r of recount) expected[r.key] = Number(r.n);
    expect(Object.fromEntries(kept.map((k) => [k.key, Number(k.n)]))).toEqual(expected);
  });

  it('ships what the lines say shipped, one invoice per shipment, and a shipped order’s invoices add up to its total to the cent', async () => {
    const [lines] = await rows(sql<{ n: number }>`select count(*) as n from order_lines l
      where qty_shipped <> coalesce((select sum(sl.qty) from shipment_lines sl join shipments s on s.id = sl.shipment_id
        where s.order_id = l.order_id and sl.line_no = l.line_no), 0)`);
    expect(Number(lines!.n)).toBe(0);
    const [orphans] = await rows(sql<{ n: number }>`select count(*) as n from shipments s where not exists (select 1 from invoices i where i.shipment_id = s.id)`);
    expect(Number(orphans!.n)).toBe(0);
    const [invoiceSums] = await rows(sql<{ n: number }>`select count(*) as n from invoices i
      where i.subtotal_cents <> (select sum(extended_cents) from invoice_lines il where il.invoice_id = i.id)
         or i.total_cents <> i.subtotal_cents - i.discount_cents + i.shipping_cents`);
    expect(Number(invoiceSums!.n)).toBe(0);
    const shipped = await rows(sql<{ total: number; invoiced: number; discount: number }>`select o.total_cents as total, o.discount_cents as discount,
        (select sum(total_cents) from invoices i where i.order_id = o.id) as invoiced
      from orders o where o.status_code in ('shipped', 'closed')`);
    expect(shipped.length).toBeGreaterThan(N / 2);
    expect(shipped.some((o) => Number(o.discount) > 0)).toBe(true);
    for (const o of shipped) expect(Number(o.invoiced)).toBe(Number(o.total));
  });

  it('moves the counters past what it wrote: the next checkout takes the next order number', async () => {
    const buyer = await signUpCustomer(t.app);
    await t.app.inject({ method: 'POST', url: '/beapi/Shop/AddItem?InvNum=11002&qty=1', headers: buyer.headers });
    const res = await t.app.inject({ method: 'POST', url: '/beapi/Shop/Checkout', headers: buyer.headers, payload: { shipToCode: '', shippingOption: 'ground' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().orderNum).toBe(seeded.lastOrderNum + 1);
    const counters = Object.fromEntries((await db().selectFrom('counters').select(['name', 'value']).execute()).map((c) => [c.name, Number(c.value)]));
    const [max] = await rows(sql<{ s: number; i: number }>`select (select max(shipment_num) from shipments) as s, (select max(invoice_num) from invoices) as i`);
    expect(counters).toMatchObject({ shipment_num: Number(max!.s), invoice_num: Number(max!.i) });
  });

  it('lets a synthetic customer sign in and see their own orders with their statuses', async () => {
    const customer = await db().selectFrom('customers').select(['id', 'email']).where('code', 'like', 'CSYN%').orderBy('id').executeTakeFirstOrThrow();
    const login = await t.app.inject({ method: 'POST', url: '/beapi/System/Login', payload: { username: customer.email, password: SYNTHETIC_PASSWORD } });
    expect(login.statusCode).toBe(200);
    const headers = { 'user-token': String(login.headers['user-token']) };
    const [own] = await rows(sql<{ n: number }>`select count(*) as n from orders where customer_id = ${customer.id}`);
    const list = (await t.app.inject({ method: 'GET', url: '/beapi/Shop/GetOrders?pageSize=100', headers })).json();
    expect(list.totalNumberOfOrders).toBe(Number(own!.n));
    const first = list.orders[0];
    const order = (await t.app.inject({ method: 'GET', url: `/beapi/Shop/GetOrder/${first.orderNum}`, headers })).json();
    expect(order.statusCode).toBe(first.statusCode);
    for (const l of order.lines) expect(l.allocation.west + l.allocation.east + l.backordered + l.shipped + l.cancelled).toBe(l.ordQty);
  });

  it('reads back through the order desk: counts, lists, and a shipped order whose invoices add up to its total', async () => {
    const owner = await ownerSession(t);
    const dashboard = (await adminCall(t, owner, { method: 'GET', url: '/Dashboard' })).body;
    const [closed] = await rows(sql<{ n: number }>`select count(*) as n from orders where status_code = 'closed'`);
    expect(dashboard.byStatus.closed).toBe(Number(closed!.n));
    const list = await adminCall(t, owner, { method: 'GET', url: '/Orders?status=closed&pageSize=5' });
    expect(list.body).toMatchObject({ total: Number(closed!.n), totalCapped: false });
    expect(list.body.items).toHaveLength(5);
    const [withCoupon] = await rows(sql<{ order_num: number }>`select order_num from orders
      where status_code in ('shipped', 'closed') and discount_cents > 0 and (select count(*) from shipments s where s.order_id = orders.id) > 1 order by order_num limit 1`);
    const order = (await adminCall(t, owner, { method: 'GET', url: `/Orders/${withCoupon!.order_num}` })).body;
    expect(order.invoices.length).toBeGreaterThan(1);
    expect(order.shipments.flatMap((s: { lines: unknown[] }) => s.lines).length).toBeGreaterThanOrEqual(order.lines.length);
    const cents = order.invoices.reduce((n: number, i: { total: number }) => n + Math.round(i.total * 100), 0);
    expect(cents).toBe(Math.round(order.total * 100));
  });
});
