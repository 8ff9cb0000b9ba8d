import { dollars, type OrderAddress } from '../../contract/cart';
import type { Actor } from '../platform/audit/audit';
import { queuedMail } from '../platform/mail/mailer';
import {
  applyCountMoves,
  type CountMoves,
  type Db,
  type EditedHeader,
  editedMail,
  type EditedParts,
  nextLineNo,
  type OrderEventRow,
  type OrderBuyer,
  type OrderLineRow,
  type OrderMoney,
  type OrderPlaced,
  type OrderState,
  type OrderStatusCode,
  type OrderSums,
  type OrderTotals,
  readAdminOrder,
  rewriteOrderLines,
  saveOrderState,
  sumsMovedBy,
  type TaxTerms,
  taxTermsColumns,
} from '../orders';
import { recordSales } from '../reports';
import type { WebhookEvents } from '../staff';
import { allocateStock, decrementStock, firstWarehouse, markStockChanged, type Move, type StockRow } from '../stock';
import { enqueueBackorderMails } from './backorder-mail';
import { releaseUnits } from './backorders';
import { recordChange } from './change-record';
import { type LinesPlan, wanted } from './order-edit-plan';

/** The steps of an order edit (order-edit.ts), in its transaction, once it is planned and checked. */

export interface AddedLine {
  item: StockRow;
  qty: number;
  unitCents: number;
}

export interface EditContext {
  trx: Db;
  order: OrderState & OrderMoney & OrderPlaced & OrderBuyer;
  who: Actor;
  /** The lines the edit names (all of them when the order moves to another state). */
  lines: readonly OrderLineRow[];
  header: EditedHeader;
  plan: LinesPlan;
  added: readonly AddedLine[];
  destination: OrderAddress;
  publicUrl: string;
  events: WebhookEvents;
}

export interface Allocated {
  addedRows: OrderLineRow[];
  moves: Move[];
  itemIds: number[];
}

/**
 * New units (increases and added lines) take available stock as at checkout: the warehouse the
 * shipping option or the destination's state names first, then the other, the rest backordered.
 * An order on hold takes none: its new units wait like backorders until it is released.
 */
export async function allocateEdit(ctx: EditContext, items: ReadonlyMap<string, StockRow>, how: { hold: boolean; first: { option: string; state: string } }): Promise<Allocated> {
  const first = firstWarehouse(how.first.option, how.first.state);
  const left = new Map([...items.values()].map((i) => [i.num, { west: i.qty_fr - i.reserve_fr, east: i.qty_fh - i.reserve_fh }]));
  const taken = new Map<number, { itemId: number; west: number; east: number }>();
  const moves: Move[] = [];
  const take = (itemNum: string, units: number) => {
    const item = items.get(itemNum);
    if (how.hold || !item) return { west: 0, east: 0, backordered: units };
    const available = left.get(itemNum)!;
    const got = allocateStock(units, available, first);
    available.west -= got.west;
    available.east -= got.east;
    const t = taken.get(item.id) ?? { itemId: item.id, west: 0, east: 0 };
    t.west += got.west;
    t.east += got.east;
    taken.set(item.id, t);
    for (const w of ['west', 'east'] as const) if (got[w] > 0) moves.push({ itemNum, warehouse: w, delta: -got[w] });
    return got;
  };
  for (const e of ctx.plan.edits) {
    if (e.needs === 0) continue;
    const got = take(e.line.item_num, e.needs);
    e.after.qty_west += got.west;
    e.after.qty_east += got.east;
    e.after.qty_backordered += got.backordered;
  }
  let lineNo = ctx.added.length > 0 ? await nextLineNo(ctx.trx, ctx.order.id) : 0;
  const addedRows = ctx.added.map((a) => {
    const got = take(a.item.num, a.qty);
    return {
      order_id: ctx.order.id,
      line_no: lineNo++,
      item_num: a.item.num,
      title: a.item.web_title,
      qty: a.qty,
      price_cents: a.unitCents,
      extended_cents: a.qty * a.unitCents,
      qty_west: got.west,
      qty_east: got.east,
      qty_backordered: got.backordered,
      qty_shipped: 0,
      qty_cancelled: 0,
    };
  });
  const changes = [...taken.values()].filter((t) => t.west + t.east > 0);
  await decrementStock(ctx.trx, changes);
  return { addedRows, moves, itemIds: changes.map((c) => c.itemId) };
}

export interface EditMoney {
  totals: OrderTotals;
  /** The order as placed and edited (its `original_*` columns). */
  placed: { subtotalCents: number; discountCents: number; shippingCents: number; taxCents: number };
  /** How the order is taxed after the edit (a new ship-to asks again: decision 0042). */
  taxTerms: TaxTerms;
  /** The order's total before the edit. */
  beforeCents: number;
  creditHold: boolean;
  holdReason?: string;
  /** What changed of the header (null: not changed). */
  shipTo: OrderAddress | null;
  shipping: { code: string; name: string; before: string } | null;
  poNumber: string | null;
  comments: string | null;
}

