import { useSearchParams } from 'react-router';
import { adminOrdersQuery, ORDERS_ADMIN, type AdminOrdersQuery } from '../../../contract/admin/orders';

/** The orders list's filters, sort and page as the URL holds them (shareable, reloadable, Back works). */
export type OrdersFilter = Partial<Omit<AdminOrdersQuery, 'page' | 'pageSize' | 'sort'>> & Pick<AdminOrdersQuery, 'page' | 'pageSize' | 'sort'>;

const KEYS = ['status', 'q', 'warehouse', 'backordered', 'customer', 'from', 'to', 'sort', 'page', 'pageSize'] as const;

export function useOrdersFilter(): [OrdersFilter, (patch: Partial<OrdersFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Object.fromEntries(KEYS.map((k) => [k, params.get(k) ?? undefined]).filter(([, v]) => v !== undefined && v !== ''));
  // A hand-edited URL with a bad value falls back to the defaults rather than failing the page.
  const parsed = adminOrdersQuery.safeParse(raw);
  const filter: OrdersFilter = parsed.success ? parsed.data : { sort: 'newest', page: 1, pageSize: ORDERS_ADMIN.defaultPageSize };
  const update = (patch: Partial<OrdersFilter>) => {
    const next = { ...filter, ...('page' in patch ? {} : { page: 1 }), ...patch };
    const search = new URLSearchParams();
    for (const k of KEYS) {
      const v = next[k];
      if (v === undefined || v === '' || (k === 'page' && v === 1) || (k === 'sort' && v === 'newest') || (k === 'pageSize' && v === ORDERS_ADMIN.defaultPageSize)) continue;
      search.set(k, String(v));
    }
    setParams(search);
  };
  return [filter, update];
}
