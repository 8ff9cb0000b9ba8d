import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import { CART } from '../../../contract/cart';
import { batchedOnPostgres, isSqliteTransaction, runHot } from '../../platform/db/database';
import { isCheckViolation } from '../../platform/db/constraints';
import type { DB } from '../../platform/db/schema';
import { preparedQuery } from '../../platform/http/prepared-query';
import type { CouponRule } from './coupons';
import type { CouponTable } from './tables';

/** The only place the cart module touches Kysely. Functions take `db` (or a transaction) first. */
export type Db = Kysely<DB>;

const now = () => new Date().toISOString();

// ---- cart ----------------------------------------------------------------------------------

export interface CartRow {
  comments: string;
  ship_to_code: string;
}

const cartRow = preparedQuery((db, customerId: number) => db.selectFrom('carts').select(['comments', 'ship_to_code']).where('customer_id', '=', customerId));

export async function findCart(db: Db, customerId: number): Promise<CartRow> {
  const [row] = await cartRow(db, customerId);
  return row ?? { comments: '', ship_to_code: '' };
}

/**
 * Creates the cart row if needed and touches it; answers the row. In a transaction on PostgreSQL
 * this takes the row's lock, so two checkouts of one cart run one after the other.
 */
export async function touchCart(db: Db, customerId: number, patch: Partial<CartRow> = {}): Promise<CartRow> {
  const stamp = now();
  return db
    .insertInto('carts')
    .values({ customer_id: customerId, updated_at: stamp, ...patch })
    .onConflict((oc) => oc.column('customer_id').doUpdateSet({ updated_at: stamp, ...patch }))
    .returning(['comments', 'ship_to_code'])
    .executeTakeFirstOrThrow();
}

/** The customer's cart lines; `forUpdate` locks them on PostgreSQL until the transaction commits (checkout). */
export function listLines(db: Db, customerId: number, forUpdate = false): Promise<{ item_num: string; qty: number }[]> {
  return db
    .selectFrom('cart_lines')
    .select(['item_num', 'qty'])
    .where('customer_id', '=', customerId)
    .orderBy('added_at')
    .orderBy('item_num')
    .$if(forUpdate, (q) => q.forUpdate())
    .execute();
}

/** How many lines the cart has, and how many of them are of these items (to know how many lines adding them makes). */
export async function lineCounts(db: Db, customerId: number, itemNums: readonly string[]): Promise<{ lines: number; ofThese: number }> {
  const row = await db
    .selectFrom('cart_lines')
    .select((eb) => [eb.fn.countAll<number>().as('lines'), sql<number>`coalesce(sum(case when ${eb.ref('item_num')} in (${sql.join([...itemNums])}) then 1 else 0 end), 0)`.as('of_these')])
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return { lines: Number(row.lines), ofThese: Number(row.of_these) };
}

/**
 * Everything a cart answer needs from the database in one statement (one round trip on
 * PostgreSQL): the lines, the cart row (optional: lines need none) and the applied coupons' ids,
 * as rows of one shape told apart by `part`:
 * - `line`: key = item number, n = quantity;
 * - `cart`: key = ship-to code, extra = comments;
 * - `coupon`: n = coupon id.
 * The statement has no ORDER BY: on SQLite a compound query's ORDER BY sorts every row through a
 * temporary b-tree (half the statement's cost for a 5-line cart); `readWholeCart` puts the lines in
 * the order they were added (then by number) and the coupons in the order they were applied.
 */