const money = (cents: number) => `$${dollars(cents).toFixed(2)}`;
const place = (a: Pick<OrderAddress, 'orgName' | 'city' | 'state'>) => [a.orgName, a.city, a.state].filter(Boolean).join(', ');

/** The edit in words, one entry per line and field changed: the "edited" event, the mail and the audit row say the same. */
function describeEdit(ctx: EditContext, allocation: Allocated, m: EditMoney): string[] {
  const words: string[] = [];
  for (const e of ctx.plan.edits) {
    if (e.from === e.to) continue;
    words.push(`Line ${e.line.line_no} (${e.line.item_num} ${e.line.title}): ${e.from} → ${e.removed ? 'removed' : e.to}`);
  }
  for (const r of allocation.addedRows) words.push(`Added line ${r.line_no} (${r.item_num} ${r.title}): ${r.qty} at ${money(r.price_cents)}`);
  if (m.shipTo) words.push(`Ship to: ${place(JSON.parse(ctx.header.ship_to_json) as OrderAddress)} → ${place(m.shipTo)}`);
  if (m.shipping && m.shipping.name !== m.shipping.before) words.push(`Shipping: ${m.shipping.before} → ${m.shipping.name}`);
  if (m.poNumber !== null) words.push(`PO number: ${ctx.header.po_number || 'none'} → ${m.poNumber || 'none'}`);
  if (m.comments !== null) words.push('Comments changed');
  if (m.totals.totalCents !== m.beforeCents) words.push(`Total: ${money(m.beforeCents)} → ${money(m.totals.totalCents)}`);
  return words;
}

/**
 * Writes the planned edit: the lines, the movements, released units back to stock and to waiting
 * backorders, the timeline, audit row and mails, the sales summaries, the order (header, state,
 * money, version, counts), the webhook, and last the stock feed's mark. Rows every checkout also
 * takes are taken in checkout's order: items (locked already), sales summaries, order_counts, the
 * stock sequence (decision 0014).
 */
export async function writeEdit(ctx: EditContext, allocation: Allocated, m: EditMoney): Promise<{ parts: EditedParts; filledOwn: boolean }> {
  const { trx, order, who, plan } = ctx;
  const deleted = plan.edits.filter((e) => e.removed && e.line.qty_cancelled === 0).map((e) => e.line.line_no);
  const changed = plan.edits.filter((e) => !deleted.includes(e.line.line_no)).map((e) => e.after);
  await rewriteOrderLines(trx, order.id, { changed, removed: deleted, added: allocation.addedRows });
  const status = statusAfterEdit(ctx, allocation, m.creditHold);
  // The order's state is saved before units go back: a backorder fill then sees it as it is now
  // (on hold for credit: it waits; otherwise its own backorders may take what it gave back, and
  // the fill moves its sums from these). Its header in the same statement; its sums, line count
  // and units moved by what the edit changed (it reads only the lines it changes). Its count
  // moves wait for the sales summaries (checkout's order).
  const counts: CountMoves = [];
  const header = {
    ship_to_code: m.shipTo ? m.shipTo.code : ctx.header.ship_to_code,
    ship_to_json: m.shipTo ? JSON.stringify(m.shipTo) : ctx.header.ship_to_json,
    shipping_code: m.shipping ? m.shipping.code : ctx.header.shipping_code,
    shipping_name: m.shipping ? m.shipping.name : ctx.header.shipping_name,
    po_number: m.poNumber ?? ctx.header.po_number,
    comments: m.comments ?? ctx.header.comments,
    original_subtotal_cents: m.placed.subtotalCents,
    original_discount_cents: m.placed.discountCents,
    original_shipping_cents: m.placed.shippingCents,
    original_tax_cents: m.placed.taxCents,
    ...taxTermsColumns(m.taxTerms),
    ...linesAfterEdit(ctx, allocation.addedRows, deleted),
  };
  await saveOrderState(trx, order, { status, totals: m.totals, header, ...(m.creditHold ? { holdReason: m.holdReason } : {}) }, sumsAfterEdit(ctx, allocation.addedRows), counts);
  const ref = `order ${order.order_num} edit`;
  const itemsChanged = [...allocation.itemIds];
  const words = describeEdit(ctx, allocation, m);
  // The timeline entries as the staff's order shows them (their name, else how they are shown).
  const timeline: OrderEventRow[] = [{ orderId: order.id, kind: 'edited', detail: `Edited: ${words.join('; ')}`, public: true }];
  if (m.creditHold) timeline.push({ orderId: order.id, kind: 'on_hold', detail: 'Held: this edit takes the balance over the credit limit; no stock is reserved until it is released', public: false });
  const audit = {
    action: 'order.edit',
    target: `order:${order.order_num}`,
    summary: { before: order.status_code, after: status, changes: words, total: { before: dollars(m.beforeCents), after: dollars(m.totals.totalCents) } },
  };
  const mail = order.email ? queuedMail('order-edited', editedMail(order.email, order.order_num, words, { beforeCents: m.beforeCents, totalCents: m.totals.totalCents }, ctx.publicUrl)) : null;
  const filled = await releaseUnits(trx, plan.released, { reason: 'cancel', ref, actor: who }, itemsChanged, counts);
  const at = new Date().toISOString();
  await recordChange(trx, who, { at, timeline, audit, mail, moves: { moves: allocation.moves, reason: 'checkout', ref } });
  const events: EditedParts['events'] = timeline.map((e) => ({ at, actor: who.name || who.display, kind: e.kind, detail: e.detail, public: e.public }));
  await enqueueBackorderMails(trx, filled, ctx.publicUrl);

  await recordEditSales(ctx, allocation, m);
  await applyCountMoves(trx, counts);
  await ctx.events.publish(trx, 'order.updated', `order ${order.order_num}`, () => readAdminOrder(trx, order.order_num));
  // Last: the stock counter row every checkout takes is held for this statement and the commit only.
  await markStockChanged(trx, itemsChanged);
  return { parts: { changed, removed: deleted, added: allocation.addedRows, events }, filledOwn: filled.some((f) => f.orderNum === order.order_num) };
}

