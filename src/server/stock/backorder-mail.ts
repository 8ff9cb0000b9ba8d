import type { AccountService } from '../accounts/service';
import type { MailMessage, Mailer } from '../mail/mailer';
import type { Filled } from './backorders';

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
 * Mails each buyer whose order a fill touched. Call it AFTER the commit of the transaction that
 * filled (a rolled-back fill mails nobody); the address is looked up when the mail is composed.
 */
export function sendBackorderMails(deps: { accounts: AccountService; mailer: Mailer; publicUrl: string }, filled: readonly Filled[]): void {
  for (const f of filled) {
    deps.mailer.sendInBackground(async () => backorderAllocatedMail((await deps.accounts.customer(f.customerId)).email, f, deps.publicUrl));
  }
}
