import { RETURN_REASON_LABELS, RETURN_STATUS_LABELS, type ReturnReason, type ReturnStatus } from '../../../contract/returns';
import { addressBlock, BOTTOM, code128, type Column, CONTENT_WIDTH, facts, finish, INK, latin1, letterhead, MUTED, newDocument, PAGE, table, usDate } from '../../platform/pdf/pdf-layout';

/**
 * A return slip (DESIGN.md §7): goes in the parcel the buyer sends back. The RMA number with its
 * barcode (the warehouse scans it on arrival), the order, who returns what and why. No prices.
 */

export interface ReturnSlipData {
  rmaNum: number;
  orderNum: number;
  status: ReturnStatus;
  requestedAt: string;
  orgName: string;
  email: string;
  note: string;
  lines: { lineNo: number; invNum: string; title: string; qty: number; reason: ReturnReason }[];
}

const COLUMNS: Column[] = [
  { header: 'Line', width: 40, align: 'right' },
  { header: 'Item #', width: 70 },
  { header: 'Description', width: 252 },
  { header: 'Qty', width: 50, align: 'right' },
  { header: 'Reason', width: 120 },
];

export async function renderReturnSlip(slip: ReturnSlipData): Promise<Buffer> {
  const doc = newDocument(`Return ${slip.rmaNum}`, `Return slip for order ${slip.orderNum}`);
  const barcode = await code128(`RMA${slip.rmaNum}`);
  doc.addPage();
  let y = letterhead(doc, 'RETURN SLIP', 'west');
  doc.image(barcode, PAGE.width - PAGE.margin - 150, y, { fit: [150, 44], align: 'right' });
  const below = facts(doc, PAGE.margin, y, 330, [
    ['Return #', String(slip.rmaNum)],
    ['Order #', String(slip.orderNum)],
    ['Requested', usDate(slip.requestedAt)],
    ['Status', RETURN_STATUS_LABELS[slip.status]],
  ]);
  y = Math.max(below, y + 50) + 10;
  y = addressBlock(doc, PAGE.margin, y, CONTENT_WIDTH / 2, 'From', [slip.orgName, slip.email].filter(Boolean)) + 14;
  const rows = slip.lines.map((l) => [String(l.lineNo), l.invNum, l.title, String(l.qty), RETURN_REASON_LABELS[l.reason]]);
  y = table(doc, COLUMNS, rows, y, 60);
  if (y + 60 > BOTTOM) {
    doc.addPage();
    y = PAGE.margin;
  }
  const units = slip.lines.reduce((n, l) => n + l.qty, 0);
  doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(`Units to return: ${units}`, PAGE.margin, y + 10);
  if (slip.note) doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(latin1(`Note: ${slip.note}`), PAGE.margin, doc.y + 4, { width: CONTENT_WIDTH });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(`Write the return number ${slip.rmaNum} on the parcel and put this slip inside.`, PAGE.margin, doc.y + 6, { width: CONTENT_WIDTH });
  return finish(doc, `Return ${slip.rmaNum} - order ${slip.orderNum}`);
}
