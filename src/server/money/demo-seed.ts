import type { Kysely } from 'kysely';
import { type BulkColumns, bulkInsert, syncIdentity } from '../platform/db/bulk-insert';
import type { DB } from '../platform/db/schema';

/**
 * Bulk writes of invoices for seeding (flows/demo/synthetic-orders.ts): rows as arrays in the
 * column order below, many per statement.
 */

export interface InvoiceSeedRows {
  invoices: readonly (readonly unknown[])[];
  invoiceLines: readonly (readonly unknown[])[];
}

const INVOICES: BulkColumns = [
  ['id', 'int'], ['invoice_num', 'int'], ['order_id', 'int'], ['shipment_id', 'int'], ['customer_id', 'int'], ['invoice_date', 'text'], ['due_date', 'text'],
  ['subtotal_cents', 'bigint'], ['discount_cents', 'bigint'], ['shipping_cents', 'bigint'], ['total_cents', 'bigint'], ['status', 'text'], ['terms', 'text'], ['created_at', 'text'],
];
const INVOICE_LINES: BulkColumns = [['invoice_id', 'int'], ['line_no', 'int'], ['item_num', 'text'], ['title', 'text'], ['qty', 'int'], ['price_cents', 'bigint'], ['extended_cents', 'bigint']];

/** Writes invoices and their lines in the caller's transaction (their shipments are written before). */
export async function seedInvoiceRows(trx: Kysely<DB>, rows: InvoiceSeedRows): Promise<void> {
  await bulkInsert(trx, 'invoices', INVOICES, rows.invoices);
  await bulkInsert(trx, 'invoice_lines', INVOICE_LINES, rows.invoiceLines);
}

/** After a load: the invoices' id sequence moves past the loaded rows. */
export async function finishInvoiceSeed(trx: Kysely<DB>): Promise<void> {
  await syncIdentity(trx, 'invoices');
}
