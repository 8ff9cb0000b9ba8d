import { STOCK_ALERT_MESSAGES as M, type StockAlert } from '../../../contract/stock-alerts';
import { writeTransaction } from '../../platform/db/database';
import { rowLocks } from '../../platform/db/dialect';
import { Conflict, NotFound } from '../../platform/errors';
import type { SignedInCustomer } from '../../platform/http/auth-context';
import { availableOf, lockItems } from '../../stock';
import * as q from './queries';

/**
 * A buyer's back-in-stock alerts (DESIGN.md §7, decision 0041). Mails go out from the notifier
 * (notifier.ts), which follows the stock feed; this is the buyer's side: ask, stop, list.
 */
export class StockAlertService {
  constructor(private readonly db: q.Db) {}

  async list(who: SignedInCustomer): Promise<StockAlert[]> {
    const rows = await q.waitingAlerts(this.db, who.id);
    return rows.map((r) => ({ invNum: r.num, title: r.web_title, createdAt: r.created_at }));
  }

  /**
   * Starts an alert, or answers the one that already waits (`created` false). The item's stock
   * rows are locked as every stock write locks them, so a receipt committed while this runs is
   * either seen here (409: order it) or comes after the alert is stored (and the notifier mails it).
   */
  async subscribe(who: SignedInCustomer, invNum: string): Promise<{ alert: StockAlert; created: boolean }> {
    return writeTransaction(this.db, async (trx) => {
      const [item] = await lockItems(trx, [invNum], rowLocks(trx));
      if (!item || !item.active) throw new NotFound(M.notFound);
      const units = availableOf(item);
      if (units.west > 0 || units.east > 0) throw new Conflict(M.inStock);
      const now = new Date().toISOString();
      const created = (await q.insertAlert(trx, who.id, item.id, now)) !== null;
      const waiting = created ? { created_at: now } : await q.findWaiting(trx, who.id, item.id);
      return { alert: { invNum: item.num, title: item.web_title, createdAt: waiting?.created_at ?? now }, created };
    });
  }

  async stop(who: SignedInCustomer, invNum: string): Promise<void> {
    const item = await q.findItem(this.db, invNum);
    if (!item || !(await q.stopAlert(this.db, who.id, item.id, new Date().toISOString()))) throw new NotFound(M.noAlert);
  }
}
