import { useQuery } from '@tanstack/react-query';
import { pickListSchema } from '../../../../contract/admin/picking';
import type { WarehouseCode } from '../../../../contract/admin/staff-session';
import { adminGet, queryString } from '../../../lib/admin-api';

/**
 * GET /PickList: the orders to pick at a warehouse and their lines in bin order. Under the
 * 'orders' key, so a shipment (which refreshes the orders' queries) refreshes it too.
 */
export function usePickList(warehouse: WarehouseCode, orderNums: readonly number[]) {
  const orders = orderNums.length ? orderNums.join(',') : undefined;
  return useQuery({
    queryKey: ['admin', 'orders', 'pick', warehouse, orders ?? ''],
    staleTime: 0,
    queryFn: () => adminGet(`/PickList${queryString({ warehouse, orders })}`, pickListSchema, 'Failed to load the pick list'),
  });
}
