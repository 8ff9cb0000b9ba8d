import { type Kysely, type Migration, Migrator, PostgresAdapter, sql } from 'kysely';
import * as catalogue from './migrations/2026-11-21T10-00-catalogue';
import * as accounts from './migrations/2026-11-21T11-00-accounts';
import * as cartOrders from './migrations/2026-11-21T13-00-cart-orders';
import * as content from './migrations/2026-11-21T12-00-content';
import * as survey from './migrations/2026-11-21T14-00-survey';
import * as speedLists from './migrations/2026-11-21T15-00-speed-lists';
import * as productInfoSafe from './migrations/2026-11-22T03-30-product-info-safe';
import * as itemDetailLists from './migrations/2026-11-22T04-00-item-detail-lists';
import * as stockSeq from './migrations/2026-11-22T06-00-stock-seq';
import * as cartLinesInOrder from './migrations/2026-11-23T18-00-cart-lines-in-order';
import * as detailHead from './migrations/2026-11-24T19-00-detail-head';
import * as money64bit from './migrations/2026-11-25T09-00-money-64bit';
import * as emailChange from './migrations/2026-11-25T09-30-email-change';
import * as backOffice from './migrations/2026-11-25T10-00-back-office';
import * as lifecycle from './migrations/2026-11-25T11-lifecycle';
import * as outbox from './migrations/2026-11-25T18-00-outbox';
import * as apiKeys from './migrations/2026-11-25T18-10-api-keys';
import * as webhooks from './migrations/2026-11-25T18-20-webhooks';
import * as numberSequences from './migrations/2026-11-25T20-30-number-sequences';
import * as itemEditor from './migrations/2026-11-25T21-00-item-editor';
import * as photos from './migrations/2026-11-25T21-10-photos';
import * as categorySeo from './migrations/2026-11-26T00-10-category-seo';
import * as contentAdmin from './migrations/2026-11-26T00-20-content-admin';
import * as importJobs from './migrations/2026-11-26T00-30-import-jobs';
import * as customersAdmin from './migrations/2026-11-26T00-40-customers-admin';
import * as priceLevels from './migrations/2026-11-26T04-10-price-levels';
import * as termsCreditPayments from './migrations/2026-11-26T04-20-terms-credit-payments';
import * as reportSummaries from './migrations/2026-11-26T04-30-report-summaries';
import * as reportIndexes from './migrations/2026-11-26T08-00-report-indexes';
import * as customersSearch from './migrations/2026-11-26T08-10-customers-search';
import * as structuralChanges from './migrations/2026-11-26T12-10-structural-changes';
import * as orderTotals from './migrations/2026-11-28T08-00-b-order-totals';
import * as staffSignIn from './migrations/2026-11-28T08-00-c-staff-sign-in';
import * as openingBalances from './migrations/2026-11-28T08-00-d-opening-balances';
import * as itemStock from './migrations/2026-11-28T12-00-item-stock';
import * as orderDeskWords from './migrations/2026-11-29T01-00-order-desk-words';
import * as stockBins from './migrations/2026-11-29T02-00-stock-bins';
import * as productInfoFormat from './migrations/2026-11-29T05-00-product-info-format';
import * as staffEnteredOrders from './migrations/2026-11-30T01-00-staff-entered-orders';
import * as actAs from './migrations/2026-11-30T02-00-act-as';
import * as returnsCreditMemos from './migrations/2026-11-30T04-00-returns-credit-memos';
import * as returnPhotos from './migrations/2026-11-30T05-00-return-photos';
import * as returnNumberSequences from './migrations/2026-11-30T06-00-return-number-sequences';
import * as stockAlerts from './migrations/2026-11-30T07-00-stock-alerts';
import * as taxZipRates from './migrations/2026-11-30T08-00-tax-zip-rates';
import * as searchSynonyms from './migrations/2026-11-30T09-00-search-synonyms';
import * as salesTax from './migrations/2026-11-30T10-00-sales-tax';
import * as creditMemoOrderIndex from './migrations/2026-11-30T11-00-credit-memo-order-index';

/**
 * Every migration, by its frozen date-stamped name. Listed here rather than read from disk so the
 * set is the same under tsx, in tests and in a bundle. Add new ones at the end.
 */
