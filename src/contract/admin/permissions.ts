/**
 * Staff roles and what each may do (DESIGN.md §5). This one table drives the server's checks
 * (every /beapi/Admin route declares the permission it needs) and what the admin app shows.
 */

export const ROLES = ['owner', 'manager', 'orders', 'warehouse', 'catalogue', 'accounts'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  /** Sign-in, own account, own password and TOTP: every staff member. */
  'self',
  'dashboard:read',
  'orders:read',
  /** Accept, hold, release, cancel. */
  'orders:write',
  /** Pick lists, packing slips, shipments. */
  'orders:ship',
  'invoices:read',
  'stock:read',
  'stock:write',
  'customers:read',
  /** Approve and suspend accounts, notes, sign a customer out, send a password-reset mail. */
  'customers:write',
  /** View the shop as a customer through a one-time link (DESIGN.md §7; never reachable with a key). */
  'customers:impersonate',
  /** Price levels, a customer's level (quantity breaks and case packs are items: catalogue:write). */
  'pricing:write',
  /** Terms, credit limits, payments, returned cheques: money. */
  'money:write',
  /** The reports page and its CSVs. */
  'reports:read',
  'audit:read',
  /** Add staff, change their roles, deactivate them, reset a member's sign-in (owner only). */
  'staff:manage',
  /** The item editor's list and items. */
  'catalogue:read',
  /** Create and edit items, their status and prices (also in bulk). */
  'catalogue:write',
  /** Create, list and revoke API keys (never reachable with a key). */
  'apikeys:manage',
  /** The outbox: pending and failed mails and webhooks, Retry. */
  'outbox:manage',
  /** Webhook endpoints, their secrets and delivery log. */
  'webhooks:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ALL: readonly Permission[] = PERMISSIONS;

/** The permission table: a role has exactly these. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: ALL,
  manager: ALL.filter((p) => p !== 'staff:manage'),
  orders: ['self', 'dashboard:read', 'orders:read', 'orders:write', 'invoices:read', 'stock:read', 'customers:read'],
  warehouse: ['self', 'dashboard:read', 'orders:read', 'orders:ship', 'stock:read', 'stock:write'],
  catalogue: ['self', 'dashboard:read', 'stock:read', 'catalogue:read', 'catalogue:write'],
  accounts: ['self', 'dashboard:read', 'orders:read', 'invoices:read', 'customers:read', 'customers:write', 'pricing:write', 'money:write', 'reports:read'],
};

/**
 * What an API key may be given (DESIGN.md §5 "Integration"), and the permissions each scope
 * grants: a key's call is allowed when one of its scopes grants the route's permission. Staff-only
 * permissions (self, staff:manage, apikeys:manage, audit:read, …) are in no scope, so a route
 * that needs one is never reachable with a key.
 */
export const API_SCOPES = ['orders:read', 'orders:write', 'stock:write', 'catalogue:write', 'customers:read'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const SCOPE_PERMISSIONS: Record<ApiScope, readonly Permission[]> = {
  'orders:read': ['orders:read'],
  /** Accept, hold, release, cancel, and ship with tracking. */
  'orders:write': ['orders:write', 'orders:ship'],
  'stock:write': ['stock:read', 'stock:write'],
  'catalogue:write': ['catalogue:read', 'catalogue:write'],
  'customers:read': ['customers:read'],
};

/** True when any of `scopes` grants `permission`. */
export function scopesAllow(scopes: readonly ApiScope[], permission: Permission): boolean {
  return scopes.some((s) => SCOPE_PERMISSIONS[s]?.includes(permission));
}

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  manager: 'Manager',
  orders: 'Order desk',
  warehouse: 'Warehouse',
  catalogue: 'Catalogue',
  accounts: 'Accounts',
};

/** True when any of `roles` grants `permission`. */
export function can(roles: readonly Role[], permission: Permission): boolean {
  return roles.some((r) => ROLE_PERMISSIONS[r]?.includes(permission));
}

/** Every permission `roles` grant, in table order. */
export function permissionsOf(roles: readonly Role[]): Permission[] {
  return PERMISSIONS.filter((p) => can(roles, p));
}
