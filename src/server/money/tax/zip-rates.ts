import { type Actor, recordAudit } from '../../platform/audit/audit';
import { bumpCounter } from '../../platform/counters';
import { writeTransaction } from '../../platform/db/database';
import type { Db } from '../queries';
import { TableTaxRates, type ZipRate } from './rates';
import { stateOfZip } from './state-rates';

/**
 * The imported ZIP rates (table `tax_zip_rates`, money/'s; decision 0042) and the rates the shop
 * uses: the built-in table with them, rebuilt when an import moved the version.
 */

export interface StoredZipRate extends ZipRate {
  state: string;
  importedAt: string;
  importedBy: string;
}

export async function zipRates(db: Db): Promise<StoredZipRate[]> {
  const rows = await db.selectFrom('tax_zip_rates').selectAll().orderBy('zip').execute();
  return rows.map((r) => ({ zip: r.zip, state: r.state, ratePpm: Number(r.rate_ppm), shippingTaxable: Number(r.shipping_taxable) === 1, importedAt: r.imported_at, importedBy: r.imported_by }));
}

export async function zipRatesVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('counters').select('value').where('name', '=', 'tax_rates_version').executeTakeFirst();
  return Number(row?.value ?? 0);
}

export interface ImportCounts {
  added: number;
  updated: number;
  unchanged: number;
  zipVersion: number;
}

/**
 * Applies a whole, already checked import in one transaction with its audit row: new ZIP codes
 * are added, listed ones replaced; ZIP codes the file does not list keep their rates (a file of
 * one state's rates leaves the other state's alone). The version moves once.
 */
export function importZipRates(db: Db, actor: Actor, rates: readonly ZipRate[]): Promise<ImportCounts> {
  return writeTransaction(db, async (trx) => {
    const before = new Map((await zipRates(trx)).map((r) => [r.zip, r]));
    const at = new Date().toISOString();
    const counts = { added: 0, updated: 0, unchanged: 0 };
    const changed = rates.filter((r) => {
      const was = before.get(r.zip);
      if (!was) counts.added++;
      else if (was.ratePpm !== r.ratePpm || was.shippingTaxable !== r.shippingTaxable) counts.updated++;
      else counts.unchanged++;
      return !was || was.ratePpm !== r.ratePpm || was.shippingTaxable !== r.shippingTaxable;
    });
    for (let i = 0; i < changed.length; i += 500) {
      const rows = changed.slice(i, i + 500).map((r) => ({ zip: r.zip, state: stateOfZip(r.zip)!, rate_ppm: r.ratePpm, shipping_taxable: r.shippingTaxable ? (1 as const) : (0 as const), imported_at: at, imported_by: actor.label }));
      await trx
        .insertInto('tax_zip_rates')
        .values(rows)
        .onConflict((oc) => oc.column('zip').doUpdateSet((eb) => ({ rate_ppm: eb.ref('excluded.rate_ppm'), shipping_taxable: eb.ref('excluded.shipping_taxable'), imported_at: eb.ref('excluded.imported_at'), imported_by: eb.ref('excluded.imported_by') })))
        .execute();
    }
    await recordAudit(trx, actor, { action: 'tax.rates.import', target: 'tax:zip-rates', summary: { ...counts, zips: rates.length } });
    // Last: on PostgreSQL the counter's row stays locked to the commit, so two imports take turns.
    const zipVersion = await bumpCounter(trx, 'tax_rates_version');
    return { ...counts, zipVersion };
  });
}

/** The rates the shop charges now: the built-in table with the ZIP rates of the current version. */
export async function currentTaxRates(db: Db, nexus: ReadonlySet<string>): Promise<TableTaxRates> {
  const [version, rates] = await Promise.all([zipRatesVersion(db), zipRates(db)]);
  return new TableTaxRates(nexus, rates, version);
}
