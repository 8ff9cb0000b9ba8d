import type { Generated } from 'kysely';

/**
 * Row types of invoices (migration 2026-11-21T13-00-cart-orders), trade terms, credit and payments
 * (migration 2026-11-26T04-20-terms-credit-payments). The customers' terms columns are declared
 * here and merged into that table's row (db/schema.ts intersects the table maps).
 */
export type TermsKind = 'prepaid' | 'net';
export type PaymentMethod = 'cheque' | 'transfer' | 'card' | 'credit';

export interface CustomerTermsColumns {
  terms_kind: Generated<TermsKind>;
  /** Net N days (1..365); kept but unused while the customer is prepaid. */
  terms_days: Generated<number>;
  credit_limit_cents: Generated<number>;
}

export interface InvoiceTable {
  id: Generated<number>;
  invoice_num: number;
  order_id: number;
  shipment_id: number;
  customer_id: number;
  /** YYYY-MM-DD. */
  invoice_date: string;
  due_date: string;
  subtotal_cents: number;
  discount_cents: number;
  shipping_cents: number;
  total_cents: number;
  status: 'open' | 'paid' | 'void';
  terms: string;
  created_at: string;
  /** What payments applied to the invoice: 0 ≤ paid ≤ total (a CHECK). */
  paid_cents: Generated<number>;
}

export interface InvoiceLineTable {
  invoice_id: number;
  line_no: number;
  item_num: string;
  title: string;
  qty: number;
  price_cents: number;
  extended_cents: number;
}

export interface PaymentTable {
  id: Generated<number>;
  customer_id: number;
  amount_cents: number;
  method: PaymentMethod;
  reference: string;
  /** YYYY-MM-DD. */
  received_on: string;
  /** The audit actor's label of who recorded it. */
  created_by: string;
  created_at: string;
  /** Set when the cheque came back unpaid: its applications no longer count. */
  returned_at: string | null;
}

export interface PaymentApplicationTable {
  payment_id: number;
  invoice_id: number;
  amount_cents: number;
}

export interface AccountChargeTable {
  id: Generated<number>;
  customer_id: number;
  kind: 'returned_cheque';
  payment_id: number | null;
  amount_cents: number;
  description: string;
  /** YYYY-MM-DD. */
  charged_on: string;
  created_at: string;
}

export interface MoneyTables {
  customers: CustomerTermsColumns;
  invoices: InvoiceTable;
  invoice_lines: InvoiceLineTable;
  payments: PaymentTable;
  payment_applications: PaymentApplicationTable;
  account_charges: AccountChargeTable;
}
