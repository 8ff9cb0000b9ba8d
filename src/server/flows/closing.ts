import type { Actor } from '../platform/audit/audit';
import { recordAudit } from '../platform/audit/audit';
import type { DialectOps } from '../platform/db/dialect';
import { addOrderEvent, type CountMoves, lockOrder, readAdminOrder, saveOrderState } from '../orders';
import { closedOrders, type Db, settledOrders } from '../money';
import type { WebhookEvents } from '../staff';

/**
 * The closing rule (decision 0022): an order whose every unit is shipped or cancelled (status
 * `shipped`) and whose every invoice is paid becomes `closed`, in the transaction of the payment
 * that paid its last invoice: timeline, audit and the `order.closed` webhook with it. A returned
 * cheque reopens an invoice, and its closed order goes back to `shipped`. With `deferCounts`, the
 * closings' count moves are added to it for the caller's `applyCountMoves` (a receipt applies them
 * after its sales summaries, in checkout's order).
 */
export async function closeSettledOrders(trx: Db, ops: DialectOps, events: WebhookEvents, actor: Actor, orderIds: readonly number[], deferCounts?: CountMoves): Promise<number[]> {
  const closed: number[] = [];
  for (const id of await settledOrders(trx, orderIds)) {
    const order = await lockOrder(trx, { id }, ops.forUpdate);
    if (!order || order.status_code !== 'shipped') continue;
    const after = await saveOrderState(trx, order, { status: 'closed' }, undefined, deferCounts);
    await addOrderEvent(trx, id, actor, 'closed', 'Closed: shipped and paid in full', true);
    await recordAudit(trx, actor, { action: 'order.close', target: `order:${order.order_num}`, summary: { before: order.status_code, after: after.status_code } });
    await events.publish(trx, 'order.closed', `order ${order.order_num}`, () => readAdminOrder(trx, order.order_num));
    closed.push(order.order_num);
  }
  return closed;
}

export async function reopenClosedOrders(trx: Db, ops: DialectOps, actor: Actor, orderIds: readonly number[], chequeRef: string): Promise<void> {
  for (const id of await closedOrders(trx, orderIds)) {
    const order = await lockOrder(trx, { id }, ops.forUpdate);
    if (!order || order.status_code !== 'closed') continue;
    const after = await saveOrderState(trx, order, { status: 'shipped' });
    await addOrderEvent(trx, id, actor, 'reopened', `Reopened: cheque${chequeRef ? ` ${chequeRef}` : ''} returned unpaid`, false);
    await recordAudit(trx, actor, { action: 'order.reopen', target: `order:${order.order_num}`, summary: { before: order.status_code, after: after.status_code } });
  }
}
