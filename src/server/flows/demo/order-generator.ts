import { ORDER_STATUS_LABELS } from '../../../contract/order-lifecycle';
import type { OrderAddress } from '../../../contract/cart';
import { type OrderStatusCode, shippingRates } from '../../orders';
import { SeededRandom } from '../../catalogue';
import type { SyntheticCustomer } from '../../customers';
import { type Line, type Shipped, shipmentRows, type Warehouse } from './shipment-builder';
import type { OrderRows, Sequences, SyntheticItem } from './synthetic-types';

/**
 * Synthetic orders for benchmarks (pure: rows in, rows out). Each order is built the way the shop
 * would have made it: allocated at checkout (West/East/backordered), then moved along the
 * lifecycle to its status, with the shipments, invoices and timeline that status implies, so every
 * line keeps qty = west + east + backordered + shipped + cancelled and the order's sums match.
 */

export interface CouponRef {
  id: number;
  code: string;
  name: string;
}

const DAY = 86_400_000;
/** Orders spread over the last two years; the newest 15% are still being worked on. */
const SPAN_DAYS = 730;
/** One order in BIG_EVERY has 200 lines; a third of those stay accepted with much open at both warehouses. */
export const BIG_EVERY = 333;
export const BIG_LINES = 200;
const WEST_STATES = new Set(['CA', 'OR', 'WA', 'NV', 'AZ', 'UT', 'ID', 'MT', 'WY', 'CO', 'NM', 'AK', 'HI', 'TX']);
const STAFF = 'Order desk: Olivia Owner';
const QTYS = [1, 1, 2, 2, 3, 4, 5, 6, 6, 10, 12, 12, 20, 24, 25, 50, 100];
const PAST: [OrderStatusCode, number][] = [['closed', 60], ['shipped', 32], ['cancelled', 6], ['partially_shipped', 2]];
const RECENT: [OrderStatusCode, number][] = [['received', 35], ['accepted', 30], ['partially_shipped', 15], ['on_hold', 8], ['shipped', 7], ['cancelled', 5]];
const HOLD_REASONS = ['credit limit', 'Customer asked us to wait', 'Address to be confirmed'];

export class SyntheticOrderGenerator {
  private readonly rng: SeededRandom;
  private readonly start: number;
  /** Indexes of the items out of stock at both warehouses, ascending. */
  private readonly outOfStock: number[];

  constructor(
    private readonly total: number,
    private readonly customers: readonly SyntheticCustomer[],
    private readonly items: readonly SyntheticItem[],
    private readonly coupon: CouponRef | null,
    private readonly seq: Sequences,
    seed: number,
    now = Date.now(),
  ) {
    if (customers.length === 0 || items.length === 0) throw new Error('synthetic orders need customers and items');
    this.rng = new SeededRandom(seed);
    this.start = now - SPAN_DAYS * DAY;
    this.outOfStock = items.flatMap((item, k) => (item.outOfStock ? [k] : []));
  }

  /** Orders `from` … `from + count - 1` of the run (their position sets their age). */
  batch(from: number, count: number): OrderRows {
    const rows: OrderRows = { orders: [], lines: [], shipments: [], shipmentLines: [], invoices: [], invoiceLines: [], events: [], redemptions: [] };
    for (let i = from; i < from + count; i++) this.order(i, rows);
    return rows;
  }