function wholeCartQuery(db: Db, customer: number | RawBuilder<number>) {
  return db
    .selectFrom('cart_lines')
    .select(['customer_id', sql<string>`'line'`.as('part'), 'item_num as key', 'qty as n', 'added_at', sql<string | null>`null`.as('extra')])
    .where('customer_id', '=', customer)
    .unionAll(
      db
        .selectFrom('carts')
        .select(['customer_id', sql<string>`'cart'`.as('part'), 'ship_to_code as key', sql<number>`0`.as('n'), sql<string>`''`.as('added_at'), 'comments as extra'])
        .where('customer_id', '=', customer),
    )
    .unionAll(
      db
        .selectFrom('cart_coupons')
        .select(['customer_id', sql<string>`'coupon'`.as('part'), sql<string>`''`.as('key'), 'coupon_id as n', 'added_at', sql<string | null>`null`.as('extra')])
        .where('customer_id', '=', customer),
    )
    // Where the goods go, as the cart's sales tax needs it (decision 0042), read with the cart:
    // the billing address's state and ZIP, the chosen ship-to's, and the accepted certificates.
    .unionAll(
      db
        .selectFrom('customers')
        .select(['id as customer_id', sql<string>`'billing'`.as('part'), 'state as key', sql<number>`0`.as('n'), sql<string>`''`.as('added_at'), 'zip as extra'])
        .where('id', '=', customer),
    )
    .unionAll(
      db
        .selectFrom('ship_tos as s')
        .innerJoin('carts as k', (j) => j.onRef('k.customer_id', '=', 's.customer_id').onRef('k.ship_to_code', '=', 's.code'))
        .select(['s.customer_id', sql<string>`'shipto'`.as('part'), 's.state as key', sql<number>`0`.as('n'), sql<string>`''`.as('added_at'), 's.zip as extra'])
        .where('s.customer_id', '=', customer),
    )
    .unionAll(
      db
        .selectFrom('tax_certificates')
        .select(['customer_id', sql<string>`'certificate'`.as('part'), 'state as key', 'id as n', 'expires_on as added_at', sql<string | null>`null`.as('extra')])
        .where('customer_id', '=', customer)
        .where('status', '=', 'accepted'),
    );
}

/** Where a cart's goods go and the certificates its buyer holds (decision 0042): what its tax is worked out from. */
export interface CartTaxPlace {
  billing: { state: string; zip: string } | null;
  /** The chosen ship-to's address; null for the billing address, or a ship-to since deleted. */
  shipTo: { state: string; zip: string } | null;
  /** Accepted certificates (expired ones too: the caller compares with today). */
  certificates: { id: number; state: string; expiresOn: string }[];
}

const destinationRows = preparedQuery((db, customerId: number) =>
  db
    .selectFrom('customers')
    .select([sql<string>`'billing'`.as('part'), 'state', 'zip', sql<number>`0`.as('n')])
    .where('id', '=', customerId)
    .unionAll(
      db
        .selectFrom('ship_tos as s')
        .innerJoin('carts as k', (j) => j.onRef('k.customer_id', '=', 's.customer_id').onRef('k.ship_to_code', '=', 's.code'))
        .select([sql<string>`'shipto'`.as('part'), 's.state', 's.zip', sql<number>`0`.as('n')])
        .where('s.customer_id', '=', customerId),
    )
    .unionAll(
      db
        .selectFrom('tax_certificates')
        .select([sql<string>`'certificate'`.as('part'), 'state', 'expires_on as zip', 'id as n'])
        .where('customer_id', '=', customerId)
        .where('status', '=', 'accepted'),
    ),
);

/** Order by added_at, then by the tie-breaker (string order as SQLite's BINARY collation for ASCII keys). */
const byAdded = <T extends { added_at: string }>(tie: (x: T, y: T) => number) => (x: T, y: T) =>
  x.added_at < y.added_at ? -1 : x.added_at > y.added_at ? 1 : tie(x, y);
const lineOrder = byAdded<{ added_at: string; item_num: string }>((x, y) => (x.item_num < y.item_num ? -1 : x.item_num > y.item_num ? 1 : 0));
const couponOrder = byAdded<{ added_at: string; id: number }>((x, y) => x.id - y.id);

const wholeCart = preparedQuery((db, customerId: number) => wholeCartQuery(db, customerId));
/** Many customers' carts at once: on PostgreSQL the cart reads of concurrent requests share one query. */
const wholeCarts = preparedQuery((db, customerIds: number[]) => wholeCartQuery(db, sql<number>`any(${customerIds})`));
const batchedWholeCart = batchedOnPostgres(wholeCarts, (row) => row.customer_id);

