import type { MailMessage } from '../../platform/mail/mailer';

/** The buyer's mails about a resale certificate: plain text, like the shop's other mails, so nothing typed is rendered as HTML. */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2027-03-31" → "March 31, 2027". */
export function longDate(ymd: string): string {
  const [y, m, d] = ymd.split('-').map(Number);
  return `${MONTHS[(m ?? 1) - 1]} ${d}, ${y}`;
}

const accountPage = (publicUrl: string) => `${publicUrl.replace(/\/$/, '')}/account`;

interface Cert {
  number: string;
  state: string;
  expires_on: string;
}

export function certificateAcceptedMail(to: string, c: Cert, publicUrl: string): MailMessage {
  const text = [
    `Your resale certificate ${c.number} (${c.state}) is accepted.`,
    '',
    `Orders shipped to ${c.state} are now tax-exempt until ${longDate(c.expires_on)}.`,
    '',
    `Your account: ${accountPage(publicUrl)}`,
  ].join('\n');
  return { to, subject: `Resale certificate accepted: orders shipped to ${c.state} are now tax-exempt`, text };
}

export function certificateRejectedMail(to: string, c: Cert, reason: string, publicUrl: string): MailMessage {
  const text = [
    `We cannot accept your resale certificate ${c.number} (${c.state}).`,
    '',
    `Reason: ${reason}`,
    '',
    `Orders shipped to ${c.state} are taxed until a certificate is accepted. You can upload another one on your account page:`,
    accountPage(publicUrl),
  ].join('\n');
  return { to, subject: 'Resale certificate not accepted', text };
}

export function certificateReminderMail(to: string, c: Cert, publicUrl: string): MailMessage {
  const text = [
    `Your resale certificate ${c.number} (${c.state}) expires on ${longDate(c.expires_on)}.`,
    '',
    `After that day, orders shipped to ${c.state} are taxed again. Upload the renewed certificate on your account page before then:`,
    accountPage(publicUrl),
  ].join('\n');
  return { to, subject: `Your resale certificate for ${c.state} expires on ${longDate(c.expires_on)}`, text };
}

export function certificateExpiredMail(to: string, c: Cert, publicUrl: string): MailMessage {
  const text = [
    `Your resale certificate ${c.number} (${c.state}) expired on ${longDate(c.expires_on)}.`,
    '',
    `Orders shipped to ${c.state} are taxed again. Upload a current certificate on your account page to be exempt again:`,
    accountPage(publicUrl),
  ].join('\n');
  return { to, subject: `Your resale certificate for ${c.state} has expired: orders are taxed again`, text };
}
