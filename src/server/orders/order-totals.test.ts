import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceAmounts } from '../money';
import { NOTHING_INVOICED, originalTotalOf, totalsAfterCancel } from './order-totals';

describe('order totals after cancels', () => {
  const placed = { subtotalCents: 41_250, discountCents: 4_125, shippingCents: 1_895 };

  it('takes the cancelled merchandise and its share of the discount off; shipping stays while anything is left', () => {
    expect(totalsAfterCancel(placed, 30_000, NOTHING_INVOICED)).toEqual({ subtotalCents: 30_000, discountCents: 3_000, shippingCents: 1_895, taxCents: 0, totalCents: 28_895 });
  });

  it("adds the tax of what remains to the total, and the tax as placed to the original total", () => {
    expect(totalsAfterCancel(placed, 30_000, NOTHING_INVOICED, 1_958)).toMatchObject({ taxCents: 1_958, totalCents: 28_895 + 1_958 });
    expect(originalTotalOf({ ...placed, taxCents: 3_000 })).toBe(originalTotalOf(placed) + 3_000);
  });

  it('an order cancelled before anything shipped owes nothing, shipping included', () => {
    expect(totalsAfterCancel(placed, 0, NOTHING_INVOICED)).toEqual({ subtotalCents: 0, discountCents: 0, shippingCents: 0, taxCents: 0, totalCents: 0 });
  });

  it('once all that is left is invoiced, the discount is what the invoices gave', () => {
    expect(totalsAfterCancel(placed, 7_000, { count: 1, merchandiseCents: 7_000, discountCents: 701 })).toMatchObject({ discountCents: 701, shippingCents: 1_895 });
  });

  it('any mix of shipments and cancels: the invoices of a fully shipped order add up to its total, to the cent', () => {
    const step = fc.record({ ship: fc.boolean(), cents: fc.integer({ min: 1, max: 50_000 }) });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_000_000 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 5_000 }), fc.array(step, { maxLength: 8 }), (s0, pct, h, steps) => {
        const p = { subtotalCents: s0, discountCents: Math.floor((s0 * pct) / 100), shippingCents: h };
        let order = { subtotalCents: s0, discountCents: p.discountCents, shippingCents: h, totalCents: s0 - p.discountCents + h };
        const invoiced = { count: 0, merchandiseCents: 0, discountCents: 0 };
        let billedTotal = 0;
        const ship = (m: number) => {
          const inv = invoiceAmounts(order, invoiced, m);
          expect(inv.discountCents).toBeGreaterThanOrEqual(0);
          invoiced.count += 1;
          invoiced.merchandiseCents += m;
          invoiced.discountCents += inv.discountCents;
          billedTotal += inv.totalCents;
        };
        for (const st of steps) {
          const open = order.subtotalCents - invoiced.merchandiseCents;
          if (open <= 0) break;
          const m = Math.min(st.cents, open);
          if (st.ship) ship(m);
          else order = totalsAfterCancel(p, order.subtotalCents - m, invoiced);
        }
        const open = order.subtotalCents - invoiced.merchandiseCents;
        if (open > 0) ship(open);
        expect(order.discountCents).toBeLessThanOrEqual(p.discountCents);
        if (invoiced.count > 0) expect(billedTotal).toBe(order.totalCents);
        else expect(order.totalCents).toBe(0);
      }),
      { numRuns: 500 },
    );
  });
});
