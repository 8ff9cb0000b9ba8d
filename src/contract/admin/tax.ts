import { z } from 'zod';

/**
 * Sales tax rates in the back office (DESIGN.md §7 "Sales tax and resale certificates"; decision
 * 0042). Rates are percents as text with at most four decimals ("7.25"), never floats: the
 * server keeps them as parts per million.
 */

export const TAX_RATE_LIMITS = {
  /** A rate CSV is at most this large (about 40,000 ZIP codes is the whole country). */
  maxBytes: 2 * 1024 * 1024,
} as const;

export const TAX_MESSAGES = {
  notMultipart: 'Send the rates as a CSV file (multipart, part "file")',
  noFile: 'Choose a CSV file of ZIP codes and their rates',
  tooLarge: 'A rate file is at most 2 MB',
  notCsv: 'This is not a CSV text file: save it from your spreadsheet as CSV (UTF-8)',
  empty: 'The file is empty',
  nothingApplied: (why: string) => `${why}. Nothing was imported.`,
} as const;

const rate = z.string().describe('A percent with at most four decimals, e.g. "7.25".');

export const taxStateRateSchema = z.object({ state: z.string(), rate, shippingTaxable: z.boolean() });

export const taxZipRateSchema = z.object({
  zip: z.string(),
  state: z.string(),
  rate,
  shippingTaxable: z.boolean(),
  importedAt: z.string(),
  importedBy: z.string(),
});

export const taxRatesSchema = z.object({
  /** The version recorded on each order: the state table's, and the ZIP table's import count. */
  version: z.string(),
  /** Where the shop collects tax (TAX_NEXUS_STATES), at each state's base rate. */
  nexusStates: z.array(taxStateRateSchema),
  zipRates: z.array(taxZipRateSchema),
});
export type TaxRates = z.infer<typeof taxRatesSchema>;

export const taxImportResultSchema = z.object({
  version: z.string(),
  /** ZIP codes new to the table, and those whose rate or shipping rule the file replaced. */
  added: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
});
export type TaxImportResult = z.infer<typeof taxImportResultSchema>;
