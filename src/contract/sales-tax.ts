import type { TaxBasis } from './cart';

/**
 * How documents and mails name an order's sales tax (decision 0042), one wording for the invoice
 * and credit memo PDFs and the buyer's mails: "Sales tax (7.25 %)" where tax was charged, the
 * exemption where an accepted resale certificate made the order exempt, and no line at all where
 * the shop collects no tax.
 */

export const SALES_TAX_WORDS = {
  charged: 'Sales tax',
  exempt: 'Sales tax: exempt (resale certificate)',
} as const;

/** A rate as a percent number (7.25, from parts per million / 10,000): "7.25 %", at most 4 decimals, no trailing zeros. */
export function ratePercentText(ratePercent: number): string {
  return `${String(Number(ratePercent.toFixed(4)))} %`;
}

/** Parts per million → the percent number the order answers carry (72,500 → 7.25). */
export const ppmToRatePercent = (ppm: number): number => ppm / 10_000;

/**
 * The label of a document's tax line, or null when it shows none. `ratePercent`: the order's rate
 * as a percent (null: none); `taxCents`: the document's own tax. A taxed document whose tax came
 * to nothing (every line of it cancelled, a 0 % ZIP) shows no line either.
 */
export function salesTaxLabel(basis: TaxBasis, ratePercent: number | null, taxCents: number): string | null {
  if (taxCents > 0) return ratePercent === null ? SALES_TAX_WORDS.charged : `${SALES_TAX_WORDS.charged} (${ratePercentText(ratePercent)})`;
  if (basis === 'exempt') return SALES_TAX_WORDS.exempt;
  return null;
}
