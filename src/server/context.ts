import type { Config } from './config';
import type { Database } from './db/database';
import { type DialectOps, dialectOps } from './db/dialect';
import { DocumentService } from './documents/service';
import { AccountService } from './accounts/service';
import { CartService } from './cart/service';
import { CatalogueService } from './catalogue/service';
import type { CustomerResolver } from './http/auth-context';
import { Mailer } from './mail/mailer';
import { CheckoutService } from './orders/checkout';
import { LifecycleService } from './orders/lifecycle';
import { OrderService } from './orders/service';
import { StaffService } from './staff/service';
import { StockService } from './stock/service';
import { EndpointCache } from './webhooks/endpoint-cache';
import { WebhookService } from './webhooks/service';

/** What the feature modules share: configuration, the database and the services built on it. */
export interface ShopContext {
  config: Config;
  database: Database;
  ops: DialectOps;
  catalogue: CatalogueService;
  mailer: Mailer;
  accounts: AccountService;
  staff: StaffService;
  /** Built once here and shared by every route family that needs them. */
  cart: CartService;
  orders: OrderService;
  checkout: CheckoutService;
  lifecycle: LifecycleService;
  stock: StockService;
  /** Pick lists, packing slips and invoices as PDF. */
  documents: DocumentService;
  /** Webhook endpoints, their delivery log, and the events they subscribe to. */
  webhooks: WebhookService;
  /** Turns a request's token into the signed-in customer (the accounts module provides it). */
  resolveCustomer: CustomerResolver | null;
}

export function createContext(config: Config, database: Database): ShopContext {
  const mailer = new Mailer(config);
  const accounts = new AccountService(database.db, mailer, config.PUBLIC_URL);
  const ops = dialectOps(database.dialect);
  const catalogue = new CatalogueService(database.db, ops);
  const cart = new CartService(database.db, ops, catalogue, accounts);
  const orders = new OrderService(database.db, cart);
  return {
    config,
    database,
    ops,
    catalogue,
    mailer,
    accounts,
    staff: new StaffService(database.db),
    cart,
    orders,
    checkout: new CheckoutService(database.db, ops, accounts, cart, orders, mailer, config.PUBLIC_URL),
    lifecycle: new LifecycleService(database.db, ops, accounts, mailer, config.PUBLIC_URL),
    stock: new StockService(database.db, catalogue, accounts, mailer, config.PUBLIC_URL),
    documents: new DocumentService(database.db),
    webhooks: new WebhookService(database.db, ops.forUpdate, { allowPrivate: config.WEBHOOK_ALLOW_PRIVATE, timeoutMs: config.WEBHOOK_TIMEOUT_MS }, new EndpointCache()),
    resolveCustomer: accounts.resolveCustomer,
  };
}
