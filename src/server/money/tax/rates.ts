/**
 * Where the shop's tax rates come from (decision 0042): a small interface, so that a tax service
 * could answer instead of the built-in table later. The built-in one collects tax only in the
 * nexus states (`TAX_NEXUS_STATES`), at the state's base rate from `STATE_RATES`, or at the rate
 * imported for the ship-to's ZIP code. It asks nobody outside the shop.
 */
import type { TaxRate } from './compute';
import { percentToPpm, type RatePpm, STATE_RATES, STATE_TABLE_VERSION, stateOfZip } from './state-rates';

export interface RateFound extends TaxRate {
  /** Which table answered: recorded on the order, so its tax can be explained later. */
  version: string;
  source: 'zip' | 'state';
}

export interface TaxRates {
  /** The rate for goods shipped to this address, or null where the shop collects no tax. */
  rateFor(to: { state: string; zip: string }): RateFound | null;
}

/** A ZIP code's own rate, as imported (`zip,rate,shippingTaxable`). */
export interface ZipRate extends TaxRate {
  zip: string;
}

export const DEFAULT_NEXUS_STATES = 'CA,AL';

/** The built-in table: nexus states, their base rates, and the imported ZIP rates (version `zipVersion`). */
export class TableTaxRates implements TaxRates {
  private readonly zips: ReadonlyMap<string, ZipRate>;

  constructor(
    private readonly nexus: ReadonlySet<string>,
    zipRates: readonly ZipRate[] = [],
    private readonly zipVersion = 0,
  ) {
    this.zips = new Map(zipRates.map((z) => [z.zip, z]));
  }

  get version(): string {
    return this.zipVersion > 0 ? `${STATE_TABLE_VERSION}+zip-${this.zipVersion}` : STATE_TABLE_VERSION;
  }

  rateFor(to: { state: string; zip: string }): RateFound | null {
    const state = to.state.trim().toUpperCase();
    if (!this.nexus.has(state)) return null;
    const zip = to.zip.trim().slice(0, 5);
    const own = this.zips.get(zip);
    if (own && stateOfZip(zip) === state) return { ratePpm: own.ratePpm, shippingTaxable: own.shippingTaxable, version: this.version, source: 'zip' };
    const base = STATE_RATES[state]!;
    return { ratePpm: base.ratePpm, shippingTaxable: base.shippingTaxable, version: this.version, source: 'state' };
  }
}

/** `TAX_NEXUS_STATES` read: two-letter states the table knows, comma-separated, or `none`; an error names the first that is not a state. */
export function parseNexusStates(value: string | undefined): { states: Set<string> } | { error: string } {
  const text = value === undefined ? DEFAULT_NEXUS_STATES : value;
  const states = new Set<string>();
  if (text.trim().toLowerCase() === 'none') return { states };
  for (const part of text.split(',')) {
    const s = part.trim().toUpperCase();
    if (s === '') continue;
    if (!(s in STATE_RATES)) return { error: `TAX_NEXUS_STATES: "${part.trim()}" is not a US state's two-letter code (e.g. CA,AL)` };
    states.add(s);
  }
  return { states };
}

/** The highest rate an import accepts (no US combined rate comes near it). */
export const MAX_RATE_PPM: RatePpm = 200_000;

const YES = new Set(['true', 'yes', 'y', '1']);
const NO = new Set(['false', 'no', 'n', '0', '']);

/**
 * A ZIP rate CSV (`zip,rate,shippingTaxable`, a header line first, the rate as a percent such as
 * `8.35`) read whole: every row a ZIP of a nexus state, a rate from 0 to 20 %, shipping yes or no,
 * each ZIP once. The first bad row is the answer, named by its line number; nothing is applied.
 */
export function parseZipRates(csv: string, nexus: ReadonlySet<string>): { rates: ZipRate[] } | { error: string; line: number } {
  const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (lines[0] ?? '').split(',').map((h) => h.trim().toLowerCase());
  if (header.join(',') !== 'zip,rate,shippingtaxable') return { error: 'The first line must be the header zip,rate,shippingTaxable', line: 1 };
  const rates: ZipRate[] = [];
  const seen = new Set<string>();
  for (let i = 1; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.trim() === '') continue;
    const line = i + 1;
    const cells = raw.split(',').map((c) => c.trim());
    if (cells.length !== 3) return { error: `Line ${line}: expected 3 values (zip,rate,shippingTaxable), found ${cells.length}`, line };
    const [zip, rate, shipping] = cells as [string, string, string];
    if (!/^\d{5}$/.test(zip)) return { error: `Line ${line}: "${zip}" is not a 5-digit ZIP code`, line };
    const state = stateOfZip(zip);
    if (!state) return { error: `Line ${line}: ZIP ${zip} is in no US state`, line };
    if (!nexus.has(state)) return { error: `Line ${line}: ZIP ${zip} is in ${state}, where the shop collects no sales tax`, line };
    const ppm = percentToPpm(rate.replace(/%$/, ''));
    if (ppm === null) return { error: `Line ${line}: rate "${rate}" is not a percent such as 8.35`, line };
    if (ppm > MAX_RATE_PPM) return { error: `Line ${line}: rate ${rate} % is out of range (0 to 20 %)`, line };
    const s = shipping.toLowerCase();
    if (!YES.has(s) && !NO.has(s)) return { error: `Line ${line}: shippingTaxable "${shipping}" must be true or false`, line };
    if (seen.has(zip)) return { error: `Line ${line}: ZIP ${zip} is listed twice`, line };
    seen.add(zip);
    rates.push({ zip, ratePpm: ppm, shippingTaxable: YES.has(s) });
  }
  if (rates.length === 0) return { error: 'The file has no rates after its header', line: 2 };
  return { rates };
}
