/** The row shapes the synthetic order generator and its shipment builder share. */

export interface SyntheticItem {
  num: string;
  title: string;
  priceCents: number;
  /** No unit available at either warehouse: the only items whose units can still be waited for. */
  outOfStock: boolean;
}

/** Next ids and numbers of each table (the caller reads them from the database). */
export interface Sequences {
  orderId: number;
  orderNum: number;
  shipmentId: number;
  shipmentNum: number;
  invoiceId: number;
  invoiceNum: number;
}

export interface OrderRows {
  orders: unknown[][];
  lines: unknown[][];
  shipments: unknown[][];
  shipmentLines: unknown[][];
  invoices: unknown[][];
  invoiceLines: unknown[][];
  events: unknown[][];
  redemptions: unknown[][];
}
