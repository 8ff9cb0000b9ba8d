import { describe, expect, it } from 'vitest';
import { pdfText } from '../platform/pdf/pdf-text';
import { type CreditMemoData, renderCreditMemo } from './credit-memo-pdf';

/** The credit memo drawn and read back as a viewer would: its money lines, the sales tax credited among them. */

/** 3 × $12.50 returned from a California order: $37.50 − $3.75 of the coupon = $33.75, its tax at 7.25 % $2.45. */
const memo: CreditMemoData = {
  creditMemoNum: 700012,
  rmaNum: 800034,
  orderNum: 100234,
  date: '2026-11-29',
  billTo: ['Demo Party Supply', '1 Main St', 'Fresno, CA 93706'],
  lines: [{ invNum: '11002', title: '11" Royal Blue Latex', qty: 3, priceCents: 1250, extendedCents: 3750, taxCents: 245 }],
  subtotalCents: 3750,
  discountCents: 375,
  taxCents: 245,
  shippingCents: 0,
  totalCents: 3620,
  tax: { basis: 'taxable', ratePpm: 72_500 },
  applications: [{ invoiceNum: 500007, cents: 3000 }],
  toCreditCents: 620,
};

const squash = (s: string) => s.replace(/\s+/g, ' ');
const textOf = async (m: CreditMemoData) => squash((await pdfText(await renderCreditMemo(m))).text);

describe('credit memo PDF', () => {
  it('credits the sales tax at the order’s rate between shipping and the total credit, which includes it', async () => {
    const text = await textOf(memo);
    expect(text).toContain('11002 11" Royal Blue Latex 3 $12.50 $2.45 $37.50');
    expect(text).toContain('Merchandise $37.50 Discount -$3.75 Shipping $0.00 Sales tax (7.25 %) $2.45 Total credit $36.20');
    expect(text).toContain('Applied to invoice 500007 $30.00 Credit on account $6.20');
  });

  it('names the tax without a rate when none is given, the exemption for an exempt order, and no line where no tax was collected', async () => {
    const { tax: _rate, ...withoutTerms } = memo;
    expect(await textOf(withoutTerms)).toContain('Shipping $0.00 Sales tax $2.45 Total credit $36.20');
    const untaxed = { ...memo, lines: memo.lines.map((l) => ({ ...l, taxCents: 0 })), taxCents: 0, totalCents: 3375, toCreditCents: 375 };
    expect(await textOf({ ...untaxed, tax: { basis: 'exempt', ratePpm: null } })).toContain('Shipping $0.00 Sales tax: exempt (resale certificate) $0.00 Total credit $33.75');
    const noNexus = await textOf({ ...untaxed, tax: { basis: 'no_nexus', ratePpm: null } });
    expect(noNexus).toContain('Shipping $0.00 Total credit $33.75');
    expect(noNexus).not.toContain('Sales tax');
  });
});
