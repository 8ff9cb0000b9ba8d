import type { Generated } from 'kysely';

/** Row types of the order tables (migration 2026-11-21T13-00-cart-orders). */
export interface CounterTable {
  name: string;
  value: number;
}

export interface OrderTable {
  id: Generated<number>;
  order_num: number;
  customer_id: number;
  status: string;
  created_at: string;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  total_cents: number;
  ship_to_code: string;
  /** The destination address at the time of the order, as JSON. */
  ship_to_json: string;
  shipping_code: string;
  shipping_name: string;
  po_number: string;
  comments: string;
  line_count: number;
  total_qty: number;
}

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
}

export interface IdempotencyKeyTable {
  customer_id: number;
  key: string;
  request_hash: string;
  order_id: number | null;
  created_at: string;
}

export interface OrderTables {
  counters: CounterTable;
  orders: OrderTable;
  order_lines: OrderLineTable;
  idempotency_keys: IdempotencyKeyTable;
}