export interface WholeCart {
  cart: CartRow;
  lines: { item_num: string; qty: number }[];
  coupons: CouponRule[];
  place: CartTaxPlace;
}

/**
 * Inside a SQLite transaction (a cart change reading its answer) a statement costs no lock and no
 * round trip, and three plain statements read a large cart in under half the time of the union,
 * whose ORDER BY sorts every row through a temporary b-tree: the lines in the order the union
 * gives them, the cart row, the coupon ids.
 */
const linesInOrder = preparedQuery((db, customerId: number) =>
  db.selectFrom('cart_lines').select(['item_num', 'qty']).where('customer_id', '=', customerId).orderBy('added_at').orderBy('item_num'),
);
const couponIdsInOrder = preparedQuery((db, customerId: number) =>
  db.selectFrom('cart_coupons').select('coupon_id').where('customer_id', '=', customerId).orderBy('added_at').orderBy('coupon_id'),
);

/** The cart, its lines, its coupons and where it ships: one query, plus one for the coupons' rules when it has any. */
export async function readWholeCart(db: Db, customerId: number): Promise<WholeCart> {
  const cart: CartRow = { comments: '', ship_to_code: '' };
  const place: CartTaxPlace = { billing: null, shipTo: null, certificates: [] };
  let lines: WholeCart['lines'];
  let couponIds: number[];
  if (isSqliteTransaction(db)) {
    lines = await linesInOrder(db, customerId);
    const [row] = await cartRow(db, customerId);
    if (row) Object.assign(cart, row);
    couponIds = (await couponIdsInOrder(db, customerId)).map((r) => r.coupon_id);
    for (const r of await destinationRows(db, customerId)) {
      if (r.part === 'billing') place.billing = { state: r.state, zip: r.zip };
      else if (r.part === 'shipto') place.shipTo = { state: r.state, zip: r.zip };
      else place.certificates.push({ id: Number(r.n), state: r.state, expiresOn: r.zip });
    }
  } else {
    const added: { item_num: string; qty: number; added_at: string }[] = [];
    const applied: { id: number; added_at: string }[] = [];
    for (const row of await (batchedWholeCart(db, customerId) ?? wholeCart(db, customerId))) {
      if (row.part === 'line') added.push({ item_num: row.key, qty: row.n, added_at: row.added_at });
      else if (row.part === 'cart') {
        cart.comments = row.extra ?? '';
        cart.ship_to_code = row.key;
      } else if (row.part === 'coupon') applied.push({ id: row.n, added_at: row.added_at });
      else if (row.part === 'billing') place.billing = { state: row.key, zip: row.extra ?? '' };
      else if (row.part === 'shipto') place.shipTo = { state: row.key, zip: row.extra ?? '' };
      else place.certificates.push({ id: Number(row.n), state: row.key, expiresOn: row.added_at });
    }
    lines = added.sort(lineOrder).map(({ item_num, qty }) => ({ item_num, qty }));
    couponIds = applied.sort(couponOrder).map((c) => c.id);
  }
  // The billing address when the cart ships there, or to a ship-to since deleted (as shipping is priced).
  if (cart.ship_to_code === '') place.shipTo = null;
  if (couponIds.length === 0) return { cart, lines, coupons: [], place };
  const rows = await db.selectFrom('coupons').selectAll().where('id', 'in', couponIds).execute();
  const byId = new Map(rows.map((r) => [r.id, toCouponRule(r)]));
  return { cart, lines, coupons: couponIds.flatMap((id) => byId.get(id) ?? []), place };
}

/**
 * Adds to a line atomically (one upsert, no read-modify-write), so concurrent "+1" calls all
 * count, and adds a new line only while the cart has room for it (the count is in the same
 * statement: no statement, and on PostgreSQL no round trip, of its own). Answers the line's new
 * quantity, or null when nothing changed: the line would pass the maximum quantity, or it is new
 * and the cart is full. (The casts let PostgreSQL type the selected parameters.)
 */
