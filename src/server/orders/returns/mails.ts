import { RETURN_DISPOSITION_LABELS } from '../../../contract/returns';
import type { MailMessage } from '../../platform/mail/mailer';

/** The buyer's mails about a return: plain text, like the lifecycle's, so nothing typed is rendered as HTML. */

const returnsPage = (publicUrl: string) => `${publicUrl.replace(/\/$/, '')}/account/returns`;
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export function returnApprovedMail(to: string, rmaNum: number, orderNum: number, publicUrl: string): MailMessage {
  const text = [
    `Your return ${rmaNum} (order ${orderNum}) is approved.`,
    '',
    `Please send the items back with the return number ${rmaNum} written on the parcel.`,
    'We credit your account when they arrive.',
    '',
    `Your returns: ${returnsPage(publicUrl)}`,
  ].join('\n');
  return { to, subject: `Return ${rmaNum} approved`, text };
}

export function returnRejectedMail(to: string, rmaNum: number, orderNum: number, reason: string, publicUrl: string): MailMessage {
  const text = [`We cannot accept your return ${rmaNum} (order ${orderNum}).`, '', `Reason: ${reason}`, '', `Your returns: ${returnsPage(publicUrl)}`].join('\n');
  return { to, subject: `Return ${rmaNum} not accepted`, text };
}

export interface ReceivedMailLine {
  invNum: string;
  title: string;
  restocked: number;
  scrapped: number;
}

export function returnReceivedMail(
  to: string,
  r: { rmaNum: number; orderNum: number; creditMemoNum: number; totalCents: number; appliedCents: number; toCreditCents: number },
  lines: readonly ReceivedMailLine[],
  publicUrl: string,
): MailMessage {
  const text = [
    `We received your return ${r.rmaNum} (order ${r.orderNum}):`,
    '',
    ...lines.map((l) => `  ${l.invNum}  ${l.title}  x ${l.restocked + l.scrapped}${l.scrapped > 0 ? ` (${l.scrapped} ${RETURN_DISPOSITION_LABELS.scrap.toLowerCase()}ped as damaged)` : ''}`),
    '',
    `Credit memo ${r.creditMemoNum}: ${money(r.totalCents)}`,
    ...(r.appliedCents > 0 ? [`Applied to your open invoices: ${money(r.appliedCents)}`] : []),
    ...(r.toCreditCents > 0 ? [`Credit on your account: ${money(r.toCreditCents)}`] : []),
    '',
    `Your returns: ${returnsPage(publicUrl)}`,
  ].join('\n');
  return { to, subject: `Return ${r.rmaNum} received: credit memo ${r.creditMemoNum}`, text };
}
