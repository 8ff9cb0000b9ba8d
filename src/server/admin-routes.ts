import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ShopContext } from './context';
import { apiKeyRoutes } from './staff/api-keys/api-key-routes';
import { categoryRoutes } from './catalogue/category-editor/category-routes';
import { catalogRegenerateRoutes } from './catalogue/catalogs/catalog-routes';
import { couponRoutes } from './orders/cart/coupon-routes';
import { customerRoutes } from './customers/admin/customer-routes';
import { reportRoutes } from './reports/report-routes';
import { pricingRoutes } from './catalogue/pricing/pricing-routes';
import { erpRoutes } from './catalogue/pricing/erp-routes';
import { itemImportRoutes } from './catalogue/item-import/item-import-routes';
import { itemRoutes } from './catalogue/item-editor/item-routes';
import { distributorRoutes } from './content/distributor-routes';
import { documentRoutes } from './orders/documents/document-routes';
import { orderFormRoutes } from './content/survey/order-form-routes';
import { orderRoutes } from './orders/order-routes';
import { orderLifecycleRoutes } from './flows/order-routes';
import { outboxRoutes } from './platform/outbox/outbox-routes';
import { pageRoutes } from './content/page-routes';
import { paymentRoutes } from './money/payment-routes';
import { photoRoutes } from './catalogue/photos/photo-routes';
import { actorOf, registerStaffAuth } from './staff/staff-auth';
import { staffRoutes } from './staff/staff-routes';
import { stockRoutes } from './stock/stock-routes';
import { webhookRoutes } from './staff/webhooks/webhook-routes';

/**
 * The back office API, /beapi/Admin (DESIGN.md §5): one encapsulated plugin with its own staff
 * hook and per-route permissions. It is registered outside the catalogue plugin (whose cache hook
 * runs before auth), never gets a fast lane, and CORS leaves it closed. The business rules live
 * in the areas (orders, stock, staff, audit); these files are the HTTP layer only.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ ctx: ShopContext }> = async (app, { ctx }) => {
  registerStaffAuth(app, ctx.staff, ctx.config.PUBLIC_URL, ctx.apiKeys);
  await app.register(staffRoutes, { ctx });
  await app.register(orderRoutes, { ctx });
  await app.register(orderLifecycleRoutes, { ctx });
  await app.register(stockRoutes, { ctx });
  await app.register(documentRoutes, { ctx });
  await app.register(apiKeyRoutes, { ctx });
  await app.register(erpRoutes, { ctx });
  await app.register(outboxRoutes, { db: ctx.database.db, outbox: ctx.outbox, actorOf });
  await app.register(webhookRoutes, { ctx });
  await app.register(itemRoutes, { ctx });
  await app.register(photoRoutes, { ctx });
  await app.register(categoryRoutes, { ctx });
  await app.register(itemImportRoutes, { ctx });
  await app.register(catalogRegenerateRoutes, { ctx });
  await app.register(pageRoutes, { ctx });
  await app.register(couponRoutes, { ctx });
  await app.register(distributorRoutes, { ctx });
  await app.register(orderFormRoutes, { ctx });
  await app.register(customerRoutes, { ctx });
  await app.register(paymentRoutes, { ctx });
  await app.register(reportRoutes, { ctx });
  await app.register(pricingRoutes, { ctx });
};
