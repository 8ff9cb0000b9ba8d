import { describe, expect, it } from 'vitest';
import { INVOICE_TERMS } from '../../../contract/order-lifecycle';
import { renderInvoice } from './invoice-pdf';
import { renderPackingSlip } from './packing-slip-pdf';
import { pdfText } from '../../platform/pdf/pdf-text';
import { renderPickList } from './pick-list-pdf';
import { invoice, invNum, packingSlip, pickList, title } from './test-data';

/** The documents drawn from realistic data and read back as a viewer would: what a person reads is in them. */

const squash = (s: string) => s.replace(/\s+/g, ' ');

describe('invoice PDF', () => {
  it('has the invoice and order numbers, dates, both addresses, every line, the totals and the terms', async () => {
    const data = invoice(3);
    const buf = await renderInvoice(data);
    expect(buf.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = await pdfText(buf);
    expect(pages).toHaveLength(1);
    for (const s of ['INVOICE', '500001', '100234', 'PO-7781', '11/25/2026', '12/25/2026', 'Net 30', '12 Billing Way', '410 Market St', 'Demo Party Supply']) expect(text).toContain(s);
    for (const [i, l] of data.lines.entries()) {
      expect(text).toContain(l.invNum);
      expect(text).toContain(title(i));
    }
    // 1 × $1.25, 2 × $1.35, 3 × $1.45 = $8.30; − $12.34 + $15.00.
    expect(text).toContain('$1.25');
    expect(text).toContain('$4.35');
    expect(text).toContain('$8.30');
    expect(text).toContain('-$12.34');
    expect(text).toContain('$15.00');
    expect(text).toContain('$10.96');
    expect(squash(text)).toContain(INVOICE_TERMS);
  });

  it('continues a 200-line invoice on further pages, every line and the total in it', async () => {
    const data = invoice(200);
    const { pages, text } = await pdfText(await renderInvoice(data));
    expect(pages.length).toBeGreaterThanOrEqual(5);
    for (let i = 0; i < 200; i++) expect(text).toContain(invNum(i));
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
    expect(pages.at(-1)).toContain('Total due');
    expect(text).toContain(`$${(data.totalCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  });
});

describe('packing slip PDF', () => {
  it('has the order, shipment, PO, carrier and tracking number, ship-to, the shipped lines and what is backordered', async () => {
    const { pages, text } = await pdfText(await renderPackingSlip(packingSlip(2)));
    expect(pages).toHaveLength(1);
    for (const s of ['PACKING SLIP', '100234', 'PO-7781', 'UPS 1Z999AA10123456784', '410 Market St', 'Sacramento, CA 95814', 'Fresno, CA 93706', invNum(0), title(1), 'Units in this shipment: 12', '4 units are backordered']) {
      expect(text).toContain(s);
    }
  });

  it('grows by pages with the lines', async () => {
    const { pages, text } = await pdfText(await renderPackingSlip(packingSlip(200)));
    expect(pages.length).toBeGreaterThanOrEqual(5);
    expect(text).toContain(invNum(199));
  });
});

describe('pick list PDF', () => {
  it('lists by item with the units to pick and each order’s share, under a header with the warehouse and the orders', async () => {
    const { text } = await pdfText(await renderPickList(pickList(2)));
    for (const s of ['Pick list - East warehouse', 'Fairhope, AL 36532', '11/25/2026', '100200, 100201, 100202', `#${invNum(0)}`, title(1), 'Order 100202: 3', '2 items, 12 units, 3 orders']) {
      expect(text).toContain(s);
    }
  });

  it('shows each item\'s bin ("No bin" without one) and counts one order, item and unit in the singular', async () => {
    const list = pickList(2, 1);
    const { text } = await pdfText(await renderPickList(list));
    expect(text).toContain('Bin A-01');
    expect(text).toContain('No bin');
    expect(text).toContain('2 items, 2 units, 1 order');
    const one = { ...list, items: list.items.slice(0, 1) };
    expect((await pdfText(await renderPickList(one))).text).toContain('1 item, 1 unit, 1 order');
  });

  it('says so when there is nothing to pick, and continues long lists on more pages', async () => {
    expect((await pdfText(await renderPickList(pickList(0)))).text).toContain('Nothing to pick');
    const { pages, text } = await pdfText(await renderPickList(pickList(40, 200)));
    expect(pages.length).toBeGreaterThan(10);
    expect(text).toContain(`#${invNum(39)}`);
    expect(text).toContain('Order 100399: 200');
  });
});
