import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, invoiceAmounts, type OrderMoney } from './invoice-amounts';

/** Invoices one shipment after another, as the lifecycle does. */
function invoiceAll(order: OrderMoney, shipments: number[]) {
  let before = { count: 0, merchandiseCents: 0, discountCents: 0 };
  return shipments.map((m) => {
    const inv = invoiceAmounts(order, before, m);
    before = { count: before.count + 1, merchandiseCents: before.merchandiseCents + m, discountCents: before.discountCents + inv.discountCents };
    return inv;
  });
}

describe('invoice amounts', () => {
  it('puts shipping on the first invoice and spreads the discount by merchandise', () => {
    const order = { subtotalCents: 10_000, discountCents: 1_000, shippingCents: 1_265 };
    const [a, b] = invoiceAll(order, [4_000, 6_000]);
    expect(a).toEqual({ subtotalCents: 4_000, discountCents: 400, shippingCents: 1_265, totalCents: 4_865 });
    expect(b).toEqual({ subtotalCents: 6_000, discountCents: 600, shippingCents: 0, totalCents: 5_400 });
  });

  it('gives the rounding to the last invoice: three thirds of an odd discount add up', () => {
    const order = { subtotalCents: 300, discountCents: 100, shippingCents: 0 };
    const invoices = invoiceAll(order, [100, 100, 100]);
    expect(invoices.map((i) => i.discountCents)).toEqual([33, 34, 33]);
    expect(invoices.reduce((n, i) => n + i.discountCents, 0)).toBe(100);
  });

  it('adds due dates across months and years', () => {
    expect(addDays('2026-12-15', 30)).toBe('2027-01-14');
    expect(addDays('2026-02-01', 30)).toBe('2026-03-03');
  });

  it('property: the invoices of a fully shipped order add up to its total to the cent', () => {
    const split = fc.array(fc.integer({ min: 1, max: 50_000 }), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(split, fc.integer({ min: 0, max: 100 }), fc.nat(5_000), (parts, percent, shipping) => {
        const subtotal = parts.reduce((n, p) => n + p, 0);
        const order = { subtotalCents: subtotal, discountCents: Math.round((subtotal * percent) / 100), shippingCents: shipping };
        const invoices = invoiceAll(order, parts);
        const total = invoices.reduce((n, i) => n + i.totalCents, 0);
        return total === subtotal - order.discountCents + shipping && invoices.every((i) => i.discountCents >= 0 && i.totalCents >= 0);
      }),
    );
  });
});
