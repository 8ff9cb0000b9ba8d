import { describe, expect, it } from 'vitest';
import { INVOICE_TERMS } from '../../../contract/order-lifecycle';
import { renderInvoice } from './invoice-pdf';
import { renderPackingSlip } from './packing-slip-pdf';
import { pdfText } from '../../platform/pdf/pdf-text';
import { renderPickList } from './pick-list-pdf';
import { invoice, invNum, packingSlip, pickList, taxedInvoice, title } from './test-data';

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

  it('shows the sales tax at the order\'s rate between shipping and the total, which includes it', async () => {
    // 6 lines: $33.25 − $12.34 = $20.91 taxed at 7.25 % = $1.516 → $1.52; + $15.00 shipping = $37.43.
    const data = taxedInvoice(6);
    expect([data.subtotalCents, data.taxCents, data.totalCents]).toEqual([3325, 152, 3743]);
    const text = squash((await pdfText(await renderInvoice(data))).text);
    expect(text).toContain('Subtotal $33.25 Discount -$12.34 Shipping $15.00 Sales tax (7.25 %) $1.52 Total due $37.43');
    expect(text).not.toContain('exempt');
  });

  it('names an imported rate to four decimals, without trailing zeros', async () => {
    for (const [ppm, words] of [[83_751, 'Sales tax (8.3751 %)'], [40_000, 'Sales tax (4 %)'], [91_000, 'Sales tax (9.1 %)']] as const) {
      expect((await pdfText(await renderInvoice(taxedInvoice(6, ppm)))).text).toContain(words);
    }
  });

  it('says an exempt order is exempt, and shows no tax line where the shop collects none', async () => {
    const exempt = { ...invoice(6), tax: { basis: 'exempt' as const, ratePpm: null } };
    const text = squash((await pdfText(await renderInvoice(exempt))).text);
    expect(text).toContain('Shipping $15.00 Sales tax: exempt (resale certificate) $0.00 Total due $35.91');
    const untaxed = squash((await pdfText(await renderInvoice(invoice(6)))).text);
    expect(untaxed).toContain('Shipping $15.00 Total due $35.91');
    expect(untaxed).not.toContain('Sales tax');
  });

  it('counts the tax in the original order total when part of the order was cancelled', async () => {
    const data = taxedInvoice(6);
    const text = squash((await pdfText(await renderInvoice({ ...data, order: { totalCents: data.totalCents, originalCents: data.totalCents + 1073, cancelledCents: 1073 } }))).text);
    expect(text).toContain('Original order total $48.16 Cancelled -$10.73 Order total now $37.43');
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
