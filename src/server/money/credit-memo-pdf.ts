import type { TaxBasis } from '../../contract/cart';
import { ppmToRatePercent, salesTaxLabel } from '../../contract/sales-tax';
import { addressBlock, BOTTOM, code128, type Column, CONTENT_WIDTH, facts, finish, INK, letterhead, money, MUTED, newDocument, PAGE, table, usDate } from '../platform/pdf/pdf-layout';

/**
 * A credit memo (DESIGN.md §7): number and barcode, the return and order it credits, the returned
 * lines at their invoiced prices with their tax, the totals with the sales tax credited (decision
 * 0042), and where the credit went (invoices it paid, credit on account).
 */

export interface CreditMemoData {
  creditMemoNum: number;
  rmaNum: number;
  orderNum: number;
  date: string;
  billTo: string[];
  lines: { invNum: string; title: string; qty: number; priceCents: number; extendedCents: number; taxCents: number }[];
  subtotalCents: number;
  discountCents: number;
  /** The sales tax credited: of the lines, and of the shipping where it was taxed. */
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  /** How the order was taxed (its rate, not today's): names the rate or the exemption on the tax line. */
  tax?: { basis: TaxBasis; ratePpm: number | null };
  applications: { invoiceNum: number; cents: number }[];
  toCreditCents: number;
}

const COLUMNS: Column[] = [
  { header: 'Item #', width: 70 },
  { header: 'Description', width: 212 },
  { header: 'Qty', width: 50, align: 'right' },
  { header: 'Price', width: 70, align: 'right' },
  { header: 'Tax', width: 60, align: 'right' },
  { header: 'Extended', width: 70, align: 'right' },
];
const TOTALS_H = 200;

export async function renderCreditMemo(m: CreditMemoData): Promise<Buffer> {
  const doc = newDocument(`Credit memo ${m.creditMemoNum}`, `Credit memo for return ${m.rmaNum}`);
  const barcode = await code128(String(m.creditMemoNum));
  doc.addPage();
  let y = letterhead(doc, 'CREDIT MEMO', 'office');
  doc.image(barcode, PAGE.width - PAGE.margin - 150, y, { fit: [150, 44], align: 'right' });
  const below = facts(doc, PAGE.margin, y, 330, [
    ['Credit memo #', String(m.creditMemoNum)],
    ['Date', usDate(m.date)],
    ['Return #', String(m.rmaNum)],
    ['Order #', String(m.orderNum)],
  ]);
  y = Math.max(below, y + 50) + 10;
  y = addressBlock(doc, PAGE.margin, y, CONTENT_WIDTH / 2, 'Credit to', m.billTo) + 14;
  const rows = m.lines.map((l) => [l.invNum, l.title, String(l.qty), money(l.priceCents), money(l.taxCents), money(l.extendedCents)]);
  y = table(doc, COLUMNS, rows, y, TOTALS_H);
  if (y + TOTALS_H > BOTTOM) {
    doc.addPage();
    y = PAGE.margin;
  }
  // Labels wide enough for "Sales tax: exempt (resale certificate)".
  const x = PAGE.margin + CONTENT_WIDTH - 260;
  let at = y + 8;
  const row = (label: string, value: string, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 10).fillColor(INK);
    doc.text(label, x, at, { width: 170, lineBreak: false });
    doc.text(value, x + 170, at, { width: 90, align: 'right', lineBreak: false });
    at += bold ? 16 : 14;
  };
  row('Merchandise', money(m.subtotalCents));
  row('Discount', m.discountCents > 0 ? money(-m.discountCents) : money(0));
  row('Shipping', money(m.shippingCents));
  // As on the invoice: the order's rate where tax was credited, the exemption, or no line.
  const taxLabel = salesTaxLabel(m.tax?.basis ?? 'taxable', m.tax?.ratePpm == null ? null : ppmToRatePercent(m.tax.ratePpm), m.taxCents);
  if (taxLabel) row(taxLabel, money(m.taxCents));
  doc.moveTo(x, at).lineTo(x + 260, at).lineWidth(0.8).strokeColor(INK).stroke();
  at += 4;
  row('Total credit', money(m.totalCents), true);
  at += 6;
  for (const a of m.applications) row(`Applied to invoice ${a.invoiceNum}`, money(a.cents));
  row('Credit on account', money(m.toCreditCents));
  doc.font('Helvetica').fontSize(8).fillColor(MUTED).text('This credit is applied to your oldest open invoices first; the rest stays on your account for future invoices.', PAGE.margin, y + 8, { width: CONTENT_WIDTH - 280 });
  return finish(doc, `Credit memo ${m.creditMemoNum} - return ${m.rmaNum}`);
}
