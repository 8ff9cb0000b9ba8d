import { type Config, ConfigError } from './platform/config';
import type { ReportsContext } from './reports';
import type { Database } from './platform/db/database';
import { dialectOps } from './platform/db/dialect';
import { DocumentService } from './orders/documents/service';
import { AccountService } from './customers/accounts/service';
import { ActAsService } from './customers/act-as/service';
import { loginFailures } from './customers/accounts/login-failures';
import { ApiKeyService } from './staff/api-keys/service';
import { CartService } from './orders/cart/service';
import { CatalogueService } from './catalogue/service';
import { PriceBook } from './catalogue/pricing/price-book';
import { PricingAdminService } from './catalogue/pricing/service';
import { CustomerAdminService } from './customers/admin/service';
import { SpeedListService } from './customers/speed-lists/service';
import { StockAlertNotifier } from './customers/stock-alerts/notifier';
import { StockAlertService } from './customers/stock-alerts/service';
import { InventoryLookupService } from './catalogue/inventory-lookup/service';
import { MoneyService } from './money/service';
import { balanceOf, invoicedDueOf, onOpenOrdersOf } from './money/account-math';
import { balancePartsOf } from './money/queries';
import { parseNexusStates } from './money/tax/rates';
import { TaxCertificateReminders } from './money/tax/certificate-reminders';
import { TaxCertificateService } from './money/tax/certificates';
import { TaxService } from './money/tax/service';
import { totalsJson } from './orders/order-totals';
import { closeSettledOrders, reopenClosedOrders } from './flows/closing';
import { ItemEditorService } from './catalogue/item-editor/service';
import { CategoryEditorService } from './catalogue/category-editor/service';
import { ItemImportService } from './catalogue/item-import/service';
import { CatalogsService } from './catalogue/catalogs/service';
import type { CustomerResolver } from './platform/http/auth-context';
import { Mailer } from './platform/mail/mailer';
import { OutboxDispatcher } from './platform/outbox/outbox';
import { CheckoutService } from './flows/checkout';
import { StaffOrderService } from './flows/staff-order';
import { enqueueBackorderMails } from './flows/backorder-mail';
import { fillBackorders } from './flows/backorders';
import { AdminOrderReader } from './orders/admin-order';
import { LifecycleService } from './flows/lifecycle';
import { OrderEditService } from './flows/order-edit';
import { ReturnService } from './flows/returns';
import { ReturnReader } from './flows/returns-read';
import { OrderService } from './orders/service';
import { StaffService } from './staff/service';
import { StockService } from './stock/service';
import { webhookHandler, webhookRetryPolicy } from './staff/webhooks/dispatch';
import { ReportService } from './reports/service';
import { WebhookEvents } from './staff/webhooks/events';
import { pruneDeliveries } from './staff/webhooks/queries';
import { WebhookService } from './staff/webhooks/service';

/**
 * The composition root's context: every module's services (each module's context adds its own to
 * those of the modules below it: reports/context.ts is the top of that chain) and the flows'.
 */
export interface ShopContext extends ReportsContext {
  checkout: CheckoutService;
  /** Orders the order desk enters for a customer (DESIGN.md §7). */
  staffOrders: StaffOrderService;
  lifecycle: LifecycleService;
  orderEdit: OrderEditService;
  returns: ReturnService;
  returnReader: ReturnReader;
  /** Turns a request's token into the signed-in customer (the accounts module provides it). */
  resolveCustomer: CustomerResolver | null;
}

