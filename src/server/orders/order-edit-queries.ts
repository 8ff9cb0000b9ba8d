import type { TaxBasis } from '../../contract/cart';
import type { Selectable } from 'kysely';
import type { Db, OrderLineRow } from './queries';
import type { OrderTable } from './tables';

/**
 * The orders module's part of an order edit (flows/order-edit.ts, decision 0036): the order's
 * header as an edit reads it, its lines rewritten, and the header saved. Each takes the caller's
 * transaction; the order row is locked by then (`lockOrder`).
 */

export type EditedHeader = Pick<
  Selectable<OrderTable>,
  'ship_to_code' | 'ship_to_json' | 'shipping_code' | 'shipping_name' | 'po_number' | 'comments' | 'hold_reason' | 'line_count' | 'total_qty'
>;

/** Whether the order was placed with a free-shipping coupon (its shipping is priced as such again after an edit). */
export async function hasFreeShippingCoupon(db: Db, orderId: number): Promise<boolean> {
  const row = await db
    .selectFrom('coupon_redemptions as r')
    .innerJoin('coupons as c', 'c.id', 'r.coupon_id')
    .select('r.id')
    .where('r.order_id', '=', orderId)
    .where('c.kind', '=', 'free_shipping')
    .executeTakeFirst();
  return row !== undefined;
}

/** The next line number of the order (line numbers are never reused, so history keeps pointing at one line). */
export async function nextLineNo(db: Db, orderId: number): Promise<number> {
  const row = await db.selectFrom('order_lines').select((eb) => eb.fn.max('line_no').as('n')).where('order_id', '=', orderId).executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}

/** A line after the edit: its ordered quantity, extended amount and five quantities. */
export type EditedLine = Pick<OrderLineRow, 'line_no' | 'qty' | 'extended_cents' | 'qty_west' | 'qty_east' | 'qty_backordered' | 'qty_shipped' | 'qty_cancelled'>;

/** Writes the edit's lines: changed ones, removed ones (deleted: nothing of them shipped or was cancelled) and added ones. */
export async function rewriteOrderLines(db: Db, orderId: number, change: { changed: readonly EditedLine[]; removed: readonly number[]; added: readonly OrderLineRow[] }): Promise<void> {
  for (const l of change.changed) {
    await db
      .updateTable('order_lines')
      .set({ qty: l.qty, extended_cents: l.extended_cents, qty_west: l.qty_west, qty_east: l.qty_east, qty_backordered: l.qty_backordered, qty_shipped: l.qty_shipped, qty_cancelled: l.qty_cancelled })
      .where('order_id', '=', orderId)
      .where('line_no', '=', l.line_no)
      .execute();
  }
  if (change.removed.length > 0) await db.deleteFrom('order_lines').where('order_id', '=', orderId).where('line_no', 'in', [...change.removed]).execute();
  if (change.added.length > 0) await db.insertInto('order_lines').values([...change.added]).execute();
}

/** The order as placed and edited (decision 0036): where it goes, how, its PO and comments, and its `original_*` money. */
export interface EditedOrder {
  ship_to_code: string;
  ship_to_json: string;
  shipping_code: string;
  shipping_name: string;
  po_number: string;
  comments: string;
  original_subtotal_cents: number;
  original_discount_cents: number;
  original_shipping_cents: number;
  original_tax_cents: number;
  /** How it is taxed (order tables: `tax_*`). */
  tax_basis: TaxBasis;
  tax_rate_ppm: number | null;
  tax_shipping: number;
  tax_state: string;
  tax_version: string;
  tax_certificate_id: number | null;
  /** Its lines and units after the edit (the edit works them out from the lines it changed). */
  line_count: number;
  total_qty: number;
}

