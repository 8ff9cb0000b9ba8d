import type { AdminCustomer, CustomerNote } from '../../contract/admin/customers';
import { contactName, toShipTo } from '../accounts/customer-json';
import { SESSION_LIFETIME_MS } from '../accounts/sessions';
import type * as q from './queries';

type CustomerRow = NonNullable<Awaited<ReturnType<typeof q.customerRow>>>;
type ShipToRow = Awaited<ReturnType<typeof q.shipTosOf>>[number];
type SessionRow = Awaited<ReturnType<typeof q.liveSessions>>[number];

/** The staff's view of a customer (contract/admin/customers.ts `adminCustomerSchema`): no hashes, no answers. */
export function customerJson(row: CustomerRow, shipTos: ShipToRow[], orders: { count: number; recent: AdminCustomer['recentOrders'] }, notes: CustomerNote[], sessions: SessionRow[]): AdminCustomer {
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
    billing: {
      code: '',
      orgName: row.org_name,
      firstName: row.first_name,
      lastName: row.last_name,
      contact: contactName(row.first_name, row.last_name),
      addressLine1: row.address_line1,
      city: row.city,
      state: row.state,
      zip: row.zip,
      country: row.country,
      dayPhone: row.day_phone,
      email: row.email,
      isDefault: row.default_ship_to_id === null,
    },
    shipTos: shipTos.map((s) => ({ ...toShipTo(s), isDefault: s.id === row.default_ship_to_id })),
    orderCount: orders.count,
    recentOrders: orders.recent,
    notes,
    // The expiry slides to 30 days past the last use (at most hourly), so it tells the last use.
    sessions: sessions.map((s) => ({ id: s.id, createdAt: s.created_at, lastSeenAt: new Date(Math.max(Date.parse(s.created_at), Date.parse(s.expires_at) - SESSION_LIFETIME_MS)).toISOString(), expiresAt: s.expires_at })),
  };
}
