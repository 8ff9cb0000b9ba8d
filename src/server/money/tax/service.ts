import { type TaxImportResult, type TaxRates as TaxRatesAnswer, TAX_MESSAGES } from '../../../contract/admin/tax';
import type { Actor } from '../../platform/audit/audit';
import { Invalid } from '../../platform/errors';
import type { Db } from '../queries';
import { parseZipRates, type TableTaxRates } from './rates';
import { ppmToPercent, STATE_RATES } from './state-rates';
import { currentTaxRates, importZipRates, zipRates, zipRatesVersion } from './zip-rates';

/** Sales tax rates (decision 0042): the back office's view and import, and the rates the shop charges. */
export class TaxService {
  private cached: { zipVersion: number; rates: TableTaxRates } | null = null;

  constructor(
    private readonly db: Db,
    private readonly nexus: ReadonlySet<string>,
  ) {}

  /** The rates to charge now; read again only when an import (here or in another instance) moved the version. */
  async rates(db: Db = this.db): Promise<TableTaxRates> {
    const zipVersion = await zipRatesVersion(db);
    if (this.cached?.zipVersion !== zipVersion) this.cached = { zipVersion, rates: await currentTaxRates(db, this.nexus) };
    return this.cached.rates;
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
