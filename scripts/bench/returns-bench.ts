import { type Kysely, sql } from 'kysely';
import type { DB } from '../../src/server/platform/db/schema';
import { writeTransaction } from '../../src/server/platform/db/database';
import { insertReturn } from '../../src/server/orders';

/**
 * The `admin-receive-return` path (decision 0037): returns asked for before the server starts,
 * one shipped unit of one line of a shipped order each, received one per request (each return
 * once: a second receipt is a 409 in the results). Receiving restocks the unit at West, raises the
 * credit memo, applies it to the customer's oldest open invoices and lowers sales, in one transaction.
 */

export interface ReturnToReceive {
  rmaNum: number;
  lineNo: number;
}

/** Up to `n` requested returns of shipped orders that have none yet (a kept database gets new ones each run). */
export async function returnSamples(db: Kysely<DB>, n: number): Promise<ReturnToReceive[]> {
  const lines = await db
    .selectFrom('orders as o')
    .innerJoin('order_lines as l', 'l.order_id', 'o.id')
    .select(['o.id', 'o.customer_id', sql<number>`min(l.line_no)`.as('line_no')])
    .where('o.status_code', 'in', ['shipped', 'closed', 'partially_shipped'])
    .where('l.qty_shipped', '>', 0)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('returns as r').select('r.id').whereRef('r.order_id', '=', 'o.id'))))
    .groupBy(['o.id', 'o.customer_id'])
    .orderBy('o.id', 'desc')
    .limit(n)
    .execute();
  return writeTransaction(db, async (trx) => {
    const out: ReturnToReceive[] = [];
    for (const l of lines) {
      const made = await insertReturn(trx, { orderId: l.id, customerId: l.customer_id, note: '', lines: [{ lineNo: Number(l.line_no), qty: 1, reason: 'damaged' }] });
      out.push({ rmaNum: made.rmaNum, lineNo: Number(l.line_no) });
    }
    return out;
  });
}

/** Returns handed out one at a time as requests are made, so no request receives one an earlier one took. */
export class ReturnsToReceive {
  private next = 0;

  constructor(private readonly list: readonly ReturnToReceive[]) {}

  take(): ReturnToReceive {
    return this.list[this.next++] ?? this.list[0] ?? { rmaNum: 1, lineNo: 1 };
  }
}