const addToLineQuery = preparedQuery((db, customerId: number, itemNum: string, qty: number, addedAt: string) =>
  db
    .insertInto('cart_lines')
    .columns(['customer_id', 'item_num', 'qty', 'added_at'])
    .expression(
      sql<never>`select cast(${customerId} as integer), cast(${itemNum} as text), cast(${qty} as integer), cast(${addedAt} as text)
        where (select count(*) from cart_lines where customer_id = ${customerId}) < ${CART.maxLines}
          or exists (select 1 from cart_lines where customer_id = ${customerId} and item_num = ${itemNum})`,
    )
    .onConflict((oc) =>
      oc
        .columns(['customer_id', 'item_num'])
        .doUpdateSet({ qty: sql<number>`cart_lines.qty + excluded.qty` })
        .where(sql<boolean>`cart_lines.qty + excluded.qty <= ${CART.maxQty}`),
    )
    .returning('qty'),
);

export async function addToLine(db: Db, customerId: number, itemNum: string, qty: number): Promise<number | null> {
  const [row] = await addToLineQuery(db, customerId, itemNum, qty, now());
  return row?.qty ?? null;
}

/** New cart rows in item-number order (the lock order of many lines), each `added_at` a millisecond after the one given before it. */
function inItemOrder(lines: readonly { invNum: string; qty: number }[]): { item_num: string; qty: number; added_at: string }[] {
  const base = Date.now();
  return lines
    .map((l, i) => ({ item_num: l.invNum, qty: l.qty, added_at: new Date(base + i).toISOString() }))
    .sort((a, b) => (a.item_num < b.item_num ? -1 : a.item_num > b.item_num ? 1 : 0));
}

/**
 * Adds many lines in one statement (POST /Shop/AddItems): each new item gets a line, each item
 * already in the cart gets its quantity added while it stays within the maximum. `lines` must name
 * each item once. They are written in item-number order, so two such calls for one cart lock its
 * rows in the same order and never deadlock each other on PostgreSQL; `added_at` keeps the order
 * they were given in (a millisecond apart), which is the cart's line order. Answers the item
 * numbers written; an item missing from it was not changed (it would pass the maximum).
 */
export async function addToLines(db: Db, customerId: number, lines: readonly { invNum: string; qty: number }[]): Promise<Set<string>> {
  if (lines.length === 0) return new Set();
  const rows = inItemOrder(lines).map((r) => ({ customer_id: customerId, ...r }));
  const written = await db
    .insertInto('cart_lines')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['customer_id', 'item_num'])
        .doUpdateSet({ qty: sql<number>`cart_lines.qty + excluded.qty` })
        .where(sql<boolean>`cart_lines.qty + excluded.qty <= ${CART.maxQty}`),
    )
    .returning('item_num')
    .execute();
  return new Set(written.map((r) => r.item_num));
}

/** What `addToLinesChecked` did: every line written, or nothing and why. */
export type CheckedAdd = { written: true } | { written: false; tooManyLines: boolean; overMaximum: string[] };

/**
 * PostgreSQL: AddItems in ONE statement, which is its own transaction (no BEGIN and COMMIT round
 * trips): it counts the cart's lines and finds the items whose quantity would pass the maximum in
 * its snapshot, and writes every line, in item-number order as `addToLines`, only when neither
 * refuses. A line that another call raised meanwhile past the maximum fails the table's check
 * (`qty between 1 and 9999`), which rolls the whole statement back: `AddOverMaximum` is thrown, and
 * the caller asks again the careful way. `lines` must name each item once.
 */
