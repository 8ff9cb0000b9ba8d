import type { ApiScope } from '../../../contract/admin/permissions';

/** What each scope lets a key do (docs/integration.md §1), beside its name in the create dialog. */
export const SCOPE_DESCRIPTIONS: Record<ApiScope, string> = {
  'orders:read': 'The orders list, the change feed, an order, the orders CSV export',
  'orders:write': 'Accept, hold, release, cancel, ship with tracking, pick lists and packing slips',
  'stock:write': 'Stock by item, its movements, adjustments, bulk counts',
  'catalogue:write': 'Bulk prices',
  'customers:read': 'Customers and the customers CSV export',
};
