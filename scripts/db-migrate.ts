/** `npm run db:migrate`: brings the database at DATABASE_URL to the latest migration. */
import { ConfigError, readConfig } from '../src/server/platform/config';
import { openDatabase } from '../src/server/platform/db/database';
import { migrateToLatest } from '../src/server/platform/db/migrate';

async function main(): Promise<void> {
  const config = readConfig();
  const database = openDatabase(config.DATABASE_URL);
  try {
    const applied = await migrateToLatest(database.db);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
});
