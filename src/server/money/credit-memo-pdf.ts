import { addressBlock, BOTTOM, code128, type Column, CONTENT_WIDTH, facts, finish, INK, letterhead, money, MUTED, newDocument, PAGE, table, usDate } from '../platform/pdf/pdf-layout';

/**
 * A credit memo (DESIGN.md §7): number and barcode, the return and order it credits, the returned
 * lines at their invoiced prices with their tax, the totals, and where the credit went (invoices
 * it paid, credit on account).
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
  taxCents: number;
  shippingCents: number;
  totalCents: number;
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
  const x = PAGE.margin + CONTENT_WIDTH - 240;
  let at = y + 8;
  const row = (label: string, value: string, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 10).fillColor(INK);
    doc.text(label, x, at, { width: 150, lineBreak: false });
    doc.text(value, x + 150, at, { width: 90, align: 'right', lineBreak: false });
    at += bold ? 16 : 14;
  };
  row('Merchandise', money(m.subtotalCents));
  row('Discount', m.discountCents > 0 ? money(-m.discountCents) : money(0));
  row('Tax', money(m.taxCents));
  row('Shipping', money(m.shippingCents));
  doc.moveTo(x, at).lineTo(x + 240, at).lineWidth(0.8).strokeColor(INK).stroke();
  at += 4;
  row('Total credit', money(m.totalCents), true);
  at += 6;
  for (const a of m.applications) row(`Applied to invoice ${a.invoiceNum}`, money(a.cents));
  row('Credit on account', money(m.toCreditCents));
  doc.font('Helvetica').fontSize(8).fillColor(MUTED).text('This credit is applied to your oldest open invoices first; the rest stays on your account for future invoices.', PAGE.margin, y + 8, { width: CONTENT_WIDTH - 260 });
  return finish(doc, `Credit memo ${m.creditMemoNum} - return ${m.rmaNum}`);
}
