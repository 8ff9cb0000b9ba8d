import { sql } from 'kysely';
import type { ShipBody } from '../../contract/admin/orders';
import { type Shipment, WAREHOUSES } from '../../contract/order-lifecycle';
import type { Actor } from '../platform/audit/audit';
import { oneStatementWrites } from '../platform/db/dialect';
import { createInvoice, invoiceCtes, invoicedBefore, planInvoice } from '../money';
import {
  addOrderEvent,
  applyCountMoves,
  type CountMoves,
  type Db,
  insertShipment,
  type LineQuantities,
  lockOrder,
  type Moved,
  type MovedLine,
  NOTHING_INVOICED,
  orderLines,
  type OrderMoney,
  type OrderPlaced,
  type OrderState,
  type OrderStatusCode,
  type OrderSums,
  type OrderTotals,
  originalTotalOf,
  planCancel,
  planShipment,
  returnCouponUses,
  saveOrderState,
  setLineQuantities,
  shipmentCtes,
  statusAfter,
  sumsMovedBy,
  totalsAfterCancel,
  trackingUrl,
} from '../orders';
import { recordSales } from '../reports';
import { movementsCte } from '../stock';
import { taxAfterChange } from './order-tax';
import { type FilledBackorder, recordShipped, releaseToStock } from './stock-link';

/**
 * The two actions that change an order's lines, in the caller's transaction (the order is locked
 * and its status checked already): a shipment, and a cancel of lines or of the whole order.
 */

const describe = (moved: readonly Moved[]): MovedLine[] => moved.map((m) => ({ lineNo: m.line.line_no, invNum: m.line.item_num, title: m.line.title, qty: m.qty }));

/** The order's sums after `changes` to some of its `lines`: its kept sums moved by what changed (order-state.ts `sumsMovedBy`). */
function sumsAfter(order: OrderState, lines: readonly LineQuantities[], changes: readonly LineQuantities[]): OrderSums {
  const before = new Map(lines.map((l) => [l.line_no, l]));
  return sumsMovedBy(order, changes.map((c) => ({ before: before.get(c.line_no)!, after: c })));
}

const unitsOf = (s: OrderSums) => ({ open: s.open_west + s.open_east, backordered: s.backordered, shipped: s.shipped_qty });

const lineNosOf = (requested?: readonly { lineNo: number }[]) => requested?.map((r) => r.lineNo);

const CARRIER_NAMES: Record<string, string> = { ups: 'UPS', fedex: 'FedEx', usps: 'USPS', ltl: 'LTL freight', pickup: 'Pick-up', other: 'Other carrier' };
const WAREHOUSE_NAMES: Record<(typeof WAREHOUSES)[number], string> = { west: 'West (Fresno)', east: 'East (Fairhope)' };

