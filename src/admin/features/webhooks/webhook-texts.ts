import type { WebhookEventType } from '../../../contract/admin/webhooks';

/** What each event tells the receiver, beside its name in the endpoint dialog. */
export const EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'order.placed': 'A buyer placed an order',
  'order.accepted': 'An order was accepted',
  'order.shipped': 'A shipment left a warehouse',
  'order.cancelled': 'An order or some of its units were cancelled',
  'order.closed': 'An order is shipped and every invoice of it paid',
  'invoice.created': 'A shipment raised an invoice',
  'stock.changed': "An item's stock changed at a warehouse",
  'customer.created': 'A new customer signed up',
  'item.changed': 'An item was added or changed by a catalogue import',
  'return.requested': 'A buyer asked to return goods',
  'return.received': 'A return arrived at a warehouse',
  'credit_memo.issued': 'A received return raised a credit memo',
};
