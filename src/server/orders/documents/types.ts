import type { OrderAddress, TaxBasis } from '../../../contract/cart';
import type { Carrier, Warehouse } from '../../../contract/order-lifecycle';

/**
 * What each document shows, as plain data: the renderers draw these and nothing else, so they
 * can be tested without a database. Money is integer cents; dates are ISO text.
 */

export interface PickListItem {
  invNum: string;
  title: string;
  /** The item's bin at the list's warehouse ("" for none). */
  bin: string;
  /** The UPC its barcode carries ("" for none). */
  upc: string;
  /** Units to pick over all the orders. */
  totalQty: number;
  orders: { orderNum: number; lineNo: number; qty: number }[];
}

export interface PickListData {
  warehouse: Warehouse;
  /** When the list was printed. */
  printedAt: string;
  orderNums: number[];
  /** The orders covered, oldest first: company and units to pick (the pick screen's choice). */
  orders: { orderNum: number; orgName: string; units: number }[];
  /** In picking order: by bin, items without a bin last, then by item number. */
  items: PickListItem[];
}

export interface PackingSlipLine {
  lineNo: number;
  invNum: string;
  title: string;
  ordered: number;
  /** In this shipment. */
  shipped: number;
  /** Still waiting for stock after this shipment. */
  backordered: number;
}

export interface PackingSlipData {
  shipmentNum: number;
  orderNum: number;
  orderDate: string;
  poNumber: string;
  warehouse: Warehouse;
  shippedAt: string;
  carrier: Carrier | string;
  trackingNumber: string;
  shipTo: OrderAddress;
  lines: PackingSlipLine[];
}

export interface InvoiceLine {
  invNum: string;
  title: string;
  qty: number;
  priceCents: number;
  extendedCents: number;
}

export interface BillTo {
  orgName: string;
  contact: string;
  addressLine1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  email: string;
}

export interface InvoiceData {
  invoiceNum: number;
  invoiceDate: string;
  dueDate: string;
  status: 'open' | 'paid' | 'void';
  orderNum: number;
  orderDate: string;
  poNumber: string;
  shipmentNum: number;
  customerCode: string;
  billTo: BillTo;
  shipTo: OrderAddress;
  lines: InvoiceLine[];
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  /** The sales tax this invoice bills (decision 0042): totalCents = subtotal − discount + shipping + tax. */
  taxCents: number;
  totalCents: number;
  /** How the order is taxed, kept from when it was placed: the invoice's tax line names its rate or the exemption. */
  tax: { basis: TaxBasis; ratePpm: number | null };
  /** The order's totals (decision 0026): what remains to be delivered and paid, as placed, and what cancels took off. */
  order: { totalCents: number; originalCents: number; cancelledCents: number };
  /** The spec's terms text (INVOICE_TERMS). */
  terms: string;
}

/** A customer's statement (decision 0022): open invoices, charges, credit, aging, the late charge. */
export interface StatementData {
  /** YYYY-MM-DD: the day the statement is drawn for. */
  on: string;
  customerCode: string;
  billTo: BillTo;
  terms: string;
  creditLimitCents: number;
  /** Each open invoice; `taxCents` is the sales tax included in its total (decision 0042). */
  invoices: { invoiceNum: number; orderNum: number; date: string; dueDate: string; taxCents: number; totalCents: number; paidCents: number; openCents: number; daysOverdue: number }[];
  charges: { date: string; description: string; amountCents: number }[];
  /** Credit memos of received returns (newest first): what each paid of invoices; the rest is in credit on account. */
  creditMemos: { creditMemoNum: number; date: string; taxCents: number; totalCents: number; appliedCents: number }[];
  unappliedCents: number;
  aging: Record<'0-30' | '31-60' | '61-90' | '90+', number>;
  overdueCents: number;
  /** One month's late charge on what is overdue (shown, not posted). */
  lateChargeCents: number;
  lateChargeRule: string;
  /** Invoiced, due: open invoices + charges − credit on account (decision 0026). */
  amountDueCents: number;
  /** On open orders: their units not yet invoiced, at their prices; shown apart, not due yet. */
  openOrdersCents: number;
}
