import type { Shipment } from '../../contract/order-lifecycle';
import type { MailMessage } from '../platform/mail/mailer';
import type { MovedLine } from './line-changes';

/** The buyer's mails of the lifecycle: plain text, like the order confirmation, so nothing typed is rendered as HTML. */

const CARRIERS: Record<string, string> = { ups: 'UPS', fedex: 'FedEx', usps: 'USPS', ltl: 'LTL freight', pickup: 'Pick-up', other: 'Other carrier' };
const orderPage = (publicUrl: string, orderNum: number) => `${publicUrl.replace(/\/$/, '')}/orders/${orderNum}`;
const lineText = (l: MovedLine) => `  ${l.invNum}  ${l.title}  x ${l.qty}`;

export function shippedMail(to: string, orderNum: number, shipment: Shipment, publicUrl: string): MailMessage {
  const text = [
    `Part of your order ${orderNum} is on its way (shipment ${shipment.shipmentNum}).`,
    '',
    ...shipment.lines.map(lineText),
    '',
    `Carrier: ${CARRIERS[shipment.carrier] ?? shipment.carrier}`,
    ...(shipment.trackingNumber ? [`Tracking number: ${shipment.trackingNumber}`] : []),
    ...(shipment.trackingUrl ? [`Track it: ${shipment.trackingUrl}`] : []),
    `Invoice: ${shipment.invoiceNum}`,
    '',
    `Your order: ${orderPage(publicUrl, orderNum)}`,
  ].join('\n');
  return { to, subject: `Order ${orderNum} shipped`, text };
}

/** An order's money around a cancel, in cents (order-totals.ts). */
export interface CancelMoney {
  originalCents: number;
  /** What the order's cancels took off the original total, this one included. */
  cancelledCents: number;
  /** What remains to be delivered and paid. */
  totalCents: number;
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export function cancelledMail(to: string, orderNum: number, lines: readonly MovedLine[], whole: boolean, reason: string, publicUrl: string, totals: CancelMoney): MailMessage {
  const text = [
    whole ? `Your order ${orderNum} has been cancelled.` : `Part of your order ${orderNum} has been cancelled:`,
    '',
    ...lines.map(lineText),
    '',
    `Original total: ${money(totals.originalCents)}`,
    `Cancelled: -${money(totals.cancelledCents)}`,
    `Order total now: ${money(totals.totalCents)}`,
    '',
    `Reason: ${reason}`,
    '',
    `Your order: ${orderPage(publicUrl, orderNum)}`,
  ].join('\n');
  return { to, subject: whole ? `Order ${orderNum} cancelled` : `Order ${orderNum}: items cancelled`, text };
}

/** The buyer's mail when the order desk holds an order with a message for them (no message: no mail). */
export function heldMail(to: string, orderNum: number, message: string, publicUrl: string): MailMessage {
  const text = [
    `Your order ${orderNum} is on hold.`,
    '',
    'A message from our order desk:',
    '',
    message,
    '',
    `Your order: ${orderPage(publicUrl, orderNum)}`,
  ].join('\n');
  return { to, subject: `Order ${orderNum} is on hold`, text };
}
