import PDFDocument from 'pdfkit';
import type { BalloonShape } from '../pictures/facts';

/**
 * Catalogue PDFs drawn with pdfkit's vector API. pdfkit cannot draw the item SVGs, so each item
 * gets a simple balloon of its shape and colour, the same colour as its picture on the site.
 * Pure layout: the facts come in, the PDF bytes come out.
 */

export interface PdfItem {
  num: string;
  title: string;
  pack: string;
  srp: number;
  colourHex: string;
  shape: BalloonShape;
  glyph?: string;
}

export interface PdfSection {
  title: string;
  items: PdfItem[];
}

export interface PdfBook {
  title: string;
  subtitle: string;
  sections: PdfSection[];
}

export interface PdfSwatch {
  name: string;
  hex: string;
  count: number;
}

const PRIMARY = '#3d8fcd';
const INK = '#1f2933';
const MUTED = '#5f6b7a';
const SHOP = 'Skyline Balloons';
const PAGE = { width: 612, height: 792, margin: 36 };
const COLUMNS = 4;
const CELL_H = 150;
const HEADER_H = 40;
const FOOTER_H = 24;

type Doc = PDFKit.PDFDocument;

/** The standard PDF fonts only know Latin-1: anything else would print as garbage. */
const latin1 = (text: string) => text.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

const money = (n: number) => `$${n.toFixed(2)}`;

/** Lets other requests run between pages: a big catalogue is drawn in slices, not in one block. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function collect(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

function newDocument(title: string, compress: boolean): Doc {
  return new PDFDocument({ size: 'LETTER', margin: PAGE.margin, compress, autoFirstPage: false, info: { Title: latin1(title), Author: SHOP, Subject: 'Wholesale catalogue' } });
}

// ---- balloons ----------------------------------------------------------------------------------

function star(cx: number, cy: number, r: number): number[][] {
  const points: number[][] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push([cx + radius * Math.cos(a), cy + radius * Math.sin(a)]);
  }
  return points;
}

function heart(doc: Doc, cx: number, cy: number, r: number): Doc {
  const top = cy - r * 0.55;
  return doc
    .moveTo(cx, top + r * 0.25)
    .bezierCurveTo(cx - r * 0.2, top - r * 0.35, cx - r * 1.1, top - r * 0.2, cx - r, top + r * 0.45)
    .bezierCurveTo(cx - r * 0.9, top + r * 1.05, cx - r * 0.2, top + r * 1.3, cx, top + r * 1.6)
    .bezierCurveTo(cx + r * 0.2, top + r * 1.3, cx + r * 0.9, top + r * 1.05, cx + r, top + r * 0.45)
    .bezierCurveTo(cx + r * 1.1, top - r * 0.2, cx + r * 0.2, top - r * 0.35, cx, top + r * 0.25)
    .closePath();
}

/** A balloon of the item's shape and colour, centred at (cx, cy), about 2r tall, with its string. */
export function drawBalloon(doc: Doc, cx: number, cy: number, r: number, colour: string, shape: BalloonShape, glyph?: string): void {
  doc.save().lineWidth(0.6).strokeColor('#8a96a3');
  // The string first, so the balloon sits on top of it.
  if (shape !== 'twistee') {
    doc.moveTo(cx, cy + r).bezierCurveTo(cx - r * 0.3, cy + r * 1.3, cx + r * 0.3, cy + r * 1.5, cx, cy + r * 1.8).stroke();
  }
  switch (shape) {
    case 'heart':
      heart(doc, cx, cy, r).fillAndStroke(colour, '#8a96a3');
      break;
    case 'star':
      doc.polygon(...star(cx, cy, r * 1.05)).fillAndStroke(colour, '#8a96a3');
      break;
    case 'cube':
      doc.roundedRect(cx - r * 0.8, cy - r * 0.8, r * 1.6, r * 1.6, r * 0.15).fillAndStroke(colour, '#8a96a3');
      break;
    case 'cylinder':
      doc.roundedRect(cx - r * 0.55, cy - r, r * 1.1, r * 2, r * 0.5).fillAndStroke(colour, '#8a96a3');
      break;
    case 'twistee':
      doc.roundedRect(cx - r * 1.3, cy - r * 0.14, r * 2.6, r * 0.28, r * 0.14).fillAndStroke(colour, '#8a96a3');
      break;
    case 'bubble':
      doc.circle(cx, cy, r).fillOpacity(0.35).fillAndStroke(colour, '#8a96a3').fillOpacity(1);
      break;
    case 'number':
      doc.font('Helvetica-Bold').fontSize(r * 2.2).fillColor(colour).lineWidth(0.8).strokeColor('#6b7785');
      doc.text(latin1(glyph ?? '#'), cx - r * 1.2, cy - r * 1.05, { width: r * 2.4, align: 'center', lineBreak: false, fill: true, stroke: true });
      break;
    default:
      doc.ellipse(cx, cy, r * 0.85, r).fillAndStroke(colour, '#8a96a3');
      doc.polygon([cx - r * 0.1, cy + r * 1.08], [cx + r * 0.1, cy + r * 1.08], [cx, cy + r * 0.96]).fill(colour);
  }
  if (shape !== 'number' && shape !== 'twistee') {
    doc.fillOpacity(0.45).ellipse(cx - r * 0.35, cy - r * 0.45, r * 0.16, r * 0.26).fill('#ffffff').fillOpacity(1);
  }
  doc.restore();
}

// ---- pages -------------------------------------------------------------------------------------

