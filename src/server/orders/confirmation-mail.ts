import type { Order } from '../../contract/cart';
import { SALES_TAX_WORDS, salesTaxLabel } from '../../contract/sales-tax';
import type { MailMessage } from '../platform/mail/mailer';

const money = (n: number) => `$${n.toFixed(2)}`;

/** The order confirmation: plain text, so nothing a customer typed (comments, PO) is ever rendered as HTML. */
export function orderConfirmationMail(to: string, order: Order, publicUrl: string): MailMessage {
  const lines = order.lines.map((l) => {
    const from = [l.allocation.west && `${l.allocation.west} from West (Fresno)`, l.allocation.east && `${l.allocation.east} from East (Fairhope)`, l.allocation.backordered && `${l.allocation.backordered} backordered`]
      .filter(Boolean)
      .join(', ');
    return `  ${l.invNum}  ${l.web_Title}\n    ${l.ordQty} x ${money(l.price)} = ${money(l.extended)}  (${from})`;
  });
  const a = order.shipTo;
  // At the order's rate; the exemption named; nothing where the shop collects no tax (decision 0042).
  const taxLabel = salesTaxLabel(order.taxBasis, order.taxRate, Math.round(order.tax * 100));
  const text = [
    `Thank you for your order ${order.orderNum}.`,
    '',
    ...lines,
    '',
    `Subtotal: ${money(order.subtotal)}`,
    ...(order.discount > 0 ? [`Discount: -${money(order.discount)} (${order.couponsApplied.map((c) => c.code).join(', ')})`] : []),
    `Shipping (${order.shippingOption.name}): ${money(order.shipping)}`,
    ...(taxLabel ? [taxLabel === SALES_TAX_WORDS.exempt ? taxLabel : `${taxLabel}: ${money(order.tax)}`] : []),
    `Total: ${money(order.total)}`,
    '',
    'Ship to:',
    ...[a.orgName, a.contact, a.addressLine1, `${a.city}, ${a.state} ${a.zip}`, a.country].filter(Boolean).map((s) => `  ${s}`),
    ...(order.poNumber ? ['', `PO number: ${order.poNumber}`] : []),
    ...(order.comments ? ['', 'Comments:', order.comments] : []),
    '',
    `Terms: ${order.terms}.`,
    `Your order history: ${publicUrl.replace(/\/$/, '')}/landingpage`,
  ].join('\n');
  return { to, subject: `Order ${order.orderNum} confirmation`, text };
}
