/**
 * `npm run db:backup [-- --out path.db]`: an online, consistent copy of the SQLite database while
 * the shop keeps taking writes (SQLite's backup API copies a snapshot page by page), checked with
 * PRAGMA integrity_check. For PostgreSQL it prints the pg_dump equivalent.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { readConfig } from '../src/server/platform/config';

const config = readConfig();
const { values } = parseArgs({ options: { out: { type: 'string' } } });

if (!config.DATABASE_URL.startsWith('sqlite:')) {
  console.log('PostgreSQL: take a consistent online copy with');
  console.log('  pg_dump --format=custom --file=shop-$(date +%Y%m%d-%H%M%S).dump "$DATABASE_URL"');
  console.log('and restore it into an empty database with');
  console.log('  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" shop-YYYYMMDD-HHMMSS.dump');
  process.exit(0);
}

const source = config.DATABASE_URL.slice('sqlite:'.length);
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = values.out ?? join(config.DATA_DIR, 'backups', `shop-${stamp}.db`);
mkdirSync(dirname(target), { recursive: true });

const db = new SQLite(source, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
const started = Date.now();
await db.backup(target);
db.close();

const copy = new SQLite(target, { readonly: true });
const check = copy.pragma('integrity_check', { simple: true });
const orders = (copy.prepare('select count(*) as n from orders').get() as { n: number }).n;
copy.close();
if (check !== 'ok') {
  console.error(`Backup ${target} failed its integrity check: ${String(check)}`);
  process.exit(1);
}
console.log(`Backed up ${source} to ${target} in ${Date.now() - started} ms (integrity_check ok, ${orders} orders).`);
