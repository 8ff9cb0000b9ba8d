import type { OrderAddress } from '../../../contract/cart';
import { INVOICE_TERMS } from '../../../contract/order-lifecycle';
import type { InvoiceData, PackingSlipData, PickListData } from './types';

/** Realistic documents for the renderers' tests. */

export const shipTo: OrderAddress = {
  code: 'S1',
  orgName: 'Demo Party Supply',
  contact: 'Dana Reyes',
  addressLine1: '410 Market St',
  city: 'Sacramento',
  state: 'CA',
  zip: '95814',
  country: 'US',
  dayPhone: '916-555-0142',
};

const TITLES = ['11" Red Latex (100 ct)', '18" Happy Birthday Foil', 'Number 5 Gold 34"', '260Q White Twisting (100)', 'Jumbo Heart Pink 36"'];
export const title = (i: number) => `${TITLES[i % TITLES.length]} #${i + 1}`;
export const invNum = (i: number) => String(10001 + i);

export function invoice(lineCount: number): InvoiceData {
  const lines = Array.from({ length: lineCount }, (_, i) => ({ invNum: invNum(i), title: title(i), qty: (i % 7) + 1, priceCents: 125 + i * 10, extendedCents: ((i % 7) + 1) * (125 + i * 10) }));
  const subtotalCents = lines.reduce((s, l) => s + l.extendedCents, 0);
  return {
    invoiceNum: 500001,
    invoiceDate: '2026-11-25',
    dueDate: '2026-12-25',
    status: 'open',
    orderNum: 100234,
    orderDate: '2026-11-20T15:04:05.000Z',
    poNumber: 'PO-7781',
    shipmentNum: 3,
    customerCode: 'C000042',
    billTo: { orgName: 'Demo Party Supply', contact: 'Dana Reyes', addressLine1: '12 Billing Way', city: 'Sacramento', state: 'CA', zip: '95814', country: 'US', email: 'buyer@example.com' },
    shipTo,
    lines,
    subtotalCents,
    discountCents: 1234,
    shippingCents: 1500,
    taxCents: 0,
    totalCents: subtotalCents - 1234 + 1500,
    tax: { basis: 'no_nexus', ratePpm: null },
    order: { totalCents: subtotalCents - 1234 + 1500, originalCents: subtotalCents - 1234 + 1500, cancelledCents: 0 },
    terms: INVOICE_TERMS,
  };
}

export function packingSlip(lineCount: number): PackingSlipData {
  return {
    shipmentNum: 7,
    orderNum: 100234,
    orderDate: '2026-11-20T15:04:05.000Z',
    poNumber: 'PO-7781',
    warehouse: 'west',
    shippedAt: '2026-11-25T10:00:00.000Z',
    carrier: 'ups',
    trackingNumber: '1Z999AA10123456784',
    shipTo,
    lines: Array.from({ length: lineCount }, (_, i) => ({ lineNo: i + 1, invNum: invNum(i), title: title(i), ordered: 10, shipped: 6, backordered: i % 2 === 0 ? 4 : 0 })),
  };
}

export function pickList(itemCount: number, ordersPerItem = 3): PickListData {
  const orderNums = Array.from({ length: ordersPerItem }, (_, i) => 100200 + i);
  return {
    warehouse: 'east',
    printedAt: '2026-11-25T09:30:00.000Z',
    orderNums,
    orders: orderNums.map((orderNum, j) => ({ orderNum, orgName: 'Demo Party Supply', units: itemCount * (j + 1) })),
    items: Array.from({ length: itemCount }, (_, i) => ({
      invNum: invNum(i),
      title: title(i),
      bin: i % 2 === 0 ? `A-${String(i + 1).padStart(2, '0')}` : '',
      upc: '',
      totalQty: orderNums.reduce((s, _o, j) => s + j + 1, 0),
      orders: orderNums.map((orderNum, j) => ({ orderNum, lineNo: i + 1, qty: j + 1 })),
    })),
  };
}

/**
 * `invoice(lineCount)` taxed at `ratePpm` on its merchandise after the discount (shipping not
 * taxed), as a Sacramento order at California's 7.25 % is: the total includes the tax.
 */
export function taxedInvoice(lineCount: number, ratePpm = 72_500): InvoiceData {
  const inv = invoice(lineCount);
  const taxCents = Math.round(((inv.subtotalCents - inv.discountCents) * ratePpm) / 1_000_000);
  const totalCents = inv.totalCents + taxCents;
  return { ...inv, taxCents, totalCents, tax: { basis: 'taxable', ratePpm }, order: { totalCents, originalCents: totalCents, cancelledCents: 0 } };
}
