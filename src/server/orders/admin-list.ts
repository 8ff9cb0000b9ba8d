import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { type AdminOrdersPage, type AdminOrdersQuery, ORDER_ADMIN_MESSAGES, ORDER_STATUSES, ORDERS_ADMIN } from '../../contract/admin/orders';
import { dollars } from '../../contract/cart';
import type { DB } from '../db/schema';
import { Invalid } from '../errors';
import { readCounts } from './counts';
import type { Db } from './queries';

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

const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Ids of customers whose company or email contains `q` (any case). */
async function matchingCustomers(db: Db, q: string): Promise<number[]> {
  const pattern = likePattern(q);
  const rows = await db
    .selectFrom('customers')
    .select('id')
    .where((eb) => eb.or([sql<SqlBool>`lower(org_name) like ${pattern} escape '\\'`, sql<SqlBool>`email_key like ${pattern} escape '\\'`]))
    .limit(CUSTOMER_MATCHES)
    .execute();
  return rows.map((r) => r.id);
}

async function filters(db: Db, query: AdminOrdersQuery): Promise<Where[]> {
  const where: Where[] = [];
  if (query.status) where.push((eb) => eb('orders.status_code', '=', query.status!));
  if (query.customer) where.push((eb) => eb('orders.customer_id', '=', query.customer!));
  if (query.warehouse === 'west') where.push((eb) => eb('orders.open_west', '>', 0));
  if (query.warehouse === 'east') where.push((eb) => eb('orders.open_east', '>', 0));
  if (query.backordered === '1') where.push((eb) => eb('orders.backordered', '>', 0));
  if (query.from) where.push((eb) => eb('orders.created_at', '>=', `${query.from}T00:00:00.000Z`));
  if (query.to) where.push((eb) => eb('orders.created_at', '<', nextDay(query.to!)));
  if (query.q) {
    const q = query.q;
    const customers = await matchingCustomers(db, q);
    const num = /^\d{1,12}$/.test(q) ? Number(q) : null;
    // A union of index lookups (order number, PO number, the customers' orders), not an OR the
    // planner might answer with a scan.
    where.push((eb) => {
      let ids = eb.selectFrom('orders as po').select('po.id').where('po.po_number', '=', q);
      if (num !== null) ids = ids.unionAll(eb.selectFrom('orders as n').select('n.id').where('n.order_num', '=', num));
      if (customers.length > 0) ids = ids.unionAll(eb.selectFrom('orders as c').select('c.id').where('c.customer_id', 'in', customers));
      return eb('orders.id', 'in', ids);
    });
  }
  return where;
}

export async function listAdminOrders(db: Db, query: AdminOrdersQuery): Promise<AdminOrdersPage> {
  // Sorting by total reads every order the filter keeps: only a search or one customer keeps few.
  if (query.sort === 'total' && !query.q && !query.customer) throw new Invalid(ORDER_ADMIN_MESSAGES.sortByTotalNeedsSearch);
  const where = await filters(db, query);
  const base = db.selectFrom('orders').where((eb) => eb.and(where.map((w) => w(eb))));
  const rows = await base
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
      'orders.line_count',
      'orders.open_west',
      'orders.open_east',
      'orders.backordered',
    ])
    .$if(query.sort === 'total', (s) => s.orderBy('orders.total_cents', 'desc').orderBy('orders.order_num', 'desc'))
    .$if(query.sort === 'oldest', (s) => s.orderBy('orders.order_num', 'asc'))
    .$if(query.sort === 'newest', (s) => s.orderBy('orders.order_num', 'desc'))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();

  const onlyStatus = where.length === 0 || (where.length === 1 && query.status !== undefined);
  let total: number;
  let totalCapped = false;
  if (onlyStatus) {
    const counts = await readCounts(db);
    const keys: readonly string[] = query.status ? [query.status] : ORDER_STATUSES;
    total = keys.reduce((n: number, s) => n + (counts.get(`status:${s}`) ?? 0), 0);
  } else {
    const capped = base.select(sql<number>`1`.as('one')).limit(ORDERS_ADMIN.countCap + 1);
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
      total: dollars(Number(r.total_cents)),
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
