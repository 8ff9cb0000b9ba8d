/**
 * `npm run db:rebuild-summaries`: replaces the reports' sales summaries of the database at
 * DATABASE_URL with a full recount of its orders, in one transaction (decision 0023). For a
 * database whose orders were loaded in bulk, or a check after a bug; checkouts and cancels keep
 * the summaries themselves. Running processes read the new sums at once (the counters move).
 */
import { ConfigError, readConfig } from '../src/server/platform/config';
import { openDatabase } from '../src/server/platform/db/database';
import { rebuildSummaries } from '../src/server/reports/recount';

async function main(): Promise<void> {
  const config = readConfig();
  const database = openDatabase(config.DATABASE_URL);
  try {
    const t0 = performance.now();
    await rebuildSummaries(database.db);
    console.log(`Rebuilt the sales summaries in ${Math.round(performance.now() - t0)} ms.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
});
