import type { WebhookEventType } from '../../src/contract/admin/webhooks';
import type { ShopContext } from '../../src/server/context';
import type { Database } from '../../src/server/platform/db/database';
import { startReceiver, type TestReceiver } from '../../src/server/staff/webhooks/test-receiver';

/**
 * The webhook half of the fault scripts: a local receiver (in the script's own process, so it
 * outlives every kill of the server) that verifies each message's Standard Webhooks signature
 * as it arrives, subscribed to order events through the shop's own endpoint service. Afterwards
 * every committed order must have its order.placed message and every committed shipment its
 * order.shipped message (0 lost); extra copies of one message, recognised by `webhook-id`, are
 * counted and reported (at least once).
 */

export const ORDER_EVENTS: WebhookEventType[] = ['order.placed', 'order.shipped'];

/** Starts the receiver and subscribes it (the shop must allow private addresses: WEBHOOK_ALLOW_PRIVATE=1). */
export async function subscribeReceiver(ctx: ShopContext, events: WebhookEventType[] = ORDER_EVENTS): Promise<TestReceiver> {
  const receiver = await startReceiver('ok');
  const created = await ctx.webhooks.create({ label: 'script:faults', display: 'Fault test', ip: '' }, { url: receiver.url, events });
  receiver.secret = created.secret;
  return receiver;
}

interface Message {
  id: string;
  type: string;
  data: { orderNum: number; shipments?: { shipmentNum: number }[] };
}

/** The messages received, each once by webhook-id, and how many extra copies came. */
export function distinctMessages(receiver: TestReceiver): { messages: Map<string, Message>; copies: number } {
  const messages = new Map<string, Message>();
  for (const r of receiver.received) {
    const id = String(r.headers['webhook-id']);
    const body = JSON.parse(r.body) as Omit<Message, 'id'>;
    if (!messages.has(id)) messages.set(id, { id, ...body });
  }
  return { messages, copies: receiver.received.length - messages.size };
}

export interface WebhookReport {
  orders: number;
  shipments: number;
  lost: number;
  /** Extra copies of a message already received (same webhook-id). */
  duplicates: number;
  received: number;
  problems: string[];
}

export async function checkOrderWebhooks(database: Database, receiver: TestReceiver): Promise<WebhookReport> {
  const problems: string[] = [];
  const { messages, copies } = distinctMessages(receiver);
  const placed = new Map<number, string[]>();
  /** order → the shipment each order.shipped message announced (the newest in its order). */
  const shipped = new Map<number, Set<number>>();
  for (const m of messages.values()) {
    if (m.type === 'order.placed') placed.set(m.data.orderNum, [...(placed.get(m.data.orderNum) ?? []), m.id]);
    if (m.type === 'order.shipped') {
      const newest = Math.max(...(m.data.shipments ?? []).map((s) => s.shipmentNum));
      shipped.set(m.data.orderNum, (shipped.get(m.data.orderNum) ?? new Set()).add(newest));
    }
  }
  const orders = await database.db.selectFrom('orders').select('order_num').execute();
  let lost = 0;
  for (const { order_num: num } of orders) {
    const ids = placed.get(num) ?? [];
    if (ids.length === 0 && ++lost <= 10) problems.push(`order ${num}: no order.placed webhook`);
    if (ids.length > 1) problems.push(`order ${num}: ${ids.length} different order.placed messages (${ids.join(', ')})`);
  }
  const known = new Set(orders.map((o) => o.order_num));
  const strays = [...placed.keys()].filter((n) => !known.has(n));
  if (strays.length) problems.push(`order.placed webhooks for orders that were never committed: ${strays.slice(0, 10).join(', ')}`);
  const shipments = await database.db.selectFrom('shipments').innerJoin('orders', 'orders.id', 'shipments.order_id').select(['orders.order_num', 'shipments.shipment_num']).execute();
  for (const s of shipments) {
    if (!shipped.get(s.order_num)?.has(s.shipment_num) && ++lost <= 20) problems.push(`shipment ${s.shipment_num} of order ${s.order_num}: no order.shipped webhook`);
  }
  if (receiver.refused.length) problems.push(`${receiver.refused.length} messages failed signature verification`);
  if (lost > 20) problems.push(`… ${lost} webhooks lost in all`);
  return { orders: orders.length, shipments: shipments.length, lost, duplicates: copies, received: receiver.received.length, problems };
}
