import { sql } from 'kysely';
import { dollars, type OrderAddress } from '../../contract/cart';
import type { AdminOrder } from '../../contract/admin/orders';
import { orderRedemptions } from './cart/queries';
import { runHot } from '../platform/db/database';
import { nestedJsonReads } from '../platform/db/dialect';
import { NotFound } from '../platform/errors';
import { CART_MESSAGES } from '../../contract/cart';
import { type HistoryRows, historyOf, orderHistory } from './lifecycle-queries';
import { type Db, orderLines, type OrderLineRow, type OrderRow } from './queries';
import type { EditedLine } from './order-edit-queries';
import { availableActions } from './transitions';
import { taxJson, totalsJson } from './order-totals';

/** The staff's view of one order (DESIGN.md §5): its lines with their five quantities, shipments, invoices, the whole timeline. */
export async function readAdminOrder(db: Db, orderNum: number): Promise<AdminOrder> {
  if (nestedJsonReads(db)) {
    const { row, parts } = await readInOneStatement(db, orderNum, null);
    return toAdminOrder(row, parts!);
  }
  const row = await orderHead(db, orderNum);
  return toAdminOrder(row, await orderParts(db, row.id));
}

function orderHead(db: Db, orderNum: number): Promise<OrderHead> {
  return db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .selectAll('o')
    .select(['c.org_name', 'c.email', 'c.first_name', 'c.last_name'])
    .where('o.order_num', '=', orderNum)
    .executeTakeFirstOrThrow(() => new NotFound(CART_MESSAGES.orderNotFound(orderNum)));
}

/** What of an order only changes with its version: lines, coupons, shipments, invoices, timeline. */
type OrderParts = Pick<AdminOrder, 'lines' | 'coupons' | 'shipments' | 'invoices' | 'events'>;

async function orderParts(db: Db, orderId: number): Promise<OrderParts> {
  const [lines, coupons] = await Promise.all([orderLines(db, orderId), orderRedemptions(db, orderId)]);
  return adminParts(lines, coupons, await orderHistory(db, orderId, lines, 'staff'));
}

/** The parts' rows as PostgreSQL's one statement answers them (JSON). */
type PartRows = HistoryRows & { lines: OrderLineRow[]; coupons: Coupon[] };

/**
 * PostgreSQL: the order's row and, unless its version is `keptVersion`, its parts as JSON, in ONE
 * statement: one round trip where the parts took three (and a 200-line order's parts read in one
 * snapshot, so they are never of two versions). `parts` is null when the kept version is current.
 */
async function readInOneStatement(db: Db, orderNum: number, keptVersion: number | null): Promise<{ row: OrderHead; parts: OrderParts | null }> {
  const agg = (what: ReturnType<typeof sql>, order: ReturnType<typeof sql>) => sql`coalesce(json_agg(${what} order by ${order}), '[]'::json)`;
  const query = sql<OrderHead & { parts: PartRows | null }>`select o.*, c.org_name, c.email, c.first_name, c.last_name,
      case when o.version is distinct from ${keptVersion}::integer then json_build_object(
        'lines', (select ${agg(sql`l`, sql`l.line_no`)} from order_lines l where l.order_id = o.id),
        'coupons', (select ${agg(sql`json_build_object('code', r.code, 'name', r.name, 'discount_cents', r.discount_cents)`, sql`r.id`)} from coupon_redemptions r where r.order_id = o.id),
        'shipments', (select ${agg(sql`s`, sql`s.id`)} from shipments s where s.order_id = o.id),
        'shipmentLines', (select ${agg(sql`json_build_object('shipment_id', sl.shipment_id, 'line_no', sl.line_no, 'qty', sl.qty)`, sql`sl.shipment_id, sl.line_no`)}
          from shipment_lines sl join shipments s on s.id = sl.shipment_id where s.order_id = o.id),
        'invoices', (select ${agg(sql`json_build_object('id', i.id, 'invoice_num', i.invoice_num, 'shipment_id', i.shipment_id, 'invoice_date', i.invoice_date, 'due_date', i.due_date, 'total_cents', i.total_cents, 'status', i.status)`, sql`i.id`)}
          from invoices i where i.order_id = o.id),
        'events', (select ${agg(sql`json_build_object('at', e.at, 'actor', e.actor, 'actor_name', e.actor_name, 'kind', e.kind, 'detail', e.detail, 'public', e.public)`, sql`e.id`)} from order_events e where e.order_id = o.id)
      ) end as parts
    from orders o join customers c on c.id = o.customer_id
    where o.order_num = ${orderNum}`.compile(db);
  // Outside a transaction a named prepared statement: parsed and planned once per connection.
  const found = ((await runHot(db, query, query.parameters)) ?? (await db.executeQuery(query)).rows)[0];
  if (!found) throw new NotFound(CART_MESSAGES.orderNotFound(orderNum));
  const { parts: p, ...row } = found;
  return { row, parts: p && adminParts(p.lines, p.coupons, historyOf(p, p.lines, 'staff')) };
}

