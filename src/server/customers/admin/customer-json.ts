import type { AdminCustomer, CustomerNote } from '../../../contract/admin/customers';
import { toShipTo } from '../accounts/customer-json';
import { SESSION_LIFETIME_MS } from '../accounts/sessions';
import type * as q from './queries';

type CustomerRow = NonNullable<Awaited<ReturnType<typeof q.customerRow>>>;
type ShipToRow = Awaited<ReturnType<typeof q.shipTosOf>>[number];
type SessionRow = Awaited<ReturnType<typeof q.liveSessions>>[number];

/** The staff's view of a customer (contract/admin/customers.ts `adminCustomerSchema`): no hashes, no answers. */
export function customerJson(
  row: CustomerRow,
  shipTos: ShipToRow[],
  orders: { count: number; recent: AdminCustomer['recentOrders'] },
  notes: CustomerNote[],
  sessions: SessionRow[],
  account: AdminCustomer['account'],
  /** Names of the staff members acting in `sessions` (act-as, decision 0035), by staff id. */
  actingNames: ReadonlyMap<number, string> = new Map(),
): AdminCustomer {
  return {
    id: row.id,
    code: row.code,
    status: row.status,
    version: row.version,
    orgName: row.org_name,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    emailVerified: row.email_verified === 1,
    pendingEmail: row.pending_email,
    dayPhone: row.day_phone,
    web: row.web,
    createdAt: row.created_at,
    // The billing address has a ship-to's columns (and no code or contact of its own).
    billing: { ...toShipTo({ ...row, code: '', contact: '', customer_id: row.id }), isDefault: row.default_ship_to_id === null },
    shipTos: shipTos.map((s) => ({ ...toShipTo(s), isDefault: s.id === row.default_ship_to_id })),
    orderCount: orders.count,
    recentOrders: orders.recent,
    notes,
    priceLevelId: row.price_level_id,
    // The expiry slides to 30 days past the last use (at most hourly), so it tells the last use.
    sessions: sessions.map((s) => ({
      id: s.id,
      createdAt: s.created_at,
      // An act-as session's end never moves, so it tells nothing of its last use.
      lastSeenAt: s.acting_staff_id !== null ? s.created_at : new Date(Math.max(Date.parse(s.created_at), Date.parse(s.expires_at) - SESSION_LIFETIME_MS)).toISOString(),
      expiresAt: s.expires_at,
      actingStaff: s.acting_staff_id === null ? null : (actingNames.get(s.acting_staff_id) ?? 'Former staff'),
    })),
    account,
  };
}