function cover(doc: Doc, title: string, subtitle: string, colours: string[]): void {
  doc.addPage();
  doc.rect(0, 0, PAGE.width, 300).fill(PRIMARY);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(14).text(SHOP.toUpperCase(), PAGE.margin, 60, { characterSpacing: 2 });
  doc.fontSize(40).text(latin1(title), PAGE.margin, 110, { width: PAGE.width - 2 * PAGE.margin });
  doc.font('Helvetica').fontSize(16).text(latin1(subtitle), PAGE.margin, 200, { width: PAGE.width - 2 * PAGE.margin });
  const shown = colours.slice(0, 7);
  shown.forEach((c, i) => {
    const cx = PAGE.width / 2 + (i - (shown.length - 1) / 2) * 62;
    drawBalloon(doc, cx, 430 + (i % 2) * 40, 34, c, 'round');
  });
  doc.fillColor(INK).font('Helvetica').fontSize(11);
  doc.text('Wholesale prices are shown to signed-in trade customers on the website.', PAGE.margin, 640, { width: PAGE.width - 2 * PAGE.margin, align: 'center' });
  doc.text('SRP = suggested retail price. Pack = units per pack.', { width: PAGE.width - 2 * PAGE.margin, align: 'center' });
}

function pageFrame(doc: Doc, title: string, pageNo: number): void {
  doc.addPage();
  doc.rect(0, 0, PAGE.width, HEADER_H - 8).fill(PRIMARY);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(12).text(latin1(`${SHOP}  |  ${title}`), PAGE.margin, 11, { lineBreak: false });
  // The footer sits in the bottom margin, where pdfkit would otherwise start a new page for it.
  const margin = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc.fillColor(MUTED).font('Helvetica').fontSize(8).text(`Page ${pageNo}`, PAGE.margin, PAGE.height - FOOTER_H, { width: PAGE.width - 2 * PAGE.margin, align: 'right', lineBreak: false });
  doc.page.margins.bottom = margin;
}

function itemCell(doc: Doc, item: PdfItem, x: number, y: number, w: number): void {
  drawBalloon(doc, x + w / 2, y + 38, 24, item.colourHex, item.shape, item.glyph);
  const textX = x + 6;
  const textW = w - 12;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(10).text(latin1(item.num), textX, y + 92, { width: textW, lineBreak: false });
  doc.font('Helvetica').fontSize(7.5).text(latin1(item.title), textX, y + 105, { width: textW, height: 19, ellipsis: true });
  doc.fillColor(MUTED).fontSize(7.5).text(latin1(`Pack: ${item.pack || '-'}   SRP: ${money(item.srp)}`), textX, y + 126, { width: textW, lineBreak: false });
}

/** A product line's catalogue: a cover, then its items in sections, four to a row. */
export async function renderCataloguePdf(book: PdfBook, options: { compress?: boolean } = {}): Promise<Buffer> {
  const doc = newDocument(book.title, options.compress ?? true);
  const done = collect(doc);
  const colours = [...new Set(book.sections.flatMap((s) => s.items.map((i) => i.colourHex)))];
  cover(doc, book.title, book.subtitle, colours);
  const cellW = (PAGE.width - 2 * PAGE.margin) / COLUMNS;
  const bottom = PAGE.height - PAGE.margin - FOOTER_H;
  let pageNo = 1;
  let y = Infinity;
  const ensureRoom = async (h: number) => {
    if (y + h <= bottom) return;
    await yieldToEventLoop();
    pageFrame(doc, book.title, ++pageNo);
    y = HEADER_H + 10;
  };
  for (const section of book.sections) {
    if (section.items.length === 0) continue;
    await ensureRoom(24 + CELL_H);
    doc.fillColor(PRIMARY).font('Helvetica-Bold').fontSize(14).text(latin1(section.title), PAGE.margin, y, { lineBreak: false });
    y += 24;
    for (let i = 0; i < section.items.length; i += COLUMNS) {
      await ensureRoom(CELL_H);
      section.items.slice(i, i + COLUMNS).forEach((item, col) => itemCell(doc, item, PAGE.margin + col * cellW, y, cellW));
      y += CELL_H;
    }
    y += 8;
  }
  doc.end();
  return done;
}

/** The latex colour palette: one swatch balloon per colour, with its name. */
export async function renderPalettePdf(title: string, swatches: PdfSwatch[], options: { compress?: boolean } = {}): Promise<Buffer> {
  const doc = newDocument(title, options.compress ?? true);
  const done = collect(doc);
  cover(doc, title, 'Every colour of the premium latex line, as it inflates.', swatches.map((s) => s.hex));
  const columns = 5;
  const cellW = (PAGE.width - 2 * PAGE.margin) / columns;
  const cellH = 120;
  const perPage = columns * Math.floor((PAGE.height - HEADER_H - PAGE.margin - FOOTER_H - 10) / cellH);
  for (let i = 0; i < swatches.length; i++) {
    if (i % perPage === 0) {
      await yieldToEventLoop();
      pageFrame(doc, title, i / perPage + 2);
    }
    const s = swatches[i]!;
    const slot = i % perPage;
    const x = PAGE.margin + (slot % columns) * cellW;
    const y = HEADER_H + 10 + Math.floor(slot / columns) * cellH;
    drawBalloon(doc, x + cellW / 2, y + 34, 26, s.hex, 'round');
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(9).text(latin1(s.name), x + 4, y + 88, { width: cellW - 8, align: 'center', lineBreak: false });
    doc.fillColor(MUTED).font('Helvetica').fontSize(7.5).text(`${s.count} item${s.count === 1 ? '' : 's'}`, x + 4, y + 101, { width: cellW - 8, align: 'center', lineBreak: false });
  }
  doc.end();
  return done;
}