export async function shipOrderLines(trx: Db, order: OrderState & OrderMoney, actor: Actor, body: ShipBody): Promise<{ after: OrderState; shipment: Shipment }> {
  const lines = await orderLines(trx, order.id, lineNosOf(body.lines));
  const { moved, changes } = planShipment(lines, body.warehouse, body.lines);
  await setLineQuantities(trx, order.id, changes);
  const sums = sumsAfter(order, lines, changes);
  const status = statusAfter(order.status_code, 'ship', unitsOf(sums))!;

  const shippedAt = new Date().toISOString();
  const invoice = await planInvoice(trx, order, moved, shippedAt.slice(0, 10));
  const shipped = moved.map((m) => ({ itemNum: m.line.item_num, warehouse: body.warehouse, units: m.qty }));
  const refPrefix = `order ${order.order_num} shipment `;
  const units = moved.reduce((n, m) => n + m.qty, 0);
  const tracking = body.trackingNumber ? `, tracking ${body.trackingNumber}` : '';
  const detailAfter = `: ${units} ${units === 1 ? 'unit' : 'units'} from ${WAREHOUSE_NAMES[body.warehouse]} by ${CARRIER_NAMES[body.carrier]}${tracking}`;
  const shipment = { order_id: order.id, warehouse: body.warehouse, carrier: body.carrier, tracking_number: body.trackingNumber, shipped_at: shippedAt, actor: actor.label };
  const shipmentLines = moved.map((m) => ({ line_no: m.line.line_no, qty: m.qty }));
  let shipmentNum: number;
  let invoiceNum: number;
  if (oneStatementWrites(trx)) {
    // One statement writes the shipment, its invoice, their lines, the timeline entry and the
    // movements (one round trip where they took five), numbered from sequences: no counter row is
    // held. Each owner gives its part: orders the shipment, money the invoice, stock the movements.
    const moves = shipped.filter((s) => s.units > 0).map((s) => ({ itemNum: s.itemNum, warehouse: s.warehouse, delta: -s.units }));
    const ship = shipmentCtes({ shipment, lines: shipmentLines, actorDisplay: actor.display, actorName: actor.name ?? null, detailAfter });
    const billed = invoiceCtes(invoice.row, invoice.lines, 's');
    const moved = moves.length > 0 ? [movementsCte('moved', moves, { reason: 'ship', ref: sql<string>`${refPrefix}::text || snum.value`, actor: actor.label, at: shippedAt, from: 'snum' })] : [];
    const r = await sql<{ shipment_num: number; invoice_num: number }>`with ${sql.join([ship.number, billed.number, ...ship.rows, ...billed.rows, ...moved])}
      select snum.value as shipment_num, inum.value as invoice_num from snum, inum`.execute(trx);
    shipmentNum = Number(r.rows[0]!.shipment_num);
    invoiceNum = Number(r.rows[0]!.invoice_num);
  } else {
    const written = await insertShipment(trx, shipment, shipmentLines);
    shipmentNum = written.shipmentNum;
    await recordShipped(trx, shipped, `${refPrefix}${shipmentNum}`, actor);
    invoiceNum = await createInvoice(trx, invoice, written.id);
    await addOrderEvent(trx, order.id, actor, 'shipped', `Shipment ${shipmentNum}${detailAfter}`, true);
  }
  // The order's state (and the counts, shared with every checkout) last.
  const after = await saveOrderState(trx, order, { status }, sums);
  return {
    after,
    shipment: {
      shipmentNum,
      warehouse: body.warehouse,
      carrier: body.carrier,
      trackingNumber: body.trackingNumber,
      trackingUrl: trackingUrl(body.carrier, body.trackingNumber),
      shippedAt,
      lines: describe(moved),
      invoiceNum,
    },
  };
}

export interface Cancelled {
  after: OrderState;
  moved: MovedLine[];
  /** Orders whose backorders got the released units: their buyers are mailed after the commit. */
  filled: FilledBackorder[];
  /** Items whose stock changed: the caller passes them to `markReleased` as its last statement. */
  stockChanged: number[];
}

/** What a cancel does, known before it takes the sales summaries and the counts. */
export interface CancelPlan {
  status: OrderStatusCode;
  moved: MovedLine[];
  filled: FilledBackorder[];
  /** The order's money after the cancel, and as placed. */
  totals: OrderTotals;
  originalCents: number;
}

/**
 * Cancels `requested` lines (all that is not shipped without it); released open units go back to
 * stock and waiting backorders. `beforeShared` is the caller's work that takes no row another
 * transaction needs (its audit row, its mails): it runs before the rows every checkout and cancel
 * share (sales summaries, order_counts), so those are held from their statement to the commit
 * across as few round trips as can be.
 */
