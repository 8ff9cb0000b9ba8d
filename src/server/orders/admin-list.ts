import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { isRowNumberText } from '../../contract/ids';
import { type AdminOrdersPage, type AdminOrdersQuery, ORDER_ADMIN_MESSAGES, ORDER_STATUSES, ORDERS_ADMIN, periodStart } from '../../contract/admin/orders';
import type { DB } from '../platform/db/schema';
import { Invalid } from '../platform/errors';
import { readCounts } from './counts';
import type { Db } from './queries';
import { totalsJson } from './order-totals';
import { containsPattern } from '../platform/db/like';
import { startsWithLowerCase } from '../platform/db/dialect';

/**
 * The order desk's list (DESIGN.md §5): filters, sort and page, without ever reading the whole
 * orders table. Each filter has an index (status: orders_status; customer: orders_customer; q: the
 * matching customers first, then their orders, plus order and PO number); the total comes from
 * `order_counts` when only a status (or nothing) is asked, otherwise it is counted up to
 * `countCap` and then reported as "more than".
 */

/** Customers a search looks at, at most: a search that matches more should be narrower. */
const CUSTOMER_MATCHES = 500;

type Where = (eb: ExpressionBuilder<DB, 'orders'>) => Expression<SqlBool>;


/**
 * Ids of customers whose company, contact name or email contains `q` (any case): their
 * `search_key` holds all three in lower case (kept by the database, migration 2026-11-26T00-40),
 * and its narrow index `customers_search` is walked instead of the wide customer rows.
 */
async function matchingCustomers(db: Db, q: string): Promise<number[]> {
  const rows = await db
    .selectFrom('customers')
    .select('id')
    .where(sql<SqlBool>`search_key like ${containsPattern(q)} escape '\\'`)
    .limit(CUSTOMER_MATCHES)
    .execute();
  return rows.map((r) => r.id);
}

/** Customers a search may match and still drive the query from their orders (fewer: it walks the orders newest first). */
const DRIVE_FROM_MATCHES = 20;

function filters(query: AdminOrdersQuery): Where[] {
  const where: Where[] = [];
  if (query.status) where.push((eb) => eb('orders.status_code', '=', query.status!));
  if (query.customer) where.push((eb) => eb('orders.customer_id', '=', query.customer!));
  // Literal zeros: the partial indexes (orders_open_west, …) match only the very same predicate.
  if (query.warehouse === 'west') where.push(() => sql<SqlBool>`orders.open_west > 0`);
  if (query.warehouse === 'east') where.push(() => sql<SqlBool>`orders.open_east > 0`);
  if (query.backordered === '1') where.push(() => sql<SqlBool>`orders.backordered > 0`);
  if (query.from) where.push((eb) => eb('orders.created_at', '>=', `${query.from}T00:00:00.000Z`));
  if (query.to) where.push((eb) => eb('orders.created_at', '<', nextDay(query.to!)));
  if (query.period) {
    const since = periodStart(query.period, query.tz).toISOString();
    where.push((eb) => eb('orders.created_at', '>=', since));
  }
  return where;
}

/**
 * Numbers of the orders a search matches, each once: index lookups (order number; PO number or
 * its start, any case, by orders_po_lower; the company or contact of a ship-to address of its own
 * by the narrow partial orders_ship_to_key; the matching customers' orders by orders_customer,
 * which holds the number: an order sent to the billing address is found by its customer), put
 * together with UNION ALL and then DISTINCT. A plain UNION let SQLite merge the parts in order
 * number order, walking the whole orders table in that order for the ship-to part instead of its
 * small index (50 ms rather than 1 at 100,000 orders).
 */
function matchingOrders(db: Db, q: string, customers: readonly number[]) {
  const num = isRowNumberText(q) ? Number(q) : null;
  let parts = db
    .selectFrom('orders as po')
    .select('po.order_num')
    .where(startsWithLowerCase(db, sql`lower(po.po_number)`, q.toLowerCase()))
    // Literal '': the partial index orders_ship_to_key matches only the very same predicate.
    .unionAll(db.selectFrom('orders as st').select('st.order_num').where(sql<SqlBool>`st.ship_to_code <> '' and st.ship_to_key like ${containsPattern(q)} escape '\\'`));
  if (num !== null) parts = parts.unionAll(db.selectFrom('orders as n').select('n.order_num').where('n.order_num', '=', num));
  if (customers.length > 0) parts = parts.unionAll(db.selectFrom('orders as c').select('c.order_num').where('c.customer_id', 'in', customers));
  return db.selectFrom(parts.as('u')).select('u.order_num').distinct();
}

/**
 * The numbers of the orders the query keeps, as a derived table `k` (order_num, and total_cents
 * when sorted by it). The page is chosen from these keys alone and only its rows are read then:
 * a common company word matches thousands of orders, and reading and joining each before the
 * sort was most of the search's time. A status alone is walked by orders_status (status,
 * order_num): with the whole row asked for, PostgreSQL walked the order_num index backwards and
 * filtered the status instead.
 */
