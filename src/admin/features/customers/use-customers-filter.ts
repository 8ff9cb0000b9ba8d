import { CUSTOMERS_ADMIN, customersQuery, type CustomersQuery } from '../../../contract/admin/customers';
import { useUrlFilter } from '../../lib/url-filter';

/** The customers list's search, filters and page, in the URL. */
export type CustomersFilter = Partial<Omit<CustomersQuery, 'page' | 'pageSize'>> & Pick<CustomersQuery, 'page' | 'pageSize'>;

const KEYS = ['q', 'status', 'state', 'page', 'pageSize'] as const;

export const useCustomersFilter = () => useUrlFilter<CustomersFilter>(customersQuery, KEYS, { page: 1, pageSize: CUSTOMERS_ADMIN.defaultPageSize });
