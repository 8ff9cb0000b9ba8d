import type { Generated } from 'kysely';

/**
 * Row types of invoices (migration 2026-11-25T10-00-back-office), payments and account charges
 * (migration 2026-11-26T04-20-terms-credit-payments). The customers' terms columns are theirs
 * (customers/accounts/tables.ts).
 */
export type PaymentMethod = 'cheque' | 'transfer' | 'card' | 'credit';

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
  /** The tax it bills (migration 2026-11-30T10-00-sales-tax): total = subtotal − discount + shipping + tax. */
  tax_cents: Generated<number>;
  total_cents: number;
  status: 'open' | 'paid' | 'void';
  terms: string;
  created_at: string;
  /** What payments applied to the invoice: 0 ≤ paid ≤ total (a CHECK; migration 2026-11-26T04-20). */
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

/** A received return's credit (migration 2026-11-30T04-00-returns-credit-memos; decision 0037). */
export interface CreditMemoTable {
  id: Generated<number>;
  credit_memo_num: number;
  /** One credit memo per return (UNIQUE). */
  return_id: number;
  order_id: number;
  customer_id: number;
  /** YYYY-MM-DD. */
  memo_date: string;
  subtotal_cents: number;
  discount_cents: number;
  tax_cents: number;
  shipping_cents: number;
  /** subtotal − discount + tax + shipping (a CHECK). */
  total_cents: number;
  created_at: string;
}

export interface CreditMemoLineTable {
  credit_memo_id: number;
  line_no: number;
  item_num: string;
  title: string;
  qty: number;
  price_cents: number;
  extended_cents: number;
  tax_cents: number;
}

export interface CreditMemoApplicationTable {
  credit_memo_id: number;
  invoice_id: number;
  amount_cents: number;
}

/** A ZIP code's own sales tax rate (migration 2026-11-30T08-00-tax-zip-rates; decision 0042). */
export interface TaxZipRateTable {
  zip: string;
  /** The state the ZIP is in (checked at import). */
  state: string;
  /** Parts per million: 8.35 % is 83,500. */
  rate_ppm: number;
  shipping_taxable: 0 | 1;
  imported_at: string;
  /** Who imported it (the actor label). */
  imported_by: string;
}

/** A buyer's resale or exemption certificate (migration 2026-11-30T10-00-sales-tax; decision 0042). */
export interface TaxCertificateTable {
  id: Generated<number>;
  customer_id: number;
  number: string;
  /** The issuing state, two letters. */
  state: string;
  /** YYYY-MM-DD: the last day it is valid. */
  expires_on: string;
  status: 'pending' | 'accepted' | 'rejected';
  reject_reason: string | null;
  file_name: string;
  content_type: string;
  file_size: number;
  /** Where the file is kept, relative to DATA_DIR. */
  file_path: string;
  uploaded_at: string;
  decided_at: string | null;
  /** The staff member's actor label. */
  decided_by: string | null;
  /** When the 30-day reminder and the expiry notice were queued (each once). */
  reminded_at: string | null;
  expiry_notified_at: string | null;
}

declare module '../platform/db/schema' {
  interface DB {
    tax_certificates: TaxCertificateTable;
    tax_zip_rates: TaxZipRateTable;
    credit_memos: CreditMemoTable;
    credit_memo_lines: CreditMemoLineTable;
    credit_memo_applications: CreditMemoApplicationTable;
    invoices: InvoiceTable;
    invoice_lines: InvoiceLineTable;
    payments: PaymentTable;
    payment_applications: PaymentApplicationTable;
    account_charges: AccountChargeTable;
  }
}