  private order(i: number, rows: OrderRows): void {
    const rng = this.rng;
    const id = this.seq.orderId++;
    const orderNum = this.seq.orderNum++;
    const customer = rng.pick(this.customers);
    const created = this.start + (i / this.total) * SPAN_DAYS * DAY + rng.int(0, 3_600_000);
    // Halfway through each stretch of BIG_EVERY, so that a run of a few hundred orders has one too.
    const big = i % BIG_EVERY === BIG_EVERY >> 1;
    const benchOpen = big && Math.floor(i / BIG_EVERY) % 3 === 0;
    let status: OrderStatusCode = benchOpen ? 'accepted' : this.weighted(i / this.total < 0.85 ? PAST : RECENT);
    const first: Warehouse = WEST_STATES.has(customer.state) ? 'west' : 'east';
    const lines = this.lines(big ? BIG_LINES : this.lineCount(), first, benchOpen);

    // Moves the lines to the status; a partial shipment that cannot leave anything open is none.
    const shipped = this.applyStatus(status, lines, first);
    if (status === 'partially_shipped' && shipped.length === 0) status = 'accepted';

    const subtotal = lines.reduce((s, l) => s + l.qty * l.item.priceCents, 0);
    const discount = this.coupon && rng.chance(0.12) ? Math.round(subtotal * 0.1) : 0;
    const shippingCode = rng.chance(0.1) ? `willcall-${first}` : rng.chance(0.8) ? 'ground' : '2day';
    const destination = { state: customer.state, country: 'US' };
    const rate = shippingRates({ merchandiseCents: subtotal - discount, destination, freeShippingCoupon: false }).find((r) => r.code === shippingCode)!;
    // To the billing address, as a checkout records it: ship-to code ''.
    const shipTo: OrderAddress = { code: '', orgName: customer.orgName, contact: customer.contact, addressLine1: customer.addressLine1, city: customer.city, state: customer.state, zip: customer.zip, country: 'US', dayPhone: '555-0100' };

    const at = (days: number) => new Date(Math.min(Date.now(), created + days * DAY)).toISOString();
    const events: [string, string, string, string, number][] = [[at(0), 'Customer', 'placed', 'Order placed', 1]];
    if (status !== 'received' && status !== 'cancelled') events.push([at(0.2), STAFF, 'accepted', 'Accepted', 1]);
    const holdReason = status === 'on_hold' ? rng.pick(HOLD_REASONS) : null;
    if (holdReason) events.push([at(0.3), STAFF, 'on_hold', holdReason, 0]);
    if (status === 'cancelled') events.push([at(0.5), STAFF, 'cancelled', 'Cancelled: customer request', 1]);

    const ship = shipmentRows({ rng, seq: this.seq, orderId: id, customerId: customer.id, lines, shipped, subtotal, discount, shippingCents: rate.amountCents, paid: status === 'closed', at });
    for (const [table, got] of Object.entries(ship.rows) as [keyof OrderRows, unknown[][]][]) rows[table].push(...got);
    events.push(...ship.events);
    if (status === 'closed') events.push([at(45), 'System', 'closed', 'Invoices paid: order closed', 0]);

    const sum = (f: (l: Line) => number) => lines.reduce((s, l) => s + f(l), 0);
    const backordered = sum((l) => l.backordered);
    const label = status === 'received' && backordered > 0 ? 'Received, partly backordered' : ORDER_STATUS_LABELS[status];
    const updated = events.reduce((a, e) => (e[0] > a ? e[0] : a), events[0]![0]);
    const po = rng.chance(0.6) ? `PO-${rng.int(1000, 999_999)}` : '';
    // Only whole orders are cancelled here: nothing is left of them (decision 0026).
    const now = status === 'cancelled' ? { s: 0, d: 0, h: 0 } : { s: subtotal, d: discount, h: rate.amountCents };
    rows.orders.push([
      id, orderNum, customer.id, label, at(0), now.s, now.d, now.h, now.s - now.d + now.h,
      '', JSON.stringify(shipTo), rate.code, rate.name, po, '', lines.length, sum((l) => l.qty),
      status, events.length - 1, sum((l) => l.west), sum((l) => l.east), backordered, sum((l) => l.shipped), holdReason, updated,
      subtotal, discount, rate.amountCents,
    ]);
    lines.forEach((l, n) => rows.lines.push([id, n + 1, l.item.num, l.item.title, l.qty, l.item.priceCents, l.qty * l.item.priceCents, l.west, l.east, l.backordered, l.shipped, l.cancelled]));
    for (const e of events) rows.events.push([id, ...e]);
    if (discount > 0 && this.coupon) rows.redemptions.push([this.coupon.id, customer.id, id, this.coupon.code, this.coupon.name, discount, at(0)]);
  }

  /** About ten lines on average: most orders are small, a few are long. */
  private lineCount(): number {
    return Math.min(60, 1 + Math.floor(-Math.log(1 - this.rng.next()) * 9));
  }

