import type { Report, ReportColumn } from '../../contract/admin/reports';
import { waitingAlertsByItem } from '../customers';
import type { Kysely } from 'kysely';
import type { DB } from '../platform/db/schema';
import { backorderedUnitsByItem } from './queries';

type Db = Kysely<DB>;

const col = (key: string, label: string, kind: ReportColumn['kind'] = 'int'): ReportColumn => ({ key, label, kind });

/**
 * Waiting demand, for production planning (DESIGN.md §7, decision 0041): by item, the buyers
 * waiting for a back-in-stock mail and the units backordered on open orders; most subscribers
 * first, then most units. Totals count every item, not only the `limit` shown.
 */
export async function waitingDemand(db: Db, limit: number): Promise<Pick<Report, 'columns' | 'rows' | 'totals'>> {
  const [alerts, backorders] = await Promise.all([waitingAlertsByItem(db), backorderedUnitsByItem(db)]);
  const byItem = new Map<string, { invNum: string; title: string; subscribers: number; backordered: number; latestAlert: string | null }>();
  const entry = (num: string, title: string) => {
    const found = byItem.get(num) ?? { invNum: num, title, subscribers: 0, backordered: 0, latestAlert: null };
    byItem.set(num, found);
    return found;
  };
  for (const a of alerts) Object.assign(entry(a.num, a.web_title), { subscribers: a.subscribers, latestAlert: a.latest.slice(0, 10) });
  for (const b of backorders) entry(b.item_num, b.title).backordered = b.units;
  const all = [...byItem.values()].sort((a, b) => b.subscribers - a.subscribers || b.backordered - a.backordered || (a.invNum < b.invNum ? -1 : 1));
  const columns = [col('invNum', 'Item', 'text'), col('title', 'Title', 'text'), col('subscribers', 'Waiting for a mail'), col('backordered', 'Units backordered'), col('latestAlert', 'Latest alert', 'day')];
  return {
    columns,
    rows: all.slice(0, limit),
    totals: { subscribers: all.reduce((s, r) => s + r.subscribers, 0), backordered: all.reduce((s, r) => s + r.backordered, 0) },
  };
}
