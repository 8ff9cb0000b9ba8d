import { ITEMS_ADMIN, itemsListQuery, type ItemsListQuery } from '../../../contract/admin/items';
import { useUrlFilter } from '../../lib/url-filter';

/** The items list's search, filters and page, in the URL. */
export type ItemsFilter = ItemsListQuery;

const KEYS = ['q', 'category', 'status', 'stock', 'hasPhoto', 'page', 'pageSize'] as const;

export const useItemsFilter = () => useUrlFilter<ItemsFilter>(itemsListQuery, KEYS, { page: 1, pageSize: ITEMS_ADMIN.defaultPageSize });
