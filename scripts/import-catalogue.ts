/**
 * `npm run import -- catalogue.csv [--dry-run]`: upserts the file's items by item number into the
 * database at DATABASE_URL, in chunks of rows (one transaction each), the same code as the back
 * office's import. Any bad row is reported (all of them, by line) and nothing changes. See
 * docs/catalogue-import.md for the columns.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { importCatalogueCsv } from '../src/server/catalogue/import-catalogue';
import { ConfigError, readConfig } from '../src/server/platform/config';
import { createOutbox } from '../src/server/context';
import { openDatabase } from '../src/server/platform/db/database';
import { migrateToLatest } from '../src/server/platform/db/migrate';
import { Mailer } from '../src/server/platform/mail/mailer';
import { IMPORT_ACTOR } from '../src/server/stock/import-stock';
import { WebhookEvents } from '../src/server/staff/webhooks/events';

const USAGE = 'usage: npm run import -- <file.csv> [--dry-run]';

function listed(nums: string[]): string {
  const shown = nums.slice(0, 20).join(', ');
  return nums.length > 20 ? `${shown} and ${nums.length - 20} more` : shown;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ options: { 'dry-run': { type: 'boolean', default: false } }, allowPositionals: true });
  const file = positionals[0];
  if (!file || positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    return 2;
  }

  const config = readConfig();
  const database = openDatabase(config.DATABASE_URL);
  try {
    await migrateToLatest(database.db);
    const started = performance.now();
    const report = await importCatalogueCsv(database.db, text, {
      dryRun: values['dry-run'],
      events: new WebhookEvents(),
      audit: { actor: IMPORT_ACTOR, target: `import:${basename(file)}` },
    });
    const took = `${((performance.now() - started) / 1000).toFixed(2)} s`;
    if (!report.ok) {
      console.error(`${file}: ${report.errors.length} problem(s); nothing was imported.`);
      for (const e of report.errors) console.error(`  ${e}`);
      return 1;
    }
    const verb = report.dryRun ? 'Dry run: would insert' : 'Imported: inserted';
    console.log(`${verb} ${report.inserted.length} and ${report.dryRun ? 'update' : 'updated'} ${report.updated.length} item(s) from ${file}; ${report.unchanged} already as the file says (${took}).`);
    if (report.inserted.length) console.log(`  new: ${listed(report.inserted)}`);
    if (report.updated.length) console.log(`  updated: ${listed(report.updated)}`);
    if (report.ignoredColumns.length) console.log(`  Stock columns ignored (read-only; change stock with Stock → Adjust or PUT /beapi/Admin/Stock): ${report.ignoredColumns.join(', ')}`);
    if (report.dryRun) console.log('  Nothing was changed.');
    // The webhook events queued with the import: sent now (or by a running shop's dispatcher, whichever is first).
    if (!report.dryRun) await createOutbox(config, database, new Mailer(config)).drain();
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exitCode = 1;
  },
);
