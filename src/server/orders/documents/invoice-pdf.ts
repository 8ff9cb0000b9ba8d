import { ppmToRatePercent, salesTaxLabel } from '../../../contract/sales-tax';
import type { InvoiceData } from './types';
import { addressBlock, addressLines, CONTENT_WIDTH, code128, facts, finish, INK, latin1, letterhead, money, MUTED, newDocument, PAGE, table, usDate, BOTTOM, type Column } from '../../platform/pdf/pdf-layout';

/**
 * An invoice (DESIGN.md §5): number and barcode, dates, bill-to and ship-to, the shipped lines at
 * the order's prices, the totals with the sales tax (decision 0042) and the spec's terms. Long
 * invoices continue on further pages.
 */

const COLUMNS: Column[] = [
  { header: 'Item #', width: 70 },
  { header: 'Description', width: 252 },
  { header: 'Qty', width: 50, align: 'right' },
  { header: 'Price', width: 80, align: 'right' },
  { header: 'Extended', width: 80, align: 'right' },
];
/** Totals and terms under the last line (and the order's totals when something was cancelled). */
const TOTALS_H = 184;
/** The totals' labels (wide enough for "Sales tax: exempt (resale certificate)") and amounts. */
const LABEL_W = 180;
const VALUE_W = 90;
const TOTALS_W = LABEL_W + VALUE_W;

function days(from: string, to: string): number {
  return Math.round((Date.parse(to.slice(0, 10)) - Date.parse(from.slice(0, 10))) / 86_400_000);
}

export async function renderInvoice(inv: InvoiceData): Promise<Buffer> {
  const doc = newDocument(`Invoice ${inv.invoiceNum}`, `Invoice for order ${inv.orderNum}`);
  const barcode = await code128(String(inv.invoiceNum));
  doc.addPage();
  let y = letterhead(doc, inv.status === 'void' ? 'INVOICE (VOID)' : 'INVOICE', 'office');
  doc.image(barcode, PAGE.width - PAGE.margin - 150, y, { fit: [150, 44], align: 'right' });
  const netDays = days(inv.invoiceDate, inv.dueDate);
  const below = facts(doc, PAGE.margin, y, 330, [
    ['Invoice #', String(inv.invoiceNum)],
    ['Invoice date', usDate(inv.invoiceDate)],
    ['Due date', usDate(inv.dueDate)],
    ['Terms', netDays > 0 ? `Net ${netDays}` : 'Due on receipt'],
    ['Order #', String(inv.orderNum)],
    ['Order date', usDate(inv.orderDate)],
    ['PO #', inv.poNumber || '-'],
    ['Shipment #', String(inv.shipmentNum)],
    ['Customer #', inv.customerCode || '-'],
  ]);
  y = Math.max(below, y + 50) + 10;
  const half = CONTENT_WIDTH / 2 - 10;
  const billBottom = addressBlock(doc, PAGE.margin, y, half, 'Bill to', [...addressLines(inv.billTo), inv.billTo.email]);
  const shipBottom = addressBlock(doc, PAGE.margin + CONTENT_WIDTH / 2 + 10, y, half, 'Ship to', [...addressLines(inv.shipTo), inv.shipTo.dayPhone]);
  y = Math.max(billBottom, shipBottom) + 14;

  const rows = inv.lines.map((l) => [l.invNum, l.title, String(l.qty), money(l.priceCents), money(l.extendedCents)]);
  y = table(doc, COLUMNS, rows, y, TOTALS_H);
  if (y + TOTALS_H > BOTTOM) {
    doc.addPage();
    y = PAGE.margin;
  }
  totals(doc, inv, y + 8);
  return finish(doc, `Invoice ${inv.invoiceNum} - order ${inv.orderNum}`);
}

function totals(doc: PDFKit.PDFDocument, inv: InvoiceData, y: number): void {
  const x = PAGE.margin + CONTENT_WIDTH - TOTALS_W;
  let at = y;
  const row = (label: string, value: string, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 10).fillColor(INK);
    doc.text(label, x, at, { width: LABEL_W, lineBreak: false });
    doc.text(value, x + LABEL_W, at, { width: VALUE_W, align: 'right', lineBreak: false });
    at += bold ? 16 : 14;
  };
  row('Subtotal', money(inv.subtotalCents));
  row('Discount', inv.discountCents > 0 ? money(-inv.discountCents) : money(0));
  row('Shipping', money(inv.shippingCents));
  // The order's rate, not today's table (decision 0042); none at all where no tax is collected.
  const taxLabel = salesTaxLabel(inv.tax.basis, inv.tax.ratePpm === null ? null : ppmToRatePercent(inv.tax.ratePpm), inv.taxCents);
  if (taxLabel) row(taxLabel, money(inv.taxCents));
  doc.moveTo(x, at).lineTo(x + TOTALS_W, at).lineWidth(0.8).strokeColor(INK).stroke();
  at += 4;
  row('Total due', money(inv.totalCents), true);
  if (inv.order.cancelledCents > 0) {
    // The order's money after cancels (decision 0026): this invoice bills part of what remains.
    at += 8;
    row('Original order total', money(inv.order.originalCents));
    row('Cancelled', money(-inv.order.cancelledCents));
    row('Order total now', money(inv.order.totalCents));
  }
  doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED).text('TERMS', PAGE.margin, y, { width: CONTENT_WIDTH - TOTALS_W - 20 });
  doc.font('Helvetica').fontSize(8).fillColor(INK).text(latin1(inv.terms), PAGE.margin, doc.y, { width: CONTENT_WIDTH - TOTALS_W - 20 });
}
