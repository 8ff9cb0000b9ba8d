import cluster from 'node:cluster';
import { buildApp, loggerOptions } from './app';
import { ConfigError, type Config, readConfig } from './platform/config';
import { createContext } from './context';
import { openDatabase } from './platform/db/database';
import { seedsDemoDataOnFirstStart } from './platform/db/dialect';
import { migrateToLatest } from './platform/db/migrate';
import { demoSignIns, prepareDemoData } from './demo-data';
import { prettyDestination } from './platform/logs/pretty';
import { bannerLogLine, bannerText, type DemoSignIn, noteLine, shopUrl } from './start-banner';

/** On a terminal the log is readable lines (platform/logs/pretty.ts); piped or redirected it is JSON lines. */
const onTerminal = process.stdout.isTTY === true;

function loadConfig(): Config {
  try {
    return readConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

/**
 * Migrations and the first-start demo data run once, in the primary, before any worker serves.
 * Answers the demo sign-ins the database has, for the banner.
 */
async function prepareDatabase(config: Config): Promise<DemoSignIn[]> {
  const database = openDatabase(config.DATABASE_URL);
  try {
    await migrateToLatest(database.db);
    if (seedsDemoDataOnFirstStart(database.dialect)) {
      const seeded = await prepareDemoData(database.db);
      if (seeded) console.log(noteLine('Loaded the demo data (catalogue, buyer and staff) into a new database.', onTerminal));
    }
    return await demoSignIns(database.db);
  } finally {
    await database.close();
  }
}

async function serve(config: Config): Promise<void> {
  const database = openDatabase(config.DATABASE_URL);
  const ctx = createContext(config, database);
  await ctx.catalogue.refresh();
  const app = await buildApp(ctx, { logger: loggerOptions(config.LOG_LEVEL, onTerminal ? prettyDestination(process.stdout) : undefined) });
  ctx.catalogue.startPolling(1000, (err) => app.log.error({ err }, 'catalogue refresh failed'));
  ctx.catalogs.watch(config.CATALOG_PDF_DEBOUNCE_MS, (err) => app.log.error({ err }, 'catalogue PDFs not redrawn'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    ctx.catalogue.stop();
    ctx.catalogs.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isPrimary) {
    const demo = await prepareDatabase(config);
    if (config.WORKERS > 1) {
      for (let i = 0; i < config.WORKERS; i++) cluster.fork();
      cluster.on('exit', (worker, code, signal) => {
        if (code !== 0 && !signal) console.error(`worker ${worker.process.pid} exited with ${code}`);
      });
      const stop = () => {
        for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
      };
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    } else {
      await serve(config);
    }
    const facts = { url: shopUrl(config.HOST, config.PORT), processes: config.WORKERS, database: config.DATABASE_URL.startsWith('postgres') ? 'PostgreSQL' : 'SQLite', demo };
    console.log(onTerminal ? bannerText(facts) : bannerLogLine(facts));
  } else {
    await serve(config);
  }
}

main().catch((err) => {
  console.error('Start-up failed:', err instanceof Error ? err.message : err);
  process.exit(1);
});
