/**
 * The built-in sales tax table (decision 0042): each state's base rate, and whether shipping
 * charges are taxed there. Source and date: `docs/tax-rates.md`. A state's base rate is what the
 * whole state charges; local district rates come from the ZIP rates the back office imports.
 */

/** Which table this is: recorded on every order with the ZIP table's version (`RATES_VERSION`). */
export const STATE_TABLE_VERSION = 'states-2024-01-01';

/** A rate in millionths (parts per million): 7.25 % is 72,500. Integer, so money stays exact. */
export type RatePpm = number;

export interface StateRate {
  ratePpm: RatePpm;
  /** Shipping charges separately stated on the invoice are taxed there (the source's general rule). */
  shippingTaxable: boolean;
}

const r = (percent: string, shippingTaxable = false): StateRate => ({ ratePpm: percentToPpm(percent)!, shippingTaxable });

/** "7.25" → 72,500; at most four decimals; null for anything else. */
export function percentToPpm(percent: string): RatePpm | null {
  const m = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(percent.trim());
  if (!m) return null;
  return Number(m[1]) * 10_000 + Number((m[2] ?? '').padEnd(4, '0'));
}

/** 72,500 → "7.25". */
export function ppmToPercent(ppm: RatePpm): string {
  const whole = Math.floor(ppm / 10_000);
  const frac = String(ppm % 10_000).padStart(4, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

export const STATE_RATES: Readonly<Record<string, StateRate>> = {
  AL: r('4'),
  AK: r('0'),
  AZ: r('5.6'),
  AR: r('6.5', true),
  CA: r('7.25'),
  CO: r('2.9'),
  CT: r('6.35', true),
  DE: r('0'),
  DC: r('6', true),
  FL: r('6'),
  GA: r('4', true),
  HI: r('4', true),
  ID: r('6'),
  IL: r('6.25'),
  IN: r('7', true),
  IA: r('6'),
  KS: r('6.5', true),
  KY: r('6', true),
  LA: r('4.45'),
  ME: r('5.5'),
  MD: r('6'),
  MA: r('6.25'),
  MI: r('6', true),
  MN: r('6.875', true),
  MS: r('7', true),
  MO: r('4.225'),
  MT: r('0'),
  NE: r('5.5', true),
  NV: r('6.85'),
  NH: r('0'),
  NJ: r('6.625', true),
  NM: r('4.875', true),
  NY: r('4', true),
  NC: r('4.75', true),
  ND: r('5', true),
  OH: r('5.75', true),
  OK: r('4.5'),
  OR: r('0'),
  PA: r('6', true),
  RI: r('7', true),
  SC: r('6', true),
  SD: r('4.2', true),
  TN: r('7', true),
  TX: r('6.25', true),
  UT: r('6.1'),
  VT: r('6', true),
  VA: r('5.3'),
  WA: r('6.5', true),
  WV: r('6', true),
  WI: r('5', true),
  WY: r('4'),
};

/**
 * The first three digits of the ZIP codes of each state (USPS prefixes, as ranges), so that an
 * imported ZIP rate is checked against the state it is in.
 */
const ZIP_PREFIXES: Readonly<Record<string, readonly (readonly [number, number])[]>> = {
  AL: [[350, 369]],
  AK: [[995, 999]],
  AZ: [[850, 865]],
  AR: [[716, 729], [755, 755]],
  CA: [[900, 961]],
  CO: [[800, 816]],
  CT: [[60, 69]],
  DE: [[197, 199]],
  DC: [[200, 200], [202, 205]],
  FL: [[320, 349]],
  GA: [[300, 319], [398, 399]],
  HI: [[967, 968]],
  ID: [[832, 838]],
  IL: [[600, 629]],
  IN: [[460, 479]],
  IA: [[500, 528]],
  KS: [[660, 679]],
  KY: [[400, 427]],
  LA: [[700, 714]],
  ME: [[39, 49]],
  MD: [[206, 219]],
  MA: [[10, 27], [55, 55]],
  MI: [[480, 499]],
  MN: [[550, 567]],
  MS: [[386, 397]],
  MO: [[630, 658]],
  MT: [[590, 599]],
  NE: [[680, 693]],
  NV: [[889, 898]],
  NH: [[30, 38]],
  NJ: [[70, 89]],
  NM: [[870, 884]],
  NY: [[5, 5], [100, 149]],
  NC: [[270, 289]],
  ND: [[580, 588]],
  OH: [[430, 459]],
  OK: [[730, 749]],
  OR: [[970, 979]],
  PA: [[150, 196]],
  RI: [[28, 29]],
  SC: [[290, 299]],
  SD: [[570, 577]],
  TN: [[370, 385]],
  TX: [[750, 799], [885, 885]],
  UT: [[840, 847]],
  VT: [[50, 59]],
  VA: [[201, 201], [220, 246]],
  WA: [[980, 994]],
  WV: [[247, 268]],
  WI: [[530, 549]],
  WY: [[820, 831]],
};

/** The state a 5-digit ZIP code is in, or null for a ZIP no state has. */
export function stateOfZip(zip: string): string | null {
  if (!/^\d{5}$/.test(zip)) return null;
  const prefix = Number(zip.slice(0, 3));
  for (const [state, ranges] of Object.entries(ZIP_PREFIXES)) if (ranges.some(([lo, hi]) => prefix >= lo && prefix <= hi)) return state;
  return null;
}
