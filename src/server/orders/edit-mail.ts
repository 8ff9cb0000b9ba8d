import type { MailMessage } from '../platform/mail/mailer';

/** The buyer's one mail about an order edit (decision 0036): plain text, like the other lifecycle mails. */

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export function editedMail(to: string, orderNum: number, changes: readonly string[], totals: { beforeCents: number; totalCents: number }, publicUrl: string): MailMessage {
  const text = [
    `Our order desk has changed your order ${orderNum}:`,
    '',
    ...changes.map((c) => `  ${c}`),
    '',
    `Order total before: ${money(totals.beforeCents)}`,
    `Order total now: ${money(totals.totalCents)}`,
    '',
    'If this is not what you asked for, please reply or call us.',
    '',
    `Your order: ${publicUrl.replace(/\/$/, '')}/orders/${orderNum}`,
  ].join('\n');
  return { to, subject: `Order ${orderNum} changed`, text };
}
