import { addressBlock, addressLines, CARRIER_NAMES, CONTENT_WIDTH, code128, type Column, facts, finish, letterhead, MUTED, newDocument, PAGE, table, usDate, BOTTOM, INK } from '../../platform/pdf/pdf-layout';
import type { PackingSlipData } from './types';

/**
 * A packing slip goes in the box (DESIGN.md §5): who it is for, the order number with its
 * barcode, PO, shipment, carrier and tracking number, what is in this box and what still waits.
 * No prices: the person unpacking need not see them.
 */

const COLUMNS: Column[] = [
  { header: 'Item #', width: 70 },
  { header: 'Description', width: 262 },
  { header: 'Ordered', width: 60, align: 'right' },
  { header: 'Shipped', width: 70, align: 'right' },
  { header: 'Backordered', width: 70, align: 'right' },
];

export async function renderPackingSlip(slip: PackingSlipData): Promise<Buffer> {
  const doc = newDocument(`Packing slip ${slip.shipmentNum}`, `Packing slip for order ${slip.orderNum}`);
  const barcode = await code128(String(slip.orderNum));
  doc.addPage();
  let y = letterhead(doc, 'PACKING SLIP', slip.warehouse);
  doc.image(barcode, PAGE.width - PAGE.margin - 150, y, { fit: [150, 44], align: 'right' });
  const tracking = slip.trackingNumber ? `${CARRIER_NAMES[slip.carrier] ?? slip.carrier} ${slip.trackingNumber}` : (CARRIER_NAMES[slip.carrier] ?? slip.carrier);
  const below = facts(doc, PAGE.margin, y, 330, [
    ['Order #', String(slip.orderNum)],
    ['Order date', usDate(slip.orderDate)],
    ['PO #', slip.poNumber || '-'],
    ['Shipment #', String(slip.shipmentNum)],
    ['Shipped', usDate(slip.shippedAt)],
    ['Carrier', tracking],
  ]);
  y = Math.max(below, y + 50) + 10;
  y = addressBlock(doc, PAGE.margin, y, CONTENT_WIDTH / 2, 'Ship to', [...addressLines(slip.shipTo), slip.shipTo.dayPhone]) + 14;

  const rows = slip.lines.map((l) => [l.invNum, l.title, String(l.ordered), String(l.shipped), l.backordered > 0 ? String(l.backordered) : '-']);
  y = table(doc, COLUMNS, rows, y, 40);
  const shipped = slip.lines.reduce((n, l) => n + l.shipped, 0);
  const waiting = slip.lines.reduce((n, l) => n + l.backordered, 0);
  if (y + 40 > BOTTOM) {
    doc.addPage();
    y = PAGE.margin;
  }
  doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(`Units in this shipment: ${shipped}`, PAGE.margin, y + 10);
  if (waiting > 0) doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(`${waiting} units are backordered and will ship when they are in stock.`);
  return finish(doc, `Packing slip - shipment ${slip.shipmentNum}, order ${slip.orderNum}`);
}
