import type { Config } from './config';
import type { Database } from './db/database';
import { type DialectOps, dialectOps } from './db/dialect';
import { AccountService } from './accounts/service';
import { CatalogueService } from './catalogue/service';
import type { CustomerResolver } from './http/auth-context';
import { Mailer } from './mail/mailer';
import { StaffService } from './staff/service';
import { StockService } from './stock/service';

/** What the feature modules share: configuration, the database and the services built on it. */
export interface ShopContext {
  config: Config;
  database: Database;
  ops: DialectOps;
  catalogue: CatalogueService;
  mailer: Mailer;
  accounts: AccountService;
  staff: StaffService;
  stock: StockService;
  /** Turns a request's token into the signed-in customer (the accounts module provides it). */
  resolveCustomer: CustomerResolver | null;
}

export function createContext(config: Config, database: Database): ShopContext {
  const mailer = new Mailer(config);
  const accounts = new AccountService(database.db, mailer, config.PUBLIC_URL);
  const catalogue = new CatalogueService(database.db, dialectOps(database.dialect));
  return {
    config,
    database,
    ops: dialectOps(database.dialect),
    catalogue,
    mailer,
    accounts,
    staff: new StaffService(database.db),
    stock: new StockService(database.db, catalogue, accounts, mailer, config.PUBLIC_URL),
    resolveCustomer: accounts.resolveCustomer,
  };
}
