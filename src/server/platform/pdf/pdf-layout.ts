import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import type { Warehouse } from '../../../contract/order-lifecycle';

/**
 * What the three documents share: the page, the shop's letterhead, Code 128 barcodes, money and
 * a table that continues on the next page with its header repeated. Standard Helvetica keeps the
 * text extractable (and the files small).
 */

export type Doc = PDFKit.PDFDocument;

export const PAGE = { width: 612, height: 792, margin: 40 } as const;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Where the body stops: room for the page footer. */
export const BOTTOM = PAGE.height - PAGE.margin - 20;
export const INK = '#1f2933';
export const MUTED = '#5f6b7a';
export const RULE = '#c5cdd6';

/** The shop as its contact page shows it. */
export const SHOP = {
  name: 'Skyline Balloons',
  phone: '(559) 555-0100',
  email: 'hello@skyline-balloons.example',
  warehouses: {
    west: { label: 'West warehouse', lines: ['2500 S Cherry Ave', 'Fresno, CA 93706'] },
    east: { label: 'East warehouse', lines: ['19200 Greeno Rd', 'Fairhope, AL 36532'] },
  } satisfies Record<Warehouse, { label: string; lines: string[] }>,
};

export const CARRIER_NAMES: Record<string, string> = { ups: 'UPS', fedex: 'FedEx', usps: 'USPS', ltl: 'LTL freight', pickup: 'Customer pick-up', other: 'Other carrier' };

/** The standard PDF fonts only know Latin-1: anything else would print as garbage. */
export const latin1 = (text: string) =>
  text.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/[\u2013\u2014]/g, '-').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

const usd = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Cents as dollars with 2 decimals: $1,234.50, -$3.00. */
export const money = (cents: number) => `${cents < 0 ? '-' : ''}$${usd.format(Math.abs(cents) / 100)}`;

/** YYYY-MM-DD or an ISO time as MM/DD/YYYY (the shop's US customers read dates that way). */
export function usDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${m}/${d}/${y}`;
}

export function newDocument(title: string, subject: string): Doc {
  // bufferPages: the footer's "page x of y" is written once the page count is known.
  return new PDFDocument({ size: 'LETTER', margin: PAGE.margin, autoFirstPage: false, bufferPages: true, info: { Title: latin1(title), Author: SHOP.name, Subject: subject } });
}

/** Footers on every page, then the finished bytes. */
export function finish(doc: Doc, footer: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // The footer sits in the bottom margin; pdfkit would start a new page for text there.
    doc.page.margins.bottom = 0;
    const y = PAGE.height - PAGE.margin - 10;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    doc.text(latin1(footer), PAGE.margin, y, { width: CONTENT_WIDTH / 2, lineBreak: false });
    doc.text(`Page ${i + 1} of ${range.count}`, PAGE.margin + CONTENT_WIDTH / 2, y, { width: CONTENT_WIDTH / 2, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}

/** A Code 128 barcode as a PNG, with its text printed under the bars. */
export function code128(text: string, height = 10): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: 'code128', text, scale: 2, height, includetext: true, textxalign: 'center' });
}

/** Code 128 images for many texts, each made once (a pick list repeats none, but an item may appear on many). */
export async function code128All(texts: string[], height?: number): Promise<Map<string, Buffer>> {
  const unique = [...new Set(texts)];
  const images = await Promise.all(unique.map((t) => code128(t, height)));
  return new Map(unique.map((t, i) => [t, images[i]!]));
}

/**
 * The shop's name, the address (the shipping warehouse's, or the office in Fresno on invoices)
 * and phone at the top left; the document's title at the right. Answers the y below.
 */
export function letterhead(doc: Doc, title: string, warehouse: Warehouse | 'office'): number {
  const top = PAGE.margin;
  doc.font('Helvetica-Bold').fontSize(16).fillColor(INK).text(SHOP.name, PAGE.margin, top);
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  const address = warehouse === 'office' ? SHOP.warehouses.west.lines : [SHOP.warehouses[warehouse].label, ...SHOP.warehouses[warehouse].lines];
  for (const line of [...address, `${SHOP.phone}  |  ${SHOP.email}`]) doc.text(line);
  const bottom = doc.y;
  doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text(title, PAGE.margin, top, { width: CONTENT_WIDTH, align: 'right' });
  return Math.max(bottom, doc.y) + 10;
}

/** Label: value pairs in a column; answers the y below them. */
export function facts(doc: Doc, x: number, y: number, width: number, pairs: [string, string][]): number {
  let at = y;
  for (const [label, value] of pairs) {
    doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(label, x, at, { width: 90, lineBreak: false });
    doc.font('Helvetica').fontSize(9).fillColor(INK).text(latin1(value), x + 90, at, { width: width - 90 });
    at = Math.max(doc.y, at + 12);
  }
  return at;
}

/** A titled block of address lines; answers the y below it. */
export function addressBlock(doc: Doc, x: number, y: number, width: number, title: string, lines: string[]): number {
  doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(title.toUpperCase(), x, y, { width, characterSpacing: 0.5 });
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  for (const line of lines.filter((l) => l.trim() !== '')) doc.text(latin1(line), x, doc.y, { width });
  return doc.y;
}

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

const ROW_H = 16;

function tableHeader(doc: Doc, columns: Column[], y: number): number {
  let x = PAGE.margin;
  doc.rect(PAGE.margin, y, CONTENT_WIDTH, ROW_H).fill('#eef2f6');
  doc.font('Helvetica-Bold').fontSize(9).fillColor(INK);
  for (const c of columns) {
    doc.text(c.header, x + 3, y + 4, { width: c.width - 6, align: c.align ?? 'left', lineBreak: false });
    x += c.width;
  }
  return y + ROW_H;
}

/**
 * Rows of one line each (long titles end in an ellipsis), continued on new pages with the header
 * repeated; `reserve` keeps room under the last row (totals). Answers the y below the table.
 */
export function table(doc: Doc, columns: Column[], rows: string[][], y: number, reserve = 0): number {
  let at = tableHeader(doc, columns, y);
  rows.forEach((row, i) => {
    const last = i === rows.length - 1;
    if (at + ROW_H + (last ? reserve : 0) > BOTTOM) {
      doc.addPage();
      at = tableHeader(doc, columns, PAGE.margin);
    }
    let x = PAGE.margin;
    doc.font('Helvetica').fontSize(9).fillColor(INK);
    columns.forEach((c, j) => {
      doc.text(latin1(row[j] ?? ''), x + 3, at + 4, { width: c.width - 6, align: c.align ?? 'left', lineBreak: false, ellipsis: true, height: ROW_H });
      x += c.width;
    });
    doc.moveTo(PAGE.margin, at + ROW_H).lineTo(PAGE.margin + CONTENT_WIDTH, at + ROW_H).lineWidth(0.5).strokeColor(RULE).stroke();
    at += ROW_H;
  });
  return at;
}

export function addressLines(a: { orgName: string; contact: string; addressLine1: string; city: string; state: string; zip: string; country: string }): string[] {
  return [a.orgName, a.contact, a.addressLine1, `${a.city}, ${a.state} ${a.zip}`, a.country && a.country !== 'US' && a.country !== 'United States' ? a.country : ''];
}
