import type { Config } from './config';
import type { Database } from './db/database';
import { type DialectOps, dialectOps } from './db/dialect';
import { DocumentService } from './documents/service';
import { AccountService } from './accounts/service';
import { CatalogueService } from './catalogue/service';
import type { CustomerResolver } from './http/auth-context';
import { Mailer } from './mail/mailer';
import { StaffService } from './staff/service';

/** What the feature modules share: configuration, the database and the services built on it. */
export interface ShopContext {
  config: Config;
  database: Database;
  ops: DialectOps;
  catalogue: CatalogueService;
  mailer: Mailer;
  accounts: AccountService;
  staff: StaffService;
  /** Pick lists, packing slips and invoices as PDF. */
  documents: DocumentService;
  /** Turns a request's token into the signed-in customer (the accounts module provides it). */
  resolveCustomer: CustomerResolver | null;
}

export function createContext(config: Config, database: Database): ShopContext {
  const mailer = new Mailer(config);
  const accounts = new AccountService(database.db, mailer, config.PUBLIC_URL);
  return {
    config,
    database,
    ops: dialectOps(database.dialect),
    catalogue: new CatalogueService(database.db, dialectOps(database.dialect)),
    mailer,
    accounts,
    staff: new StaffService(database.db),
    documents: new DocumentService(database.db),
    resolveCustomer: accounts.resolveCustomer,
  };
}
