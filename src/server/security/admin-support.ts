import type { LightMyRequestResponse } from 'fastify';
import { hashToken } from '../platform/auth/tokens';
import type { StaffSessionForTest } from '../test-support/admin';
import type { TestApp } from '../test-support/test-app';
import { itemsWithStock } from '../stock/testing';

/** Helpers of the back office's security tests (admin-matrix, admin-cache, admin-fuzz). */

export const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const label = (r: { method: string; url: string }): string => `${r.method} ${r.url}`;

/**
 * Calls a full path as `session` (its cookie, and its CSRF header on unsafe methods) or as
 * nobody; `headers` add to or replace those. Unsafe calls send an empty JSON object.
 */
export function sendAs(
  t: TestApp,
  method: string,
  url: string,
  session: StaffSessionForTest | null,
  headers: Record<string, string> = {},
  payload: unknown = {},
): Promise<LightMyRequestResponse> {
  const unsafe = UNSAFE.has(method);
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(session ? { cookie: session.cookie } : {}), ...(session && unsafe ? { 'x-csrf-token': session.csrf } : {}), ...headers },
    ...(unsafe ? { payload: payload as object } : {}),
  });
}

/** The problem's `detail`, or undefined when the answer is not JSON. */
export function detailOf(res: LightMyRequestResponse): string | undefined {
  try {
    return (res.json() as { detail?: string }).detail;
  } catch {
    return undefined;
  }
}

export async function auditCount(t: TestApp): Promise<number> {
  const row = await t.ctx.database.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ends a staff session by its clock, as seven days would. */
export async function expireStaffSession(t: TestApp, session: StaffSessionForTest): Promise<void> {
  const token = session.cookie.split('=')[1]!;
  await t.ctx.database.db
    .updateTable('staff_sessions')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('token_hash', '=', hashToken(token))
    .execute();
}

/** The tables an admin call may change (sign-in failures and session clocks are left out on purpose). */
const ADMIN_TABLES = [
  'staff', 'staff_sign_in_links', 'audit_log', 'orders', 'order_lines', 'order_events', 'order_counts', 'shipments', 'shipment_lines', 'invoices',
  'invoice_lines', 'stock_movements', 'coupon_redemptions', 'counters', 'customers', 'outbox', 'webhook_endpoints', 'webhook_deliveries',
  'item_photos', 'photos', 'categories', 'nv_category_items', 'coupons', 'content_pages', 'distributors', 'surveys', 'survey_pages', 'survey_questions', 'survey_details',
  'customer_notes', 'sessions', 'payments', 'payment_applications', 'account_charges', 'sales_daily', 'sales_by_day', 'sales_by_month',
  'price_levels', 'price_level_prices', 'item_price_breaks',
] as const;

/** Every row of ADMIN_TABLES and the items' stock, as one string to compare before and after a call. */
export async function adminSnapshot(t: TestApp): Promise<string> {
  // Messages written before the call are delivered first: the dispatcher marking them sent while
  // the call runs is not the call's change.
  await t.ctx.outbox.drain();
  const db = t.ctx.database.db;
  const parts = await Promise.all([
    ...ADMIN_TABLES.map(async (table) => (await db.selectFrom(table).selectAll().execute()).map((r) => JSON.stringify(r)).sort()),
    itemsWithStock(db).orderBy('i.num').execute().then((rows) => rows.map((r) => [r.num, r.qty_fr, r.qty_fh, r.picture, r.category_num, r.order_multiple])),
  ]);
  return JSON.stringify(parts);
}
