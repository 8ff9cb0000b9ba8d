import { adminOrdersQuery, ORDERS_ADMIN, type AdminOrdersQuery } from '../../../contract/admin/orders';
import { useUrlFilter } from '../../lib/url-filter';

/** The orders list's filters, sort and page, in the URL. */
export type OrdersFilter = Partial<Omit<AdminOrdersQuery, 'page' | 'pageSize' | 'sort' | 'tz'>> & Pick<AdminOrdersQuery, 'page' | 'pageSize' | 'sort'>;

const KEYS = ['status', 'q', 'warehouse', 'backordered', 'customer', 'from', 'to', 'period', 'sort', 'page', 'pageSize'] as const;

export const useOrdersFilter = () => useUrlFilter<OrdersFilter>(adminOrdersQuery, KEYS, { sort: 'newest', page: 1, pageSize: ORDERS_ADMIN.defaultPageSize });