function adminParts(lines: readonly OrderLineRow[], coupons: readonly Coupon[], history: Pick<AdminOrder, 'shipments' | 'invoices' | 'events'>): OrderParts {
  return {
    coupons: coupons.map((c) => ({ code: c.code, name: c.name, discount: dollars(c.discount_cents) })),
    lines: lines.map((l) => ({ lineNo: l.line_no, invNum: l.item_num, title: l.title, price: dollars(l.price_cents), ...quantitiesOf(l) })),
    ...history,
  };
}

/** A line's quantities and amount as the staff's order shows them. */
function quantitiesOf(l: EditedLine) {
  return {
    qty: l.qty,
    extended: dollars(l.extended_cents),
    openWest: l.qty_west,
    openEast: l.qty_east,
    backordered: l.qty_backordered,
    shipped: l.qty_shipped,
    cancelled: l.qty_cancelled,
  };
}

/**
 * What an order edit wrote (decision 0036): the lines it rewrote, deleted and added, and its
 * timeline entries as the staff read them. Nothing else of the order's parts changes in an edit:
 * it never ships, invoices or touches coupons.
 */
export interface EditedParts {
  changed: readonly EditedLine[];
  removed: readonly number[];
  added: readonly OrderLineRow[];
  events: AdminOrder['events'];
}

/**
 * Reads admin orders for the order desk and the ERP feed, outside any transaction, keeping the
 * parts of recent orders that only change with the order's version (every change of an order's
 * lines, shipments, invoices or timeline goes through `saveOrderState`, which moves it). A read
 * is then one query for the order's row: a 200-line order the desk opens again, or one the feed
 * sends again, is not read line by line. On PostgreSQL a read is always one statement: the row
 * with the parts, or without them when the kept version is current (`readInOneStatement`). The row (status, sums, customer's name) is always fresh;
 * another instance's change moves the version in the database, so no instance serves old parts.
 * Never pass a transaction: what it reads may roll back under a version that then commits other parts.
 */
export class AdminOrderReader {
  private readonly kept = new Map<number, { version: number; parts: OrderParts }>();
  private keptLines = 0;

  /** `lineBudget`: the lines kept in all (about 300 bytes each). */
  constructor(
    private readonly db: Db,
    private readonly lineBudget = 50_000,
  ) {}

  async read(orderNum: number): Promise<AdminOrder> {
    const hit = this.kept.get(orderNum);
    if (nestedJsonReads(this.db)) {
      // One round trip: the row, and the parts only when the kept ones are not of its version.
      const { row, parts } = await readInOneStatement(this.db, orderNum, hit?.version ?? null);
      if (parts === null) return this.used(orderNum, row, hit!);
      this.keep(orderNum, row.version, parts);
      return toAdminOrder(row, parts);
    }
    const row = await orderHead(this.db, orderNum);
    if (hit && hit.version === row.version) return this.used(orderNum, row, hit);
    const parts = await orderParts(this.db, row.id);
    this.keep(orderNum, row.version, parts);
    return toAdminOrder(row, parts);
  }

  /**
   * An edit of the order at version `from` has committed and made it `from + 1`: when the parts of
   * `from` are kept, the parts of `from + 1` are made from them and what the edit wrote, so the
   * edit's answer reads the order's row only (a 200-line order's lines and timeline were most of
   * an edit's reads). Another change meanwhile moves the version past `from + 1`, and the next read
   * reads the parts. The caller does not call this when the edit changed its order in other ways
   * (its released units filled the order's own backorders).
   */
  edited(orderNum: number, from: number, change: EditedParts): void {
    const hit = this.kept.get(orderNum);
    if (!hit || hit.version !== from) return;
    const removed = new Set(change.removed);
    const changed = new Map(change.changed.map((l) => [l.line_no, l]));
    const lines = hit.parts.lines.flatMap((l) => {
      if (removed.has(l.lineNo)) return [];
      const c = changed.get(l.lineNo);
      return [c ? { ...l, ...quantitiesOf(c) } : l];
    });
    for (const r of change.added) lines.push({ lineNo: r.line_no, invNum: r.item_num, title: r.title, price: dollars(r.price_cents), ...quantitiesOf(r) });
    lines.sort((a, b) => a.lineNo - b.lineNo);
    this.keep(orderNum, from + 1, { ...hit.parts, lines, events: [...hit.parts.events, ...change.events] });
  }

