import { TAX_CERTIFICATES } from '../../../contract/tax-certificates';
import { customerEmails } from '../../customers';
import { writeTransaction } from '../../platform/db/database';
import { enqueueMail, type MailMessage } from '../../platform/mail/mailer';
import { addDays } from '../invoice-amounts';
import type { Db } from '../queries';
import { certificateExpiredMail, certificateReminderMail } from './certificate-mails';
import * as q from './certificate-queries';
import { todayYmd } from './certificates';

/** Certificates read per batch. */
const BATCH = 200;

/**
 * The certificates' two mails (DESIGN.md §7): ONE reminder per accepted certificate 30 days
 * before its last valid day (`reminded_at`), and ONE notice once it has expired, saying orders are
 * taxed again (`expiry_notified_at`). Each mail is queued in the transaction that claims it with a
 * conditional UPDATE, so two instances running the job at once never queue a mail twice, and a
 * crash before the commit queues nothing and leaves it for the next run. A buyer who already holds
 * a later accepted certificate for the same state gets neither: nothing changes for them.
 */
export class TaxCertificateReminders {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
    private readonly poke: () => void,
  ) {}

  /** One pass for `today` (YYYY-MM-DD); answers the mails queued. Tests call it with the day they need. */
  async runOnce(today = todayYmd()): Promise<{ reminders: number; expired: number }> {
    const until = addDays(today, TAX_CERTIFICATES.reminderDays);
    const reminders = await this.each(
      () => q.remindersDue(this.db, today, until, BATCH),
      'reminded_at',
      (to, row) => ['tax-certificate-reminder', certificateReminderMail(to, row, this.publicUrl)],
    );
    const expired = await this.each(
      () => q.expiryNoticesDue(this.db, today, BATCH),
      'expiry_notified_at',
      (to, row) => ['tax-certificate-expired', certificateExpiredMail(to, row, this.publicUrl)],
    );
    if (reminders + expired > 0) this.poke();
    return { reminders, expired };
  }

  private async each(due: () => Promise<q.CertificateRow[]>, column: 'reminded_at' | 'expiry_notified_at', mail: (to: string, row: q.CertificateRow) => [string, MailMessage]): Promise<number> {
    let queued = 0;
    for (;;) {
      const rows = await due();
      for (const row of rows) {
        queued += await writeTransaction(this.db, async (trx) => {
          if (!(await q.claimNotice(trx, Number(row.id), column, new Date().toISOString()))) return 0;
          if (await q.hasLaterCertificate(trx, row)) return 0;
          const to = (await customerEmails(trx, [Number(row.customer_id)])).get(Number(row.customer_id));
          if (!to) return 0;
          const [topic, message] = mail(to, row);
          await enqueueMail(trx, topic, message);
          return 1;
        });
      }
      // Every row read was claimed (by this run or another), so the next read moves on.
      if (rows.length < BATCH) return queued;
    }
  }

  /** Runs `firstMs` after start, then every `everyMs` until `stop`; a failed run is reported and the next one tries again. */
  start(everyMs: number, onError: (err: unknown) => void, firstMs = 60_000): void {
    if (this.timer) return;
    const tick = () => {
      this.running = this.runOnce()
        .catch(onError)
        .finally(() => {
          this.running = null;
          if (this.timer) this.timer = setTimeout(tick, everyMs);
        });
    };
    this.timer = setTimeout(tick, firstMs);
  }

  /** Stops; waits for a run under way. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