export async function addToLinesChecked(db: Db, customerId: number, lines: readonly { invNum: string; qty: number }[]): Promise<CheckedAdd> {
  const rows = inItemOrder(lines);
  // The lines as three arrays: the statement's text is the same for any number of lines, so each
  // pooled connection parses and plans it once (a named statement, `runHot`).
  const query = sql<{ lines: number; over: string[]; written: number }>`with asked (item_num, qty, added_at) as (
        select * from unnest(${rows.map((r) => r.item_num)}::text[], ${rows.map((r) => r.qty)}::integer[], ${rows.map((r) => r.added_at)}::text[])),
        have as (select item_num, qty from cart_lines where customer_id = ${customerId}),
        over as (select a.item_num from asked a join have h on h.item_num = a.item_num where h.qty + a.qty > ${CART.maxQty}),
        counted as (select (select count(*) from have) + (select count(*) from asked a where not exists (select 1 from have h where h.item_num = a.item_num)) as lines),
        written as (
          insert into cart_lines (customer_id, item_num, qty, added_at)
          select ${customerId}, item_num, qty, added_at from asked
          where not exists (select 1 from over) and (select lines from counted) <= ${CART.maxLines}
          order by item_num
          on conflict (customer_id, item_num) do update set qty = cart_lines.qty + excluded.qty
          returning 1)
      select (select lines from counted)::integer as lines, (select coalesce(json_agg(item_num order by item_num), '[]'::json) from over) as over, (select count(*) from written)::integer as written`.compile(db);
  try {
    const [r] = (await runHot(db, query, query.parameters)) ?? (await db.executeQuery(query)).rows;
    if (r!.written === rows.length) return { written: true };
    return { written: false, tooManyLines: r!.lines > CART.maxLines, overMaximum: r!.over };
  } catch (err) {
    if (isCheckViolation(err)) throw new AddOverMaximum();
    throw err;
  }
}

/** A line passed the maximum because another call raised it meanwhile: nothing was written. */
export class AddOverMaximum extends Error {}

/** Sets a line's quantity, adding the line if needed. */
export async function setLine(db: Db, customerId: number, itemNum: string, qty: number): Promise<void> {
  await db
    .insertInto('cart_lines')
    .values({ customer_id: customerId, item_num: itemNum, qty, added_at: now() })
    .onConflict((oc) => oc.columns(['customer_id', 'item_num']).doUpdateSet({ qty }))
    .execute();
}

