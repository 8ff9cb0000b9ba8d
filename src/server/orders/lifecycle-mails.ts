import type { Shipment } from '../../contract/order-lifecycle';
import type { MailMessage } from '../mail/mailer';
import type { MovedLine } from './lifecycle-steps';

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

export function cancelledMail(to: string, orderNum: number, lines: readonly MovedLine[], whole: boolean, reason: string, publicUrl: string): MailMessage {
  const text = [
    whole ? `Your order ${orderNum} has been cancelled.` : `Part of your order ${orderNum} has been cancelled:`,
    '',
    ...lines.map(lineText),
    '',
    `Reason: ${reason}`,
    '',
    `Your order: ${orderPage(publicUrl, orderNum)}`,
  ].join('\n');
  return { to, subject: whole ? `Order ${orderNum} cancelled` : `Order ${orderNum}: items cancelled`, text };
}
