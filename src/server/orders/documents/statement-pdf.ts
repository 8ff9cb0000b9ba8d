import type { StatementData } from './types';
import { addressBlock, addressLines, BOTTOM, CONTENT_WIDTH, facts, finish, INK, latin1, letterhead, money, MUTED, newDocument, PAGE, table, usDate, type Column } from '../../platform/pdf/pdf-layout';

/**
 * A customer's statement (decision 0022): open invoices with due dates and days overdue, charges
 * on the account, credit on account, aging buckets by days past due and the spec's late charge.
 * Each invoice and credit memo shows the sales tax its amount includes (decision 0042).
 */

const INVOICE_COLUMNS: Column[] = [
  { header: 'Invoice #', width: 52 },
  { header: 'Order #', width: 52 },
  { header: 'Date', width: 58 },
  { header: 'Due', width: 58 },
  { header: 'Amount', width: 62, align: 'right' },
  { header: 'Sales tax', width: 56, align: 'right' },
  { header: 'Paid', width: 62, align: 'right' },
  { header: 'Open', width: 62, align: 'right' },
  { header: 'Days overdue', width: 70, align: 'right' },
];
const CHARGE_COLUMNS: Column[] = [
  { header: 'Date', width: 80 },
  { header: 'Charge', width: 362 },
  { header: 'Amount', width: 90, align: 'right' },
];
const MEMO_COLUMNS: Column[] = [
  { header: 'Credit memo #', width: 100 },
  { header: 'Date', width: 92 },
  { header: 'Credit', width: 85, align: 'right' },
  { header: 'Sales tax', width: 85, align: 'right' },
  { header: 'Paid invoices', width: 85, align: 'right' },
  { header: 'On account', width: 85, align: 'right' },
];
const AGING_COLUMNS: Column[] = ['0-30 days', '31-60 days', '61-90 days', 'Over 90 days', 'Total open'].map((header) => ({ header, width: CONTENT_WIDTH / 5, align: 'right' as const }));
const SUMMARY_H = 130;

export async function renderStatement(s: StatementData): Promise<Buffer> {
  const doc = newDocument(`Statement ${s.customerCode} ${s.on}`, `Statement of account for ${s.billTo.orgName}`);
  doc.addPage();
  let y = letterhead(doc, 'STATEMENT', 'office');
  const half = CONTENT_WIDTH / 2 - 10;
  const billBottom = addressBlock(doc, PAGE.margin, y, half, 'Customer', [...addressLines(s.billTo), s.billTo.email]);
  const factsBottom = facts(doc, PAGE.margin + CONTENT_WIDTH / 2 + 10, y, half, [
    ['Statement date', usDate(s.on)],
    ['Customer #', s.customerCode || '-'],
    ['Terms', s.terms],
    ['Credit limit', money(s.creditLimitCents)],
  ]);
  y = Math.max(billBottom, factsBottom) + 14;

  y = heading(doc, 'Open invoices', y);
  const rows = s.invoices.map((i) => [String(i.invoiceNum), String(i.orderNum), usDate(i.date), usDate(i.dueDate), money(i.totalCents), money(i.taxCents), money(i.paidCents), money(i.openCents), i.daysOverdue > 0 ? String(i.daysOverdue) : 'current']);
  y = rows.length > 0 ? table(doc, INVOICE_COLUMNS, rows, y) + 10 : note(doc, 'No open invoices.', y);
  if (s.charges.length > 0) {
    y = room(doc, heading(doc, 'Charges', room(doc, y, 60)), 40);
    y = table(doc, CHARGE_COLUMNS, s.charges.map((c) => [usDate(c.date), c.description, money(c.amountCents)]), y) + 10;
  }
  if (s.creditMemos.length > 0) {
    y = room(doc, heading(doc, 'Credit memos (returns)', room(doc, y, 60)), 40);
    const memoRows = s.creditMemos.map((m) => [String(m.creditMemoNum), usDate(m.date), money(m.totalCents), money(m.taxCents), money(m.appliedCents), money(m.totalCents - m.appliedCents)]);
    y = table(doc, MEMO_COLUMNS, memoRows, y) + 10;
  }
  y = room(doc, y, SUMMARY_H + 60);
  y = heading(doc, 'Aging (days past due)', y);
  const total = s.invoices.reduce((n, i) => n + i.openCents, 0);
  y = table(doc, AGING_COLUMNS, [[money(s.aging['0-30']), money(s.aging['31-60']), money(s.aging['61-90']), money(s.aging['90+']), money(total)]], y) + 12;
  summary(doc, s, y);
  return finish(doc, `Statement for ${s.billTo.orgName} - ${usDate(s.on)}`);
}

function room(doc: PDFKit.PDFDocument, y: number, needed: number): number {
  if (y + needed <= BOTTOM) return y;
  doc.addPage();
  return PAGE.margin;
}

function heading(doc: PDFKit.PDFDocument, text: string, y: number): number {
  doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text(text, PAGE.margin, y);
  return doc.y + 4;
}

function note(doc: PDFKit.PDFDocument, text: string, y: number): number {
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(text, PAGE.margin, y);
  return doc.y + 10;
}

function summary(doc: PDFKit.PDFDocument, s: StatementData, y: number): void {
  const x = PAGE.margin + CONTENT_WIDTH - 260;
  let at = y;
  const row = (label: string, value: string, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 10).fillColor(INK);
    doc.text(label, x, at, { width: 170, lineBreak: false });
    doc.text(value, x + 170, at, { width: 90, align: 'right', lineBreak: false });
    at += bold ? 16 : 14;
  };
  row('Open invoices', money(s.invoices.reduce((n, i) => n + i.openCents, 0)));
  row('Charges', money(s.charges.reduce((n, c) => n + c.amountCents, 0)));
  row('Credit on account', s.unappliedCents > 0 ? money(-s.unappliedCents) : money(0));
  doc.moveTo(x, at).lineTo(x + 260, at).lineWidth(0.8).strokeColor(INK).stroke();
  at += 4;
  row('Amount due (invoiced)', money(s.amountDueCents), true);
  row('Overdue', money(s.overdueCents));
  row('Late charge if unpaid a month', money(s.lateChargeCents));
  at += 4;
  row('On open orders, not yet invoiced', money(s.openOrdersCents));
  const notes = [
    'The amount due is what has been invoiced: open invoices and charges, less credit on account.',
    `Orders not yet invoiced (${money(s.openOrdersCents)}) are billed as they ship and are not part of it.`,
    `${s.lateChargeRule}. Shown for information; not posted to your account.`,
  ];
  doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(latin1(notes.join(' ')), PAGE.margin, y, { width: CONTENT_WIDTH - 280 });
}
