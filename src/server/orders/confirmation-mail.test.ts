import { describe, expect, it } from 'vitest';
import type { Order } from '../../contract/cart';
import { orderConfirmationMail } from './confirmation-mail';

/** The order confirmation's money lines as the buyer reads them, with sales tax (decision 0042). */

function order(over: Partial<Order>): Order {
  return {
    orderNum: 100234,
    status: 'Received',
    statusCode: 'received',
    createdAt: '2026-11-29T10:00:00.000Z',
    lines: [{ lineNo: 1, invNum: '11002', web_Title: '11" Royal Blue Latex', ordQty: 4, price: 10, extended: 40, allocation: { west: 4, east: 0, backordered: 0 }, shipped: 0, backordered: 0, cancelled: 0 }],
    subtotal: 40,
    discount: 4,
    shipping: 11.75,
    tax: 0,
    total: 47.75,
    originalTotal: 47.75,
    cancelledTotal: 0,
    shipTo: { code: '', orgName: 'Demo Party Supply', contact: 'Dana Reyes', addressLine1: '1 Main St', city: 'Fresno', state: 'CA', zip: '93706', country: 'US', dayPhone: '' },
    shippingOption: { code: 'ground', name: 'Ground', amount: 11.75 },
    poNumber: '',
    comments: '',
    couponsApplied: [{ code: 'WELCOME10', name: '10% off merchandise', discount: 4 }],
    terms: 'Net 30, pay on account',
    shipments: [],
    invoices: [],
    events: [],
    cancellable: true,
    enteredByOrderDesk: false,
    taxRate: null,
    taxBasis: 'no_nexus',
    taxShipping: false,
    ...over,
  };
}

const text = (o: Order) => orderConfirmationMail('buyer@example.com', o, 'http://shop.test').text;

describe('order confirmation mail', () => {
  it('lists the sales tax at the order’s rate between shipping and the total', () => {
    const taxed = order({ tax: 2.61, total: 50.36, originalTotal: 50.36, taxRate: 7.25, taxBasis: 'taxable' });
    expect(text(taxed)).toContain(['Subtotal: $40.00', 'Discount: -$4.00 (WELCOME10)', 'Shipping (Ground): $11.75', 'Sales tax (7.25 %): $2.61', 'Total: $50.36'].join('\n'));
    expect(text({ ...taxed, taxRate: 8.3751 })).toContain('Sales tax (8.3751 %): $2.61');
  });

  it('says an exempt order is exempt, and has no tax line where the shop collects none', () => {
    expect(text(order({ taxBasis: 'exempt' }))).toContain(['Shipping (Ground): $11.75', 'Sales tax: exempt (resale certificate)', 'Total: $47.75'].join('\n'));
    const untaxed = text(order({}));
    expect(untaxed).toContain(['Shipping (Ground): $11.75', 'Total: $47.75'].join('\n'));
    expect(untaxed).not.toContain('Sales tax');
  });
});