const migrations: Record<string, Migration> = {
  '2026-11-21T10-00-catalogue': catalogue,
  '2026-11-21T11-00-accounts': accounts,
  '2026-11-21T12-00-content': content,
  '2026-11-21T13-00-cart-orders': cartOrders,
  '2026-11-21T14-00-survey': survey,
  '2026-11-21T15-00-speed-lists': speedLists,
  '2026-11-22T03-30-product-info-safe': productInfoSafe,
  '2026-11-22T04-00-item-detail-lists': itemDetailLists,
  '2026-11-22T06-00-stock-seq': stockSeq,
  '2026-11-23T18-00-cart-lines-in-order': cartLinesInOrder,
  '2026-11-24T19-00-detail-head': detailHead,
  '2026-11-25T09-00-money-64bit': money64bit,
  '2026-11-25T09-30-email-change': emailChange,
  '2026-11-25T10-00-back-office': backOffice,
  '2026-11-25T11-lifecycle': lifecycle,
  '2026-11-25T18-00-outbox': outbox,
  '2026-11-25T18-10-api-keys': apiKeys,
  '2026-11-25T18-20-webhooks': webhooks,
  '2026-11-25T20-30-number-sequences': numberSequences,
  '2026-11-25T21-00-item-editor': itemEditor,
  '2026-11-25T21-10-photos': photos,
  '2026-11-26T00-10-category-seo': categorySeo,
  '2026-11-26T00-20-content-admin': contentAdmin,
  '2026-11-26T00-30-import-jobs': importJobs,
  '2026-11-26T00-40-customers-admin': customersAdmin,
  '2026-11-26T04-10-price-levels': priceLevels,
  '2026-11-26T04-20-terms-credit-payments': termsCreditPayments,
  '2026-11-26T04-30-report-summaries': reportSummaries,
  '2026-11-26T08-00-report-indexes': reportIndexes,
  '2026-11-26T08-10-customers-search': customersSearch,
  '2026-11-26T12-10-structural-changes': structuralChanges,
  '2026-11-28T08-00-b-order-totals': orderTotals,
  '2026-11-28T08-00-c-staff-sign-in': staffSignIn,
  '2026-11-28T08-00-d-opening-balances': openingBalances,
  '2026-11-28T12-00-item-stock': itemStock,
  '2026-11-29T01-00-order-desk-words': orderDeskWords,
  '2026-11-29T02-00-stock-bins': stockBins,
  '2026-11-29T05-00-product-info-format': productInfoFormat,
  '2026-11-30T01-00-staff-entered-orders': staffEnteredOrders,
  '2026-11-30T02-00-act-as': actAs,
  '2026-11-30T04-00-returns-credit-memos': returnsCreditMemos,
  '2026-11-30T05-00-return-photos': returnPhotos,
  '2026-11-30T06-00-return-number-sequences': returnNumberSequences,
  '2026-11-30T07-00-stock-alerts': stockAlerts,
  '2026-11-30T08-00-tax-zip-rates': taxZipRates,
  '2026-11-30T09-00-search-synonyms': searchSynonyms,
  '2026-11-30T10-00-sales-tax': salesTax,
  '2026-11-30T11-00-credit-memo-order-index': creditMemoOrderIndex,
};

/**
 * `schema` (PostgreSQL) names the schema that holds the migration tables; without it, the schema
 * the connection creates tables in (`current_schema()`: the first of its search_path). Kysely,
 * told no schema, takes a migration table in *any* schema as its own, so a database whose other
 * schemas hold a migrated shop (tests, benchmarks, a second shop) would skip creating the tables
 * of a fresh one and fail on the first read of them.
 */
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  return migrate(db, schema, (m) => m.migrateToLatest());
}

/** Applies the migrations up to and including `name` (tests of a migration over data written before it). */
export async function migrateUpTo(db: Kysely<any>, name: string, schema?: string): Promise<string[]> {
  if (!(name in migrations)) throw new Error(`No migration ${name}`);
  return migrate(db, schema, (m) => m.migrateTo(name));
}

async function migrate(db: Kysely<any>, schema: string | undefined, run: (m: Migrator) => ReturnType<Migrator['migrateToLatest']>): Promise<string[]> {
  const tableSchema = schema ?? (await currentSchema(db));
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(tableSchema ? { migrationTableSchema: tableSchema } : {}),
  });
  const { error, results } = await run(migrator);
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** PostgreSQL: the schema new tables go to. SQLite: undefined (it has one schema). */
async function currentSchema(db: Kysely<any>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const found = rows[0]?.schema;
  if (!found) throw new Error('No schema of the connection\'s search_path exists in this database: create it first');
  return found;
}