export function createContext(config: Config, database: Database): ShopContext {
  const mailer = new Mailer(config);
  const outbox = createOutbox(config, database, mailer);
  const webhookEvents = new WebhookEvents();
  const accounts = new AccountService(database.db, outbox, config.PUBLIC_URL, webhookEvents, config.SIGNUP_APPROVAL === 'on', config.DEFAULT_CREDIT_LIMIT * 100);
  const ops = dialectOps(database.dialect);
  const catalogue = new CatalogueService(database.db, ops);
  const priceBook = new PriceBook(database.db);
  const nexus = parseNexusStates(config.TAX_NEXUS_STATES);
  if ('error' in nexus) throw new ConfigError(`Invalid configuration:\n  ${nexus.error}`);
  const tax = new TaxService(database.db, nexus.states);
  const cart = new CartService(database.db, ops, catalogue, accounts, priceBook, tax);
  const orders = new OrderService(database.db, cart);
  const adminOrders = new AdminOrderReader(database.db);
  const money = new MoneyService(database.db, ops, outbox, {
    closeSettled: (trx, actor, orderIds) => closeSettledOrders(trx, ops, webhookEvents, actor, orderIds),
    reopenClosed: (trx, actor, orderIds, chequeRef) => reopenClosedOrders(trx, ops, actor, orderIds, chequeRef),
  });
  const items = new ItemEditorService(database.db, catalogue, webhookEvents, () => outbox.poke());
  const stock = new StockService(database.db, catalogue, outbox, webhookEvents, {
    fill: fillBackorders,
    mail: (trx, filled) => enqueueBackorderMails(trx, filled, config.PUBLIC_URL),
  });
  const returnReader = new ReturnReader(database.db);
  return {
    config,
    database,
    returnReader,
    returns: new ReturnService(database.db, ops, outbox, config.PUBLIC_URL, webhookEvents, returnReader),
    ops,
    catalogue,
    priceBook,
    mailer,
    outbox,
    accounts,
    actAs: new ActAsService(database.db, accounts.sessions, (id) => accounts.customer(id), config.PUBLIC_URL),
    staff: new StaffService(database.db, loginFailures(database.db), config.PUBLIC_URL, () => outbox.poke()),
    cart,
    orders,
    checkout: new CheckoutService(database.db, ops, accounts, cart, orders, outbox, config.PUBLIC_URL, webhookEvents, money, tax),
    staffOrders: new StaffOrderService(database.db, ops, accounts, cart, catalogue, outbox, adminOrders, config.PUBLIC_URL, webhookEvents, money, tax),
    lifecycle: new LifecycleService(database.db, ops, outbox, config.PUBLIC_URL, webhookEvents, adminOrders),
    orderEdit: new OrderEditService(database.db, ops, { outbox, publicUrl: config.PUBLIC_URL, events: webhookEvents, adminOrders, accounts, cart, catalogue, money, tax }),
    adminOrders,
    stock,
    documents: new DocumentService(database.db),
    apiKeys: new ApiKeyService(database.db),
    webhooks: new WebhookService(database.db, webhookSettings(config), webhookEvents, () => outbox.poke()),
    webhookEvents,
    items,
    categories: new CategoryEditorService(database.db, items, webhookEvents),
    catalogs: new CatalogsService(catalogue, database.db, config.DATA_DIR),
    itemImports: new ItemImportService(database.db, catalogue, webhookEvents, () => outbox.poke()),
    customersAdmin: new CustomerAdminService(database.db, outbox, accounts.recovery, accounts.emailChange, {
      balancesOf: async (ids) => new Map([...(await balancePartsOf(database.db, ids))].map(([id, p]) => [id, { balanceCents: balanceOf(p), invoicedDueCents: invoicedDueOf(p), onOpenOrdersCents: onOpenOrdersOf(p) }])),
      accountOf: (id) => money.customerAccount(id),
      setTerms: (trx, actor, id, change) => money.setTerms(trx, actor, id, change),
      orderTotals: totalsJson,
    }),
    money,
    tax,
    taxCertificates: new TaxCertificateService(database.db, config.DATA_DIR, config.PUBLIC_URL, () => outbox.poke()),
    taxCertificateReminders: new TaxCertificateReminders(database.db, config.PUBLIC_URL, () => outbox.poke()),
    speedLists: new SpeedListService(database.db, catalogue, new InventoryLookupService(database.db, catalogue, priceBook)),
    stockAlerts: new StockAlertService(database.db),
    stockAlertNotifier: new StockAlertNotifier(database.db, config.PUBLIC_URL, () => outbox.poke()),
    reports: new ReportService(database.db, (limit) => stock.lowStock(limit), (num) => catalogue.current().byNum.get(num)?.categoryNum),
    pricing: new PricingAdminService(database.db, items),
    resolveCustomer: accounts.resolveCustomer,
  };
}

/** The process's dispatcher with its mail handler (scripts that enqueue build one to drain). */
export function createOutbox(config: Config, database: Database, mailer: Mailer): OutboxDispatcher {
  const outbox = new OutboxDispatcher(database.db, {
    pollMs: config.OUTBOX_POLL_MS,
    concurrency: config.OUTBOX_CONCURRENCY,
    leaseMs: config.OUTBOX_LEASE_MS,
    retentionMs: config.OUTBOX_RETENTION_DAYS * 24 * 3_600_000,
    // The row's last_error holds the delivery's failure; this is the dispatcher's own trouble,
    // reported once when it starts (a database that is down) and once when it ends.
    onError: (err) => console.error(`outbox: ${err instanceof Error ? err.message : String(err)} (reported once until the dispatcher works again)`),
    onRecovered: (failures, downMs) => console.error(`outbox: working again after ${failures} failed attempt${failures === 1 ? '' : 's'} in ${Math.round(downMs / 1000)} s`),
  });
  outbox.pruneAlso('webhook_deliveries', pruneDeliveries);
  outbox.handle(
    'mail',
    mailer.deliverQueued,
    { maxAttempts: config.MAIL_MAX_ATTEMPTS, baseDelayMs: config.MAIL_RETRY_BASE_MS, maxDelayMs: Math.max(config.MAIL_RETRY_BASE_MS, 6 * 3_600_000) },
    { forgetPayload: Mailer.isSecret },
  );
  // Every dispatcher can send webhooks: one without the handler would fail the rows it claims.
  outbox.handle('webhook', webhookHandler(database.db, webhookSettings(config), () => outbox.poke()), webhookRetryPolicy(config.WEBHOOK_MAX_ATTEMPTS, config.WEBHOOK_RETRY_BASE_MS));
  return outbox;
}

function webhookSettings(config: Config) {
  return { allowPrivate: config.WEBHOOK_ALLOW_PRIVATE, timeoutMs: config.WEBHOOK_TIMEOUT_MS };
}
