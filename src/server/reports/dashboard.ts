import { type Dashboard, ORDER_STATUSES } from '../../contract/admin/orders';
import { type Db, readCounts } from '../orders';

/** The dashboard's order figures, all from `order_counts` (one small read, whatever the number of orders). */
export async function dashboardCounts(db: Db): Promise<Omit<Dashboard, 'lowStock'>> {
  const counts = await readCounts(db);
  const n = (key: string) => counts.get(key) ?? 0;
  return {
    toAccept: n('status:received'),
    onHold: n('status:on_hold'),
    toShip: { west: n('ship:west'), east: n('ship:east') },
    backorderedOrders: n('backordered'),
    byStatus: Object.fromEntries(ORDER_STATUSES.map((s) => [s, n(`status:${s}`)])) as Dashboard['byStatus'],
  };
}