async function keys(db: Db, query: AdminOrdersQuery) {
  const where = filters(query);
  const all = (eb: ExpressionBuilder<DB, 'orders'>) => eb.and(where.map((w) => w(eb)));
  const byTotal = query.sort === 'total';
  if (!query.q) {
    const from = db.selectFrom('orders').where(all).select('orders.order_num').$if(byTotal, (s) => s.select('orders.total_cents'));
    return { k: from.as('k'), narrowed: where.length > 0 };
  }
  const customers = await matchingCustomers(db, query.q);
  const nums = matchingOrders(db, query.q, customers);
  // Only a search: its index lookups give the numbers, no order row is read.
  if (where.length === 0 && !byTotal) return { k: nums.as('k'), narrowed: true };
  // A search with few matches drives the query from them (CROSS JOIN: SQLite keeps that join
  // order; otherwise it may walk a whole status by its index and probe the matches); a broad one
  // walks the orders newest first and keeps those that match.
  const from =
    customers.length <= DRIVE_FROM_MATCHES
      ? db.selectFrom(nums.as('m')).crossJoin('orders').whereRef('orders.order_num', '=', 'm.order_num').where(all)
      : db.selectFrom('orders').where((eb) => eb.and([eb('orders.order_num', 'in', nums), all(eb)]));
  return { k: from.select('orders.order_num').$if(byTotal, (s) => s.select('orders.total_cents')).as('k'), narrowed: true };
}

export async function listAdminOrders(db: Db, query: AdminOrdersQuery): Promise<AdminOrdersPage> {
  // Sorting by total reads every order the filter keeps: only a search or one customer keeps few.
  if (query.sort === 'total' && !query.q && !query.customer) throw new Invalid(ORDER_ADMIN_MESSAGES.sortByTotalNeedsSearch);
  const { k, narrowed } = await keys(db, query);
  const page = db
    .selectFrom(k)
    .select('k.order_num')
    .$if(query.sort === 'total', (s) => s.orderBy(sql.ref('k.total_cents'), 'desc').orderBy('k.order_num', 'desc'))
    .$if(query.sort === 'oldest', (s) => s.orderBy('k.order_num', 'asc'))
    .$if(query.sort === 'newest', (s) => s.orderBy('k.order_num', 'desc'))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const rows = await db
    .selectFrom('orders')
    .innerJoin('customers as c', 'c.id', 'orders.customer_id')
    .select([
      'orders.order_num',
      'orders.created_at',
      'orders.status_code',
      'orders.customer_id',
      'c.org_name',
      'c.email',
      'orders.po_number',
      'orders.total_cents',
      'orders.original_subtotal_cents',
      'orders.original_discount_cents',
      'orders.original_shipping_cents',
      'orders.original_tax_cents',
      'orders.line_count',
      'orders.open_west',
      'orders.open_east',
      'orders.backordered',
    ])
    .where('orders.order_num', 'in', page)
    .$if(query.sort === 'total', (s) => s.orderBy('orders.total_cents', 'desc').orderBy('orders.order_num', 'desc'))
    .$if(query.sort === 'oldest', (s) => s.orderBy('orders.order_num', 'asc'))
    .$if(query.sort === 'newest', (s) => s.orderBy('orders.order_num', 'desc'))
    .execute();

  // Nothing asked, or only a status: the kept counts know the total.
  const onlyStatus = !narrowed || (!query.q && filters(query).length === 1 && query.status !== undefined);
  let total: number;
  let totalCapped = false;
  if (onlyStatus) {
    const counts = await readCounts(db);
    const keys: readonly string[] = query.status ? [query.status] : ORDER_STATUSES;
    total = keys.reduce((n: number, s) => n + (counts.get(`status:${s}`) ?? 0), 0);
  } else if (rows.length < query.pageSize && (rows.length > 0 || query.page === 1)) {
    // The last page (a search for a number, a PO or an email has one): its rows tell the total.
    total = (query.page - 1) * query.pageSize + rows.length;
  } else {
    const capped = db.selectFrom(k).select('k.order_num').limit(ORDERS_ADMIN.countCap + 1);
    const r = await db.selectFrom(capped.as('m')).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    total = Number(r.n);
    totalCapped = total > ORDERS_ADMIN.countCap;
  }
  return {
    items: rows.map((r) => ({
      orderNum: r.order_num,
      createdAt: r.created_at,
      statusCode: r.status_code,
      customer: { id: r.customer_id, orgName: r.org_name, email: r.email },
      poNumber: r.po_number,
      ...totalsJson(r),
      lineCount: r.line_count,
      openWest: r.open_west,
      openEast: r.open_east,
      backordered: r.backordered,
    })),
    total,
    totalCapped,
    page: query.page,
    pageSize: query.pageSize,
  };
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}
