import { customerEmails } from '../customers';
import { type MailMessage, queuedMail } from '../platform/mail/mailer';
import { enqueueAll } from '../platform/outbox/outbox';
import type { Db } from '../stock';
import type { Filled } from '../stock';

/** The mail a buyer gets when backordered units of their order are allocated: plain text, as the confirmation. */
export function backorderAllocatedMail(to: string, filled: Filled, publicUrl: string): MailMessage {
  const lines = filled.lines.map((l) => {
    const from = [l.west && `${l.west} from West (Fresno)`, l.east && `${l.east} from East (Fairhope)`].filter(Boolean).join(', ');
    return `  ${l.invNum}  ${l.title}\n    ${l.west + l.east} now allocated (${from})`;
  });
  const text = [
    `Good news: backordered items of your order ${filled.orderNum} are now in stock and allocated to it.`,
    '',
    ...lines,
    '',
    'They ship with the rest of your order; you will get a mail when they are on their way.',
    `Your order: ${publicUrl.replace(/\/$/, '')}/orders/${filled.orderNum}`,
  ].join('\n');
  return { to, subject: `Order ${filled.orderNum}: backordered items allocated`, text };
}

/**
 * Queues the mail of each buyer whose order a fill touched, in the transaction that filled: a
 * rolled-back fill mails nobody, a committed one is mailed even if the process stops right after.
 */
export async function enqueueBackorderMails(trx: Db, filled: readonly Filled[], publicUrl: string): Promise<void> {
  if (filled.length === 0) return;
  const emails = await customerEmails(trx, filled.map((f) => f.customerId));
  const mails = filled.flatMap((f) => {
    const to = emails.get(f.customerId);
    return to ? [queuedMail('backorder-allocated', backorderAllocatedMail(to, f, publicUrl))] : [];
  });
  await enqueueAll(trx, mails);
}
