import { readMeta, setMeta } from '../../platform/meta';
import { writeTransaction } from '../../platform/db/database';
import { type MailMessage, queuedMail } from '../../platform/mail/mailer';
import { enqueueAll } from '../../platform/outbox/outbox';
import { customerEmails } from '../accounts/queries';
import * as q from './queries';

/** The notifier's saved position in the stock feed (a key of platform's `meta`). */
const POSITION = 'stock_alerts_seq';
/** Changed items read per batch (one write transaction each). */
const BATCH = 500;

/** The mail of a back-in-stock alert: plain text, as the shop's other mails. */
export function backInStockMail(to: string, alert: { item_num: string; title: string }, publicUrl: string): MailMessage {
  const link = `${publicUrl.replace(/\/$/, '')}/productdetail?productNum=${encodeURIComponent(alert.item_num)}`;
  const text = [
    `Good news: ${alert.item_num} ${alert.title} is back in stock.`,
    '',
    'You asked us to tell you once. Stock goes to the first orders, so order soon:',
    link,
    '',
    'This alert has now ended; ask again on the item page if you need another one.',
  ].join('\n');
  return { to, subject: `Back in stock: item ${alert.item_num}`, text };
}

/**
 * Follows the stock feed (`stock_changes`, stock/queries.ts `markStockChanged`) from its saved
 * position. For the changed items with waiting alerts and units to sell now (West + East), one
 * write transaction per batch ends those alerts and queues one mail each through the outbox, and
 * moves the position. The alert row decides: a crash before the commit sends nothing and the batch
 * is read again; two notifiers (two instances) on the same batch send once (queries.ts
 * `endDueAlerts`). A position that moves back (two notifiers saving theirs) only reads again.
 */
export class StockAlertNotifier {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: q.Db,
    private readonly publicUrl: string,
    /** Asks the outbox to send now rather than at its next poll. */
    private readonly poke: () => void,
  ) {}

  /** Reads the feed up to its end; answers the mails queued. */
  async runOnce(): Promise<number> {
    let queued = 0;
    let since = Number((await readMeta(this.db, POSITION)) ?? 0);
    for (;;) {
      const { itemIds, upTo } = await q.stockChangesAfter(this.db, since, BATCH);
      if (itemIds.length === 0) break;
      queued += await writeTransaction(this.db, async (trx) => {
        const due = await q.endDueAlerts(trx, itemIds, new Date().toISOString());
        const emails = await customerEmails(trx, due.map((d) => d.customer_id));
        const mails = due.flatMap((d) => {
          const to = emails.get(d.customer_id);
          return to ? [queuedMail('back-in-stock', backInStockMail(to, d, this.publicUrl))] : [];
        });
        await enqueueAll(trx, mails);
        await setMeta(trx, POSITION, String(upTo));
        return mails.length;
      });
      since = upTo;
      if (itemIds.length < BATCH) break;
    }
    if (queued > 0) this.poke();
    return queued;
  }

  /** Polls every `pollMs` until `stop`; a failed run is reported and the next one tries again. */
  start(pollMs: number, onError: (err: unknown) => void): void {
    if (this.timer) return;
    const tick = () => {
      this.running = this.runOnce()
        .catch(onError)
        .finally(() => {
          this.running = null;
          if (this.timer) this.timer = setTimeout(tick, pollMs);
        });
    };
    this.timer = setTimeout(tick, pollMs);
  }

  /** Stops polling; waits for a run under way. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