export async function updateLine(db: Db, customerId: number, itemNum: string, qty: number): Promise<boolean> {
  const r = await db.updateTable('cart_lines').set({ qty }).where('customer_id', '=', customerId).where('item_num', '=', itemNum).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteLine(db: Db, customerId: number, itemNum: string): Promise<boolean> {
  const r = await db.deleteFrom('cart_lines').where('customer_id', '=', customerId).where('item_num', '=', itemNum).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Empties the cart after checkout: lines, coupons and comments; the destination stays. */
export async function emptyCart(db: Db, customerId: number): Promise<void> {
  await db.deleteFrom('cart_lines').where('customer_id', '=', customerId).execute();
  await db.deleteFrom('cart_coupons').where('customer_id', '=', customerId).execute();
  await db.updateTable('carts').set({ comments: '', updated_at: now() }).where('customer_id', '=', customerId).execute();
}

// ---- coupons -------------------------------------------------------------------------------

type CouponRow = Selectable<CouponTable>;

export function toCouponRule(r: CouponRow): CouponRule {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    kind: r.kind,
    percentOff: r.percent_off,
    amountOffCents: r.amount_off_cents,
    minimumCents: r.minimum_cents,
    validFrom: r.valid_from,
    validUntil: r.valid_until,
    maxUses: r.max_uses,
    maxUsesPerCustomer: r.max_uses_per_customer,
    uses: r.uses,
    active: r.active === 1,
  };
}

export async function findCouponByCode(db: Db, code: string): Promise<CouponRule | undefined> {
  const row = await db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
  return row && toCouponRule(row);
}

/** The cart's coupons in the order they were applied; `lock` takes their row locks (PostgreSQL). */
const cartCouponRows = preparedQuery((db, customerId: number) =>
  db
    .selectFrom('cart_coupons')
    .innerJoin('coupons', 'coupons.id', 'cart_coupons.coupon_id')
    .selectAll('coupons')
    .where('cart_coupons.customer_id', '=', customerId)
    .orderBy('cart_coupons.added_at')
    .orderBy('coupons.id'),
);

export async function cartCoupons(db: Db, customerId: number, lock = false): Promise<CouponRule[]> {
  if (!lock) return (await cartCouponRows(db, customerId)).map(toCouponRule);
  const rows = await db
    .selectFrom('cart_coupons')
    .innerJoin('coupons', 'coupons.id', 'cart_coupons.coupon_id')
    .selectAll('coupons')
    .where('cart_coupons.customer_id', '=', customerId)
    // Locks are taken in coupon id order in every checkout, so two checkouts never deadlock.
    .$if(!lock, (q) => q.orderBy('cart_coupons.added_at'))
    .orderBy('coupons.id')
    .$if(lock, (q) => q.forUpdate())
    .execute();
  return rows.map(toCouponRule);
}

/** How often this customer has redeemed each of these coupons. */
export async function customerRedemptions(db: Db, customerId: number, couponIds: number[]): Promise<Map<number, number>> {
  if (couponIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('coupon_redemptions')
    .select(['coupon_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('customer_id', '=', customerId)
    .where('coupon_id', 'in', couponIds)
    .groupBy('coupon_id')
    .execute();
  return new Map(rows.map((r) => [r.coupon_id, Number(r.n)]));
}

export async function addCartCoupon(db: Db, customerId: number, couponId: number): Promise<boolean> {
  const r = await db
    .insertInto('cart_coupons')
    .values({ customer_id: customerId, coupon_id: couponId, added_at: now() })
    .onConflict((oc) => oc.columns(['customer_id', 'coupon_id']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function deleteCartCoupon(db: Db, customerId: number, couponId: number): Promise<boolean> {
  const r = await db.deleteFrom('cart_coupons').where('customer_id', '=', customerId).where('coupon_id', '=', couponId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export interface Redemption {
  couponId: number;
  code: string;
  name: string;
  discountCents: number;
}

/** Records redemptions and counts them against each coupon's overall limit. */
export async function redeemCoupons(db: Db, customerId: number, orderId: number, redemptions: Redemption[]): Promise<void> {
  const stamp = now();
  for (const r of redemptions) {
    await db
      .insertInto('coupon_redemptions')
      .values({ coupon_id: r.couponId, customer_id: customerId, order_id: orderId, code: r.code, name: r.name, discount_cents: r.discountCents, created_at: stamp })
      .execute();
    await db.updateTable('coupons').set({ uses: sql<number>`uses + 1` }).where('id', '=', r.couponId).execute();
  }
}

export async function orderRedemptions(db: Db, orderId: number): Promise<{ code: string; name: string; discount_cents: number }[]> {
  return db.selectFrom('coupon_redemptions').select(['code', 'name', 'discount_cents']).where('order_id', '=', orderId).orderBy('id').execute();
}

export interface NewCoupon {
  code: string;
  name: string;
  kind: CouponTable['kind'];
  percentOff?: number;
  amountOffCents?: number;
  minimumCents?: number;
  validFrom?: string | null;
  validUntil?: string | null;
  maxUses?: number | null;
  maxUsesPerCustomer?: number | null;
  active?: boolean;
}

/** Inserts a coupon unless its code exists; answers whether it did. */
export async function insertCoupon(db: Db, c: NewCoupon): Promise<boolean> {
  const r = await db
    .insertInto('coupons')
    .values({
      code: c.code.toUpperCase(),
      name: c.name,
      kind: c.kind,
      percent_off: c.percentOff ?? 0,
      amount_off_cents: c.amountOffCents ?? 0,
      minimum_cents: c.minimumCents ?? 0,
      valid_from: c.validFrom ?? null,
      valid_until: c.validUntil ?? null,
      max_uses: c.maxUses ?? null,
      max_uses_per_customer: c.maxUsesPerCustomer ?? null,
      active: c.active === false ? 0 : 1,
      created_at: now(),
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}
