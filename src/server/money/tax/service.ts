import { type TaxImportResult, type TaxRates as TaxRatesAnswer, TAX_MESSAGES } from '../../../contract/admin/tax';
import type { Actor } from '../../platform/audit/audit';
import { Invalid } from '../../platform/errors';
import type { TaxTerms, TaxTermsSource } from '../../orders';
import type { Db } from '../queries';
import { taxDocument } from './compute';
import { exemptionFor } from './exemptions';
import { parseZipRates, type TableTaxRates } from './rates';
import { ppmToPercent, STATE_RATES } from './state-rates';
import { currentTaxRates, importZipRates, zipRates, zipRatesVersion } from './zip-rates';

/** Sales tax rates (decision 0042): the back office's view and import, and the rates the shop charges. */
export class TaxService implements TaxTermsSource {
  private cached: { zipVersion: number; rates: TableTaxRates; checkedAt: number } | null = null;

  constructor(
    private readonly db: Db,
    private readonly nexus: ReadonlySet<string>,
  ) {}

  /** The rates to charge now; read again only when an import (here or in another instance) moved the version. */
  async rates(db: Db = this.db): Promise<TableTaxRates> {
    const zipVersion = await zipRatesVersion(db);
    if (this.cached?.zipVersion !== zipVersion) this.cached = { zipVersion, rates: await currentTaxRates(db, this.nexus), checkedAt: Date.now() };
    this.cached.checkedAt = Date.now();
    return this.cached.rates;
  }

  /**
   * The rates for a cart's answer: the version is looked at again at most once a second, so a
   * cart read costs no query for it; an import elsewhere reaches carts within a second, and a
   * checkout always looks (`rates`).
   */
  private async ratesForCart(db: Db = this.db): Promise<TableTaxRates> {
    if (this.cached && Date.now() - this.cached.checkedAt < 1000) return this.cached.rates;
    return this.rates(db);
  }

  /**
   * How goods `customerId` ships to `to` are taxed today (decision 0042): no tax outside the
   * nexus states; none with an accepted, unexpired certificate for the state; else the rate.
   * `db`: the connection or transaction to read the certificates on.
   */
  async termsFor(customerId: number, to: { state: string; zip: string }, db?: unknown): Promise<TaxTerms> {
    const state = to.state.trim().toUpperCase();
    if (!this.nexus.has(state)) return { basis: 'no_nexus', ratePpm: null, shippingTaxable: false, state, version: '', certificateId: null };
    const on = (db as Db | undefined) ?? this.db;
    // The table as read at most a second ago: an import here moves it at once, one on another instance within the second.
    const rates = await this.ratesForCart(on);
    const rate = rates.rateFor({ state, zip: to.zip });
    if (!rate) return { basis: 'no_nexus', ratePpm: null, shippingTaxable: false, state, version: '', certificateId: null };
    const exempt = await exemptionFor(on, customerId, state, new Date().toISOString().slice(0, 10));
    if (exempt) return { basis: 'exempt', ratePpm: null, shippingTaxable: false, state, version: rate.version, certificateId: exempt.certificateId };
    return { basis: 'taxable', ratePpm: rate.ratePpm, shippingTaxable: rate.shippingTaxable, state, version: rate.version, certificateId: null };
  }

  async termsForCart(to: { state: string; zip: string }, certificates: readonly { id: number; state: string; expiresOn: string }[], db?: unknown): Promise<TaxTerms> {
    const state = to.state.trim().toUpperCase();
    if (!this.nexus.has(state)) return { basis: 'no_nexus', ratePpm: null, shippingTaxable: false, state, version: '', certificateId: null };
    const rate = (await this.ratesForCart((db as Db | undefined) ?? this.db)).rateFor({ state, zip: to.zip });
    if (!rate) return { basis: 'no_nexus', ratePpm: null, shippingTaxable: false, state, version: '', certificateId: null };
    // As `exemptionFor`: accepted (the read's), for this state, valid through today; the one valid longest.
    const today = new Date().toISOString().slice(0, 10);
    const valid = certificates.filter((c) => c.state === state && c.expiresOn >= today).sort((a, b) => (a.expiresOn < b.expiresOn ? 1 : -1))[0];
    if (valid) return { basis: 'exempt', ratePpm: null, shippingTaxable: false, state, version: rate.version, certificateId: valid.id };
    return { basis: 'taxable', ratePpm: rate.ratePpm, shippingTaxable: rate.shippingTaxable, state, version: rate.version, certificateId: null };
  }

  taxOf(doc: { lineCents: readonly number[]; discountCents: number; shippingCents: number }, terms: TaxTerms) {
    return taxDocument(doc, terms.ratePpm === null ? null : { ratePpm: terms.ratePpm, shippingTaxable: terms.shippingTaxable });
  }

  async list(): Promise<TaxRatesAnswer> {
    const [rates, zips] = await Promise.all([this.rates(), zipRates(this.db)]);
    return {
      version: rates.version,
      nexusStates: [...this.nexus].sort().map((state) => ({ state, rate: ppmToPercent(STATE_RATES[state]!.ratePpm), shippingTaxable: STATE_RATES[state]!.shippingTaxable })),
      zipRates: zips.map((z) => ({ zip: z.zip, state: z.state, rate: ppmToPercent(z.ratePpm), shippingTaxable: z.shippingTaxable, importedAt: z.importedAt, importedBy: z.importedBy })),
    };
  }

  /** A rate CSV, all or nothing: the first bad row is a 400 naming its line, and nothing changes. */
  async import(actor: Actor, csv: string): Promise<TaxImportResult> {
    const parsed = parseZipRates(csv, this.nexus);
    if ('error' in parsed) throw new Invalid(TAX_MESSAGES.nothingApplied(parsed.error));
    const counts = await importZipRates(this.db, actor, parsed.rates);
    const rates = await this.rates();
    return { version: rates.version, added: counts.added, updated: counts.updated, unchanged: counts.unchanged };
  }
}