export async function cancelOrderLines(
  trx: Db,
  order: OrderState & OrderPlaced & OrderMoney,
  actor: Actor,
  reason: string,
  requested?: { lineNo: number; qty: number }[],
  beforeShared?: (plan: CancelPlan) => Promise<void>,
): Promise<Cancelled> {
  const lines = await orderLines(trx, order.id, lineNosOf(requested));
  const { moved, changes, released } = planCancel(lines, requested);
  await setLineQuantities(trx, order.id, changes);
  const sums = sumsAfter(order, lines, changes);
  const status = statusAfter(order.status_code, 'cancel', unitsOf(sums))!;
  const totals = await totalsAfter(trx, order, moved);
  // Rows shared with checkout are taken in checkout's order, so the two never deadlock on
  // PostgreSQL: coupons, then items, then the sales summaries, then order_counts (decision 0014).
  // Nothing shipped and nothing left: the order never used its coupons.
  if (status === 'cancelled') await returnCouponUses(trx, order.id);
  // The released units go back, and to other orders' backorders, before this order's state is saved.
  // The counts are moved after the sales summaries, the fills' moves too (checkout's order: sales, then counts).
  const stockChanged: number[] = [];
  const counts: CountMoves = [];
  const filled = await releaseToStock(trx, released, `order ${order.order_num}`, actor, stockChanged, counts);
  const units = moved.reduce((n, m) => n + m.qty, 0);
  const what = requested ? `${units} ${units === 1 ? 'unit' : 'units'} on ${moved.length} ${moved.length === 1 ? 'line' : 'lines'} cancelled` : 'Order cancelled';
  await addOrderEvent(trx, order.id, actor, 'cancelled', `${what}: ${reason}`, true);
  const described = describe(moved);
  await beforeShared?.({ status, moved: described, filled, totals, originalCents: originalTotalOf(placedOf(order)) });
  // The sales summaries: after the items, before order_counts (checkout's order).
  await takeBackSales(trx, order, moved, changes, status === 'cancelled', Number(order.discount_cents) - totals.discountCents);
  // A fill of this order's own backorders (its row is ours, so the fill did not skip it) saved it,
  // its sums moved by what the fill allocated: read it again, and move those by this cancel.
  const current = filled.some((f) => f.orderNum === order.order_num) ? ((await lockOrder(trx, { id: order.id }, false)) ?? order) : order;
  const after = await saveOrderState(trx, current, { status, totals, ...(status === 'cancelled' ? { holdReason: null } : {}) }, sumsAfter(current, lines, changes), counts);
  await applyCountMoves(trx, counts);
  return { after, moved: described, filled, stockChanged };
}

/**
 * The order's money once `moved` is cancelled (order-totals.ts, decision 0026): its subtotal less
 * the cancelled units, the discount's share and the shipping. Its invoices are read only when
 * something shipped (every shipment has one).
 */
async function totalsAfter(trx: Db, order: OrderState & OrderMoney, moved: readonly Moved[]): Promise<OrderTotals> {
  const cancelledCents = moved.reduce((n, m) => n + m.qty * Number(m.line.price_cents), 0);
  const invoiced = order.shipped_qty > 0 ? await invoicedBefore(trx, order.id) : NOTHING_INVOICED;
  const remainingCents = Number(order.subtotal_cents) - cancelledCents;
  const untaxed = totalsAfterCancel(placedOf(order), remainingCents, invoiced);
  // The lines are cancelled already: the tax is worked out on what they keep (decision 0042).
  const { taxCents } = await taxAfterChange(trx, order, {
    placed: { discountCents: Number(order.original_discount_cents), shippingCents: Number(order.original_shipping_cents) },
    remaining: untaxed,
    invoicedTaxCents: invoiced.taxCents ?? 0,
  });
  return totalsAfterCancel(placedOf(order), remainingCents, invoiced, taxCents);
}

const placedOf = (order: OrderMoney) => ({
  subtotalCents: Number(order.original_subtotal_cents),
  discountCents: Number(order.original_discount_cents),
  shippingCents: Number(order.original_shipping_cents),
  taxCents: Number(order.original_tax_cents),
});

/**
 * Takes the cancelled units (and, for a whole cancel, the order) out of the sales summaries, with
 * the discount the cancel took off the order (`discountTakenCents`): the summaries count what
 * orders keep, as their recount does (reports/recount.ts).
 */
async function takeBackSales(
  trx: Db,
  order: Pick<OrderState, 'customer_id'> & OrderPlaced,
  moved: readonly Moved[],
  changes: readonly LineQuantities[],
  whole: boolean,
  discountTakenCents: number,
): Promise<void> {
  const after = new Map(changes.map((c) => [c.line_no, c]));
  const net = (l: LineQuantities) => l.qty_west + l.qty_east + l.qty_backordered + l.qty_shipped;
  await recordSales(trx, {
    placedAt: order.created_at,
    customerId: order.customer_id,
    state: (JSON.parse(order.ship_to_json) as { state?: string }).state ?? '',
    orders: whole ? -1 : 0,
    discountCents: -discountTakenCents,
    lines: moved.map((m) => ({
      itemNum: m.line.item_num,
      units: -m.qty,
      merchCents: -m.qty * Number(m.line.price_cents),
      lines: net(m.line) > 0 && net(after.get(m.line.line_no)!) === 0 ? -1 : 0,
    })),
  });
}
