import { PERMISSIONS, type Permission, ROLE_PERMISSIONS, ROLES, type Role } from './permissions';

/**
 * One sentence per role for the staff form, written from the permission table itself (not kept
 * beside it by hand), so a change of the table changes what the form says.
 */

type Words = { sees: string } | { does: string; doing: string } | null;

/** What each permission lets a person do. Null: every member has it (own account, dashboard). */
const WORDS: Record<Permission, Words> = {
  self: null,
  'dashboard:read': null,
  'orders:read': { sees: 'orders' },
  'orders:write': { does: 'accepts, holds and cancels orders', doing: 'accepting, holding and cancelling orders' },
  'orders:ship': { does: 'prints pick lists and ships orders', doing: 'printing pick lists and shipping orders' },
  'invoices:read': { sees: 'invoices' },
  'stock:read': { sees: 'stock' },
  'stock:write': { does: 'counts and adjusts stock', doing: 'counting and adjusting stock' },
  'customers:read': { sees: 'customers' },
  'customers:write': { does: 'edits, approves and suspends customers', doing: 'editing, approving and suspending customers' },
  'customers:impersonate': { does: 'views the shop as a customer', doing: 'viewing the shop as a customer' },
  'pricing:write': { does: 'sets price levels', doing: 'setting price levels' },
  'money:write': { does: 'sets terms and credit limits and records payments', doing: 'setting terms and credit limits and recording payments' },
  'reports:read': { does: 'reads the reports', doing: 'reading the reports' },
  'audit:read': { does: 'reads the audit log', doing: 'reading the audit log' },
  'staff:manage': { does: 'adds staff, changes their roles and resets their sign-in', doing: 'adding staff, changing their roles and resetting their sign-in' },
  'catalogue:read': { sees: 'items' },
  'catalogue:write': { does: 'edits items, prices, coupons, order forms, distributors and pages', doing: 'editing items, prices, coupons, order forms, distributors and pages' },
  'apikeys:manage': { does: 'makes API keys', doing: 'making API keys' },
  'outbox:manage': { does: 'retries mails and webhooks', doing: 'retrying mails and webhooks' },
  'webhooks:manage': { does: 'sets up webhooks', doing: 'setting up webhooks' },
};

const told = PERMISSIONS.filter((p) => WORDS[p] !== null);
const doing = (p: Permission) => (WORDS[p] as { doing: string }).doing;
const list = (parts: string[]) => (parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`);
const sentence = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}.`;

/** The sentence for `role` under `table` (the permission table; another one in tests). */
export function describeRole(role: Role, table: Record<Role, readonly Permission[]> = ROLE_PERMISSIONS): string {
  const has = (p: Permission) => table[role].includes(p);
  const missing = told.filter((p) => !has(p));
  if (missing.length === 0) {
    const onlyHere = told.filter((p) => 'does' in WORDS[p]! && ROLES.every((r) => r === role || !table[r].includes(p)));
    return onlyHere.length === 0 ? 'Everything in the back office.' : `Everything in the back office, and the only role for ${list(onlyHere.map(doing))}.`;
  }
  if (missing.length <= 2 && missing.every((p) => 'does' in WORDS[p]!)) return `Everything in the back office except ${list(missing.map(doing))}.`;
  const does = told.filter(has).flatMap((p) => (WORDS[p] && 'does' in WORDS[p] ? [WORDS[p].does] : []));
  const sees = told.filter(has).flatMap((p) => (WORDS[p] && 'sees' in WORDS[p] ? [WORDS[p].sees] : []));
  return sentence([...does, ...(sees.length > 0 ? [`sees ${list(sees)}`] : [])].join('; '));
}

/** "Accepts, holds and cancels orders; sees orders, invoices, stock and customers." for each role. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = Object.fromEntries(ROLES.map((r) => [r, describeRole(r)])) as Record<Role, string>;