/**
 * On hold for credit; shipped when nothing is left to ship (the rest of a partly shipped order
 * removed); else as it was. The units left are the order's open and backordered sums moved by the
 * edit: an edited line's units wanted change by `to - from`, all of them open or backordered
 * (nothing of it shipped), an added line's are all open or backordered, and a credit hold only
 * moves open units to backordered.
 */
function statusAfterEdit(ctx: EditContext, allocation: Allocated, creditHold: boolean): OrderStatusCode {
  if (creditHold) return 'on_hold';
  const { order } = ctx;
  const left = order.open_west + order.open_east + order.backordered + unitsMoved(ctx.plan) + allocation.addedRows.reduce((n, r) => n + r.qty, 0);
  return left === 0 ? 'shipped' : order.status_code;
}

/** The order's sums after the edit: as kept, moved by each edited line's change and the added lines. */
function sumsAfterEdit(ctx: EditContext, added: readonly OrderLineRow[]): OrderSums {
  return sumsMovedBy(ctx.order, [...ctx.plan.edits.map((e) => ({ before: e.line, after: e.after })), ...added.map((r) => ({ before: null, after: r }))]);
}

/** The order's line count and units (`qty` of its lines) after the edit: removed lines are deleted, added ones inserted. */
function linesAfterEdit(ctx: EditContext, added: readonly OrderLineRow[], deleted: readonly number[]): { line_count: number; total_qty: number } {
  let units = ctx.header.total_qty;
  for (const e of ctx.plan.edits) units += deleted.includes(e.line.line_no) ? -e.line.qty : e.after.qty - e.line.qty;
  for (const r of added) units += r.qty;
  return { line_count: ctx.header.line_count + added.length - deleted.length, total_qty: units };
}

/** Units wanted that the edit of existing lines adds (negative: takes away). */
export const unitsMoved = (plan: LinesPlan) => plan.edits.reduce((n, e) => n + e.to - e.from, 0);

/**
 * The sales summaries follow the edit (as they follow a cancel): units and merchandise per item,
 * lines that gained or lost their last units, the discount's change. A new ship-to state moves
 * the whole order from the old state's rows to the new one's.
 */
async function recordEditSales(ctx: EditContext, allocation: Allocated, m: EditMoney): Promise<void> {
  const { order, trx } = ctx;
  const stateOf = (json: string) => (JSON.parse(json) as { state?: string }).state ?? '';
  const oldState = stateOf(ctx.header.ship_to_json);
  const newState = m.shipTo ? m.shipTo.state : oldState;
  const base = { placedAt: order.created_at, customerId: order.customer_id };
  if (newState !== oldState) {
    const kept = (l: Pick<OrderLineRow, 'item_num' | 'qty' | 'qty_cancelled' | 'price_cents'>, sign: number) =>
      wanted(l) > 0 ? [{ itemNum: l.item_num, units: sign * wanted(l), merchCents: sign * wanted(l) * Number(l.price_cents), lines: sign }] : [];
    await recordSales(trx, { ...base, state: oldState, orders: -1, discountCents: -Number(order.discount_cents), lines: ctx.lines.flatMap((l) => kept(l, -1)) });
    const edits = new Map(ctx.plan.edits.map((e) => [e.line.line_no, e]));
    const after = ctx.lines.map((l) => ({ ...l, qty: edits.get(l.line_no)?.after.qty ?? l.qty }));
    await recordSales(trx, { ...base, state: newState, orders: 1, discountCents: m.totals.discountCents, lines: [...after, ...allocation.addedRows].flatMap((l) => kept(l, 1)) });
    return;
  }
  const lines = [
    ...ctx.plan.edits
      .filter((e) => e.from !== e.to)
      .map((e) => ({ itemNum: e.line.item_num, units: e.to - e.from, merchCents: (e.to - e.from) * Number(e.line.price_cents), lines: e.from > 0 && e.to === 0 ? -1 : e.from === 0 && e.to > 0 ? 1 : 0 })),
    ...allocation.addedRows.map((r) => ({ itemNum: r.item_num, units: r.qty, merchCents: r.qty * r.price_cents, lines: 1 })),
  ];
  await recordSales(trx, { ...base, state: oldState, orders: 0, discountCents: m.totals.discountCents - Number(order.discount_cents), lines });
}
