import type { Generated } from 'kysely';
import type { TaxBasis } from '../../contract/cart';

/** Row types of the order tables (migration 2026-11-21T13-00-cart-orders). */
export interface OrderTable {
  id: Generated<number>;
  order_num: number;
  customer_id: number;
  status: string;
  created_at: string;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  /** What remains to be delivered and paid: recomputed by every cancel (order-totals.ts, decision 0026). */
  total_cents: number;
  /** The order as placed; the original total is their sum. */
  original_subtotal_cents: number;
  original_discount_cents: number;
  original_shipping_cents: number;
  ship_to_code: string;
  /** The destination address at the time of the order, as JSON. */
  ship_to_json: string;
  shipping_code: string;
  shipping_name: string;
  po_number: string;
  comments: string;
  line_count: number;
  total_qty: number;
  /** The lifecycle (DESIGN.md §5); `status` stays the buyer's human text. */
  status_code: Generated<OrderStatusCode>;
  /** Moves with every change of the order: two staff acting at once, one wins. */
  version: Generated<number>;
  /** Sums over the lines, kept with them: the orders list and counts read these. */
  open_west: Generated<number>;
  open_east: Generated<number>;
  backordered: Generated<number>;
  shipped_qty: Generated<number>;
  hold_reason: string | null;
  updated_at: Generated<string>;
  /** The `order_change_seq` value of the last transaction that changed the order (orders/change-feed.ts). */
  change_seq: Generated<number>;
  /** The ship-to's company and contact in lower case, kept by the database (migration 2026-11-29T01-00): what the search matches. */
  ship_to_key: Generated<string>;
  /** How the order came in: `web` (the buyer's checkout) or what the order desk chose (migration 2026-11-30T01-00). */
  source: Generated<OrderSource>;
  /** The staff member who entered the order, and their name then; null for the buyer's own orders. */
  entered_by_id: number | null;
  entered_by_name: string | null;
  /** Sales tax (migration 2026-11-30T10-00-sales-tax; decision 0042): of what remains, and as placed. */
  tax_cents: Generated<number>;
  original_tax_cents: Generated<number>;
  /** The rate the order is taxed at, parts per million; null when no tax is collected (`tax_basis`). */
  tax_rate_ppm: number | null;
  /** 1: its shipping is taxed. */
  tax_shipping: Generated<number>;
  /** The ship-to's state, and the rate table's version ('' when no rate applied). */
  tax_state: Generated<string>;
  tax_version: Generated<string>;
  tax_basis: Generated<TaxBasis>;
  /** The accepted certificate that made the order exempt. */
  tax_certificate_id: number | null;
}

export type { TaxBasis } from '../../contract/cart';

export type OrderSource = 'web' | 'phone' | 'email' | 'fax' | 'in_person' | 'other';

export type OrderStatusCode = 'received' | 'accepted' | 'on_hold' | 'partially_shipped' | 'shipped' | 'closed' | 'cancelled';

export interface OrderLineTable {
  order_id: number;
  line_no: number;
  item_num: string;
  /** Title and price as they were when the order was placed. */
  title: string;
  qty: number;
  price_cents: number;
  extended_cents: number;
  qty_west: number;
  qty_east: number;
  qty_backordered: number;
  qty_shipped: Generated<number>;
  qty_cancelled: Generated<number>;
}

export interface OrderEventTable {
  id: Generated<number>;
  order_id: number;
  at: string;
  actor: string;
  /** Who acted, by name at the time: staff see it on the timeline (migration 2026-11-29T01-00); null on older rows. */
  actor_name: string | null;
  kind: string;
  detail: string;
  /** 1: the buyer sees it on the order page. */
  public: number;
}

/** `status:<code>`, `ship:west`, `ship:east`, `backordered`: kept as orders change. */
export interface OrderCountTable {
  key: string;
  n: number;
}

export interface ShipmentTable {
  id: Generated<number>;
  shipment_num: number;
  order_id: number;
  warehouse: 'west' | 'east';
  carrier: string;
  tracking_number: string;
  shipped_at: string;
  actor: string;
}

export interface ShipmentLineTable {
  shipment_id: number;
  line_no: number;
  qty: number;
}

/** A return of units of one order (migration 2026-11-30T04-00-returns-credit-memos; decision 0037). */
export interface ReturnTable {
  id: Generated<number>;
  rma_num: number;
  order_id: number;
  customer_id: number;
  status: 'requested' | 'approved' | 'received' | 'rejected';
  note: string;
  reject_reason: string | null;
  /** Where it was received. */
  warehouse: 'west' | 'east' | null;
  /** 1: the credit memo credits the order's shipping charge. */
  credit_shipping: Generated<number>;
  created_at: string;
  updated_at: string;
  approved_at: string | null;
  rejected_at: string | null;
  received_at: string | null;
}

export interface ReturnLineTable {
  return_id: number;
  line_no: number;
  /** Units asked back. */
  qty: number;
  reason: 'damaged' | 'wrong_item' | 'not_needed' | 'other';
  /** Of the units received: back to stock, and scrapped (restocked + scrapped <= qty, a CHECK). */
  restocked: Generated<number>;
  scrapped: Generated<number>;
}

/** A photo the buyer added to a return (migration 2026-11-30T05-00-return-photos): one upright JPEG, no metadata. */
export interface ReturnPhotoTable {
  id: Generated<number>;
  return_id: number;
  width: number;
  height: number;
  bytes: Buffer;
  created_at: string;
}

declare module '../platform/db/schema' {
  interface DB {
    returns: ReturnTable;
    return_lines: ReturnLineTable;
    return_photos: ReturnPhotoTable;
    orders: OrderTable;
    order_lines: OrderLineTable;
    order_events: OrderEventTable;
    order_counts: OrderCountTable;
    shipments: ShipmentTable;
    shipment_lines: ShipmentLineTable;
  }
}