  private lines(count: number, first: Warehouse, benchOpen: boolean): Line[] {
    const rng = this.rng;
    const picked = this.items.length > count * 2 ? new Set<number>() : null;
    return Array.from({ length: count }, () => {
      // Popular items come up more often (index skewed towards the start).
      let k = Math.floor(rng.next() ** 2 * this.items.length);
      while (picked?.has(k)) k = rng.int(0, this.items.length - 1);
      if (benchOpen) {
        picked?.add(k);
        const west = rng.int(10, 40);
        const east = rng.int(10, 40);
        return { item: this.items[k]!, qty: west + east, west, east, backordered: 0, shipped: 0, cancelled: 0 };
      }
      const qty = rng.pick(QTYS);
      const roll = rng.next();
      const other: Warehouse = first === 'west' ? 'east' : 'west';
      const part = qty > 1 ? rng.int(1, qty - 1) : 0;
      // A line that waits is of an item out of stock at both warehouses (units of one in stock would
      // have gone to it): the one nearest in popularity. None left for this order: it was allocated.
      const waits = qty > 1 && roll >= 0.85 ? this.outOfStockNear(k, picked) : null;
      if (waits !== null) k = waits;
      picked?.add(k);
      const line: Line = { item: this.items[k]!, qty, west: 0, east: 0, backordered: 0, shipped: 0, cancelled: 0 };
      if (roll < 0.7 || qty === 1) line[first] = qty;
      else if (roll < 0.85) [line[first], line[other]] = [qty - part, part];
      else if (waits === null) line[first] = qty;
      else if (roll < 0.95) [line[first], line.backordered] = [qty - part, part];
      else line.backordered = qty;
      return line;
    });
  }

  /** The out-of-stock item whose index is nearest `k` (at or before it first), not yet on the order; null when there is none. */
  private outOfStockNear(k: number, picked: ReadonlySet<number> | null): number | null {
    const out = this.outOfStock;
    let lo = 0;
    let hi = out.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (out[mid]! <= k) lo = mid + 1;
      else hi = mid;
    }
    for (const i of [lo - 1, lo]) {
      const candidate = out[i];
      if (candidate !== undefined && !picked?.has(candidate)) return candidate;
    }
    return null;
  }

  /** Answers what shipped, per warehouse, in shipping order. */
  private applyStatus(status: OrderStatusCode, lines: Line[], first: Warehouse): Shipped[] {
    if (status === 'cancelled') {
      for (const l of lines) Object.assign(l, { west: 0, east: 0, backordered: 0, cancelled: l.qty });
      return [];
    }
    if (status === 'shipped' || status === 'closed') {
      // Each warehouse ships what it had; backordered units follow later from the first warehouse.
      const out: Shipped[] = [];
      for (const w of ['west', 'east', 'later'] as const) {
        const got = lines.flatMap((l, n) => {
          const qty = w === 'later' ? l.backordered : l[w];
          return qty > 0 ? [{ lineNo: n + 1, qty }] : [];
        });
        if (got.length > 0) out.push({ warehouse: w === 'later' ? first : w, lines: got, later: w === 'later' });
      }
      for (const l of lines) Object.assign(l, { west: 0, east: 0, backordered: 0, shipped: l.qty });
      return out;
    }
    if (status !== 'partially_shipped') return [];
    const west = lines.reduce((s, l) => s + l.west, 0);
    const w: Warehouse = west >= lines.reduce((s, l) => s + l.east, 0) ? 'west' : 'east';
    const candidates = lines.map((l, n) => ({ l, lineNo: n + 1 })).filter((c) => c.l[w] > 0);
    let chosen = candidates.filter(() => this.rng.chance(0.7));
    if (chosen.length === 0) chosen = candidates.slice(0, 1);
    const open = lines.reduce((s, l) => s + l.west + l.east + l.backordered, 0);
    if (chosen.reduce((s, c) => s + c.l[w], 0) >= open) chosen = chosen.slice(1);
    if (chosen.length === 0) return [];
    const shipped = chosen.map((c) => ({ lineNo: c.lineNo, qty: c.l[w] }));
    for (const c of chosen) Object.assign(c.l, { shipped: c.l[w], [w]: 0 });
    return [{ warehouse: w, lines: shipped, later: false }];
  }

  private weighted(options: readonly [OrderStatusCode, number][]): OrderStatusCode {
    let roll = this.rng.next() * options.reduce((s, [, w]) => s + w, 0);
    for (const [status, w] of options) if ((roll -= w) < 0) return status;
    return options[0]![0];
  }
}
