import { adminReturnsQuery, RETURNS, type AdminReturnsQuery } from '../../../../contract/admin/returns';
import { useUrlFilter } from '../../../lib/url-filter';

/** The returns list's status filter and page, in the URL. */
export type ReturnsFilter = Partial<Pick<AdminReturnsQuery, 'status'>> & Pick<AdminReturnsQuery, 'page' | 'pageSize'>;

const KEYS = ['status', 'page', 'pageSize'] as const;

export const useReturnsFilter = () => useUrlFilter<ReturnsFilter>(adminReturnsQuery, KEYS, { page: 1, pageSize: RETURNS.defaultPageSize });
