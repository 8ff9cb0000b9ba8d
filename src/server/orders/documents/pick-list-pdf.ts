import { BOTTOM, CONTENT_WIDTH, code128All, finish, INK, latin1, MUTED, newDocument, PAGE, RULE, SHOP, usDate, type Doc } from '../../platform/pdf/pdf-layout';
import { plural } from '../../../contract/admin/picking';
import type { PickListData, PickListItem } from './types';

/**
 * A pick list for one warehouse (DESIGN.md §5, §7): by item in bin order (items without a bin
 * last), so a picker walks the shelves once. Each item has its bin, its number's barcode (scanned at the shelf), the units to pick over all orders, a box
 * to tick, and then how many go to each order. Large type for a phone's or a printer's page.
 */

const BARCODE_W = 130;
const BARCODE_H = 40;
const ORDERS_PER_ROW = 4;
const ORDER_ROW_H = 12;

function header(doc: Doc, list: PickListData, first: boolean): number {
  const where = SHOP.warehouses[list.warehouse];
  doc.font('Helvetica-Bold').fontSize(18).fillColor(INK).text(`Pick list - ${where.label}`, PAGE.margin, PAGE.margin, { width: CONTENT_WIDTH });
  if (!first) return doc.y + 8;
  const units = list.items.reduce((n, i) => n + i.totalQty, 0);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  doc.text(`${where.lines.join(', ')}  |  printed ${usDate(list.printedAt)} ${list.printedAt.slice(11, 16)} UTC`);
  doc.text(`${plural(list.items.length, 'item')}, ${plural(units, 'unit')}, ${plural(list.orderNums.length, 'order')}`);
  doc.font('Helvetica-Bold').fillColor(INK).text('Orders: ', { continued: true }).font('Helvetica').text(list.orderNums.join(', ') || 'none');
  return doc.y + 10;
}

function blockHeight(item: PickListItem): number {
  const orderRows = Math.ceil(item.orders.length / ORDERS_PER_ROW);
  return Math.max(BARCODE_H + 8, 34 + orderRows * ORDER_ROW_H) + 10;
}

function pickBox(doc: Doc, qty: number, y: number): void {
  const left = PAGE.margin;
  doc.rect(left + CONTENT_WIDTH - 16, y + 2, 14, 14).lineWidth(1).strokeColor(INK).stroke();
  doc.font('Helvetica-Bold').fontSize(16).text(String(qty), left + CONTENT_WIDTH - 90, y, { width: 68, align: 'right', lineBreak: false });
  doc.font('Helvetica').fontSize(8).fillColor(MUTED).text('to pick', left + CONTENT_WIDTH - 90, y + 18, { width: 68, align: 'right', lineBreak: false });
}

function itemBlock(doc: Doc, item: PickListItem, barcode: Buffer, y: number): void {
  const left = PAGE.margin;
  const textX = left + BARCODE_W + 12;
  const textW = CONTENT_WIDTH - BARCODE_W - 12 - 90;
  doc.image(barcode, left, y, { fit: [BARCODE_W, BARCODE_H] });
  doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text(`#${item.invNum}`, textX, y, { width: textW, lineBreak: false });
  doc.font('Helvetica-Bold').fontSize(12).text(item.bin ? `Bin ${latin1(item.bin)}` : 'No bin', textX + textW / 2, y, { width: textW / 2, align: 'right', lineBreak: false });
  doc.font('Helvetica').fontSize(10).text(latin1(item.title), textX, y + 15, { width: textW, lineBreak: false, ellipsis: true, height: 14 });
  // The units to pick, large, and a box to tick (once per item, not on its continued slices).
  if (item.totalQty > 0) pickBox(doc, item.totalQty, y);
  const colW = (CONTENT_WIDTH - BARCODE_W - 12) / ORDERS_PER_ROW;
  item.orders.forEach((o, i) => {
    const x = textX + (i % ORDERS_PER_ROW) * colW;
    const rowY = y + 34 + Math.floor(i / ORDERS_PER_ROW) * ORDER_ROW_H;
    doc.font('Helvetica').fontSize(9).fillColor(INK).text(`Order ${o.orderNum}: ${o.qty}`, x, rowY, { width: colW - 4, lineBreak: false });
  });
  const bottom = y + blockHeight(item) - 5;
  doc.moveTo(left, bottom).lineTo(left + CONTENT_WIDTH, bottom).lineWidth(0.5).strokeColor(RULE).stroke();
}

/** An item wanted by very many orders is drawn in slices that each fit on a page. */
const ORDERS_PER_BLOCK = ORDERS_PER_ROW * 40;
function inSlices(item: PickListItem): PickListItem[] {
  if (item.orders.length <= ORDERS_PER_BLOCK) return [item];
  const slices: PickListItem[] = [];
  for (let i = 0; i < item.orders.length; i += ORDERS_PER_BLOCK) {
    const orders = item.orders.slice(i, i + ORDERS_PER_BLOCK);
    slices.push({ ...item, title: i === 0 ? item.title : `${item.title} (continued)`, totalQty: i === 0 ? item.totalQty : 0, orders });
  }
  return slices;
}

export async function renderPickList(list: PickListData): Promise<Buffer> {
  const doc = newDocument(`Pick list ${list.warehouse}`, `Pick list for the ${list.warehouse} warehouse`);
  const barcodes = await code128All(list.items.map((i) => i.invNum));
  doc.addPage();
  let y = header(doc, list, true);
  if (list.items.length === 0) doc.font('Helvetica').fontSize(12).fillColor(INK).text('Nothing to pick: no accepted order has open units here.', PAGE.margin, y);
  for (const item of list.items.flatMap(inSlices)) {
    if (y + blockHeight(item) > BOTTOM) {
      doc.addPage();
      y = header(doc, list, false);
    }
    itemBlock(doc, item, barcodes.get(item.invNum)!, y);
    y += blockHeight(item);
  }
  return finish(doc, `Pick list - ${SHOP.warehouses[list.warehouse].label} - ${usDate(list.printedAt)}`);
}