  private used(orderNum: number, row: OrderHead, hit: { version: number; parts: OrderParts }): AdminOrder {
    // Most recently used last: the Map's order is the eviction order.
    this.kept.delete(orderNum);
    this.kept.set(orderNum, hit);
    return toAdminOrder(row, hit.parts);
  }

  /** Kept by order number (an order's number never changes once another transaction can see it). */
  private keep(orderNum: number, version: number, parts: OrderParts): void {
    const old = this.kept.get(orderNum);
    if (old) {
      this.kept.delete(orderNum);
      this.keptLines -= old.parts.lines.length;
    }
    if (parts.lines.length > this.lineBudget) return;
    this.kept.set(orderNum, { version, parts });
    this.keptLines += parts.lines.length;
    for (const [id, entry] of this.kept) {
      if (this.keptLines <= this.lineBudget) break;
      this.kept.delete(id);
      this.keptLines -= entry.parts.lines.length;
    }
  }
}

/**
 * The admin order of one just placed, from what its checkout wrote (nothing read): no shipments,
 * invoices or events yet. It is order.placed's webhook data.
 */
export function placedAdminOrder(row: AdminOrderRow, lines: readonly OrderLineRow[], coupons: readonly Coupon[]): AdminOrder {
  return toAdminOrder(row, adminParts(lines, coupons, { shipments: [], invoices: [], events: [] }));
}

type Coupon = { code: string; name: string; discount_cents: number };
/** The buyer's contact name, when the read has it (the placed event is theirs). */
type BuyerName = { first_name?: string; last_name?: string };
type AdminOrderRow = Omit<OrderRow, 'id'> & { org_name: string; email: string } & BuyerName;
type OrderHead = OrderRow & { org_name: string; email: string } & BuyerName;

/**
 * The timeline's first entry: the order placed, by the buyer (their contact name, else the
 * company), or entered by a staff member (their name then, and how it came in), at the order's time.
 */
function placedEvent(row: AdminOrderRow): AdminOrder['events'][number] {
  if (row.entered_by_name !== null && row.source === 'web') {
    // Placed in the shop by a staff member acting for the buyer (decision 0035).
    return { at: row.created_at, actor: row.entered_by_name, kind: 'placed', detail: `Order placed in the shop for ${row.org_name}, acting for them`, public: true };
  }
  if (row.entered_by_name !== null) {
    const how = row.source === 'in_person' ? 'in person' : row.source === 'other' ? '' : `by ${row.source}`;
    return { at: row.created_at, actor: row.entered_by_name, kind: 'placed', detail: `Order entered${how ? ` ${how}` : ''} for ${row.org_name}`, public: true };
  }
  const name = `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() || row.org_name;
  return { at: row.created_at, actor: name, kind: 'placed', detail: name === row.org_name ? 'Order placed' : `Order placed for ${row.org_name}`, public: true };
}

function toAdminOrder(row: AdminOrderRow, parts: OrderParts): AdminOrder {
  return {
    orderNum: row.order_num,
    statusCode: row.status_code,
    holdReason: row.hold_reason,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    customer: { id: row.customer_id, orgName: row.org_name, email: row.email },
    shipTo: JSON.parse(row.ship_to_json) as OrderAddress,
    // The option as chosen, at its price; `shipping` below is what the order still charges.
    shippingOption: { code: row.shipping_code, name: row.shipping_name, amount: dollars(row.original_shipping_cents) },
    poNumber: row.po_number,
    comments: row.comments,
    coupons: parts.coupons,
    subtotal: dollars(row.subtotal_cents),
    discount: dollars(row.discount_cents),
    shipping: dollars(row.shipping_cents),
    ...totalsJson(row),
    ...taxJson(row),
    lines: parts.lines,
    shipments: parts.shipments,
    invoices: parts.invoices,
    // Demo and synthetic orders stored a placed entry of their own: the one from the order's row stands for it.
    events: [placedEvent(row), ...parts.events.filter((e) => e.kind !== 'placed')],
    actions: availableActions(row.status_code, { open: row.open_west + row.open_east, backordered: row.backordered, shipped: row.shipped_qty }),
    source: row.source,
    enteredBy: row.entered_by_id === null ? null : { id: row.entered_by_id, name: row.entered_by_name ?? '' },
  };
}
