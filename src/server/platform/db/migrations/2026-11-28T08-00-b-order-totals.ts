import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * An order's totals after cancels (decision 0026). `subtotal_cents`, `discount_cents`,
 * `shipping_cents` and `total_cents` become what remains to be delivered and paid; the order as
 * placed is kept in `original_subtotal_cents`, `original_discount_cents` and
 * `original_shipping_cents` (the original total is their sum).
 *
 * Backfill: every order's originals are its totals as they are (no cancel ever changed them).
 * Then the orders with cancelled units get their totals recomputed by the rule of
 * `orders/order-totals.ts`, copied here: subtotal = the units not cancelled at their prices;
 * discount = the original discount × subtotal / original subtotal, rounded half up, and never
 * less than what their invoices already gave (all of it once everything left is invoiced);
 * shipping stays unless nothing is left and nothing was invoiced; total = subtotal − discount +
 * shipping. Wholly cancelled orders (nothing shipped, so no invoice) are one statement.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const money = pg ? 'bigint' : 'integer';
  for (const part of ['subtotal', 'discount', 'shipping']) {
    await db.schema.alterTable('orders').addColumn(`original_${part}_cents`, money, (c) => c.notNull().defaultTo(0).check(sql.raw(`original_${part}_cents >= 0`))).execute();
  }
  await sql`update orders set original_subtotal_cents = subtotal_cents, original_discount_cents = discount_cents, original_shipping_cents = shipping_cents`.execute(db);
  await sql`update orders set subtotal_cents = 0, discount_cents = 0, shipping_cents = 0, total_cents = 0 where status_code = 'cancelled'`.execute(db);

  const partly = await sql<{ id: number; s0: string | number; d0: string | number; h0: string | number; s: string | number }>`
    select o.id, o.original_subtotal_cents as s0, o.original_discount_cents as d0, o.original_shipping_cents as h0,
      (select coalesce(sum((l.qty - l.qty_cancelled) * l.price_cents), 0) from order_lines l where l.order_id = o.id) as s
    from orders o
    where o.status_code <> 'cancelled' and exists (select 1 from order_lines l where l.order_id = o.id and l.qty_cancelled > 0)`.execute(db);
  for (const o of partly.rows) {
    const inv = await sql<{ n: string | number; m: string | number; d: string | number }>`
      select count(*) as n, coalesce(sum(subtotal_cents), 0) as m, coalesce(sum(discount_cents), 0) as d from invoices where order_id = ${o.id}`.execute(db);
    const row = inv.rows[0]!;
    const t = totals(BigInt(o.s0), BigInt(o.d0), BigInt(o.h0), BigInt(o.s), { count: Number(row.n), merchandise: BigInt(row.m), discount: BigInt(row.d) });
    await sql`update orders set subtotal_cents = ${t.subtotal}, discount_cents = ${t.discount}, shipping_cents = ${t.shipping}, total_cents = ${t.total} where id = ${o.id}`.execute(db);
  }
}

function totals(s0: bigint, d0: bigint, h0: bigint, s: bigint, invoiced: { count: number; merchandise: bigint; discount: bigint }) {
  let discount = 0n;
  if (s > 0n && s0 > 0n) {
    const share = (2n * d0 * s + s0) / (2n * s0);
    discount = s <= invoiced.merchandise ? invoiced.discount : share > invoiced.discount ? share : invoiced.discount;
  }
  const shipping = s > 0n || invoiced.count > 0 ? h0 : 0n;
  // Numbers, not bigints: both drivers take them, and cents of one order fit a double exactly.
  return { subtotal: Number(s), discount: Number(discount), shipping: Number(shipping), total: Number(s - discount + shipping) };
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update orders set subtotal_cents = original_subtotal_cents, discount_cents = original_discount_cents, shipping_cents = original_shipping_cents,
    total_cents = original_subtotal_cents - original_discount_cents + original_shipping_cents`.execute(db);
  for (const part of ['subtotal', 'discount', 'shipping']) await db.schema.alterTable('orders').dropColumn(`original_${part}_cents`).execute();
}
