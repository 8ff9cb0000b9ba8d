import type { Kysely } from 'kysely';
import { DOCUMENT_MESSAGES, DOCUMENTS } from '../../../contract/admin/documents';
import type { OrderAddress } from '../../../contract/cart';
import { INVOICE_TERMS, type Warehouse } from '../../../contract/order-lifecycle';
import type { DB } from '../../platform/db/schema';
import { Forbidden, NotFound } from '../../platform/errors';
import { originalTotalOf } from '../order-totals';
import { renderInvoice } from './invoice-pdf';
import { renderPackingSlip } from './packing-slip-pdf';
import { renderPickList } from './pick-list-pdf';
import { byBin, shelfFacts } from '../../stock';
import * as q from './queries';
import type { InvoiceData, PickListData, PickListItem } from './types';

/**
 * The documents from the database: reads one order's facts, checks who may see them, draws the
 * PDF. `warehouseOf` is the staff member's warehouse (null: both); a buyer sees only their own
 * invoices, and someone else's is "not found" (no hint that the number exists).
 */
export class DocumentService {
  constructor(private readonly db: Kysely<DB>) {}

  async invoice(invoiceNum: number, customerId: number | null = null): Promise<Buffer> {
    const row = await q.findInvoice(this.db, invoiceNum);
    if (!row || (customerId !== null && row.customer_id !== customerId)) throw new NotFound(DOCUMENT_MESSAGES.invoiceNotFound(invoiceNum));
    const lines = await q.invoiceLines(this.db, row.id);
    return renderInvoice(toInvoiceData(row, lines));
  }

  async packingSlip(shipmentNum: number, warehouseOf: Warehouse | null): Promise<Buffer> {
    const s = await q.findShipment(this.db, shipmentNum);
    if (!s) throw new NotFound(DOCUMENT_MESSAGES.shipmentNotFound(shipmentNum));
    if (warehouseOf && s.warehouse !== warehouseOf) throw new Forbidden(DOCUMENT_MESSAGES.otherWarehouse(warehouseOf));
    const lines = await q.shipmentOrderLines(this.db, s.id, s.order_id);
    return renderPackingSlip({
      shipmentNum: s.shipment_num,
      orderNum: s.order_num,
      orderDate: s.order_date,
      poNumber: s.po_number,
      warehouse: s.warehouse,
      shippedAt: s.shipped_at,
      carrier: s.carrier,
      trackingNumber: s.tracking_number,
      shipTo: JSON.parse(s.ship_to_json) as OrderAddress,
      // What is in the box, and what the buyer still waits for.
      lines: lines
        .filter((l) => (l.shipped ?? 0) > 0 || l.qty_backordered > 0)
        .map((l) => ({ lineNo: l.line_no, invNum: l.item_num, title: l.title, ordered: l.qty, shipped: l.shipped ?? 0, backordered: l.qty_backordered })),
    });
  }

  async pickList(warehouse: Warehouse, orderNums: number[] | null, warehouseOf: Warehouse | null, now = new Date()): Promise<Buffer> {
    if (warehouseOf && warehouse !== warehouseOf) throw new Forbidden(DOCUMENT_MESSAGES.otherWarehouse(warehouseOf));
    return renderPickList(await this.pickListData(warehouse, orderNums, now));
  }

  /** The pick screen's list: as the PDF's, as JSON. */
  async pickListScreen(warehouse: Warehouse, orderNums: number[] | null, warehouseOf: Warehouse | null): Promise<PickListData> {
    if (warehouseOf && warehouse !== warehouseOf) throw new Forbidden(DOCUMENT_MESSAGES.otherWarehouse(warehouseOf));
    return this.pickListData(warehouse, orderNums, new Date());
  }

  async pickListData(warehouse: Warehouse, orderNums: number[] | null, now: Date): Promise<PickListData> {
    const orders = await q.pickableOrders(this.db, warehouse, orderNums && [...new Set(orderNums)], DOCUMENTS.maxPickListOrders);
    const lines = orders.length ? await q.openLines(this.db, warehouse, orders.map((o) => o.id)) : [];
    const shelves = await shelfFacts(this.db, warehouse, lines.map((l) => l.item_num));
    const items: PickListItem[] = [];
    const units = new Map<number, number>();
    for (const l of lines) {
      let item = items.at(-1);
      if (item?.invNum !== l.item_num) {
        const shelf = shelves.get(l.item_num);
        items.push((item = { invNum: l.item_num, title: l.title, bin: shelf?.bin ?? '', upc: shelf?.upc ?? '', totalQty: 0, orders: [] }));
      }
      item.totalQty += l.qty;
      item.orders.push({ orderNum: l.order_num, lineNo: l.line_no, qty: l.qty });
      units.set(l.order_num, (units.get(l.order_num) ?? 0) + l.qty);
    }
    // The shelves walked once, in bin order.
    items.sort(byBin);
    return {
      warehouse,
      printedAt: now.toISOString(),
      orderNums: orders.map((o) => o.order_num),
      orders: orders.map((o) => ({ orderNum: o.order_num, orgName: o.org_name, units: units.get(o.order_num) ?? 0 })),
      items,
    };
  }
}

function toInvoiceData(row: q.InvoiceRow, lines: Awaited<ReturnType<typeof q.invoiceLines>>): InvoiceData {
  return {
    invoiceNum: row.invoice_num,
    invoiceDate: row.invoice_date,
    dueDate: row.due_date,
    status: row.status,
    orderNum: row.order_num,
    orderDate: row.order_date,
    poNumber: row.po_number,
    shipmentNum: row.shipment_num,
    customerCode: row.customer_code,
    billTo: {
      orgName: row.org_name,
      contact: `${row.first_name} ${row.last_name}`.trim(),
      addressLine1: row.address_line1,
      city: row.city,
      state: row.state,
      zip: row.zip,
      country: row.country,
      email: row.email,
    },
    shipTo: JSON.parse(row.ship_to_json) as OrderAddress,
    lines: lines.map((l) => ({ invNum: l.item_num, title: l.title, qty: l.qty, priceCents: l.price_cents, extendedCents: l.extended_cents })),
    subtotalCents: row.subtotal_cents,
    discountCents: row.discount_cents,
    shippingCents: row.shipping_cents,
    taxCents: Number(row.tax_cents),
    totalCents: row.total_cents,
    tax: { basis: row.tax_basis, ratePpm: row.tax_rate_ppm === null ? null : Number(row.tax_rate_ppm) },
    order: orderTotals(row),
    terms: row.terms.trim() || INVOICE_TERMS,
  };
}

function orderTotals(row: q.InvoiceRow): InvoiceData['order'] {
  const totalCents = Number(row.order_total_cents);
  // As placed, tax included, as the order's total (what remains) includes the tax of what remains.
  const originalCents = originalTotalOf({
    subtotalCents: Number(row.original_subtotal_cents),
    discountCents: Number(row.original_discount_cents),
    shippingCents: Number(row.original_shipping_cents),
    taxCents: Number(row.original_tax_cents),
  });
  return { totalCents, originalCents, cancelledCents: originalCents - totalCents };
}
