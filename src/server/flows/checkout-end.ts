import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { counterCte } from '../platform/counters';
import { enqueue, type NewOutboxMessage, outboxInsertCte } from '../platform/outbox/outbox';
import { countNewOrder, countNewOrderCte, type Db, noteOrderChanged, numberCheckoutOrder, orderFeedCte } from '../orders';
import { recordSales, type SaleChange, SALES_LAST, salesCtes } from '../reports';
import { type CheckoutStock, checkoutStockCtes, recordCheckoutStock } from '../stock';

/** What a checkout writes last, once its order has a number (`finishCheckout`). */
export interface CheckoutEnd {
  stock: CheckoutStock;
  /** The order_counts keys the new order adds one to. */
  countKeys: readonly string[];
  sale: SaleChange;
  /** The confirmation mail of the order numbered `orderNum`. */
  mail: (orderNum: number) => NewOutboxMessage;
}

/**
 * A number no order has, that a mail shows where its order's number goes until the database
 * gives the number (`finishCheckout`). Random per process, so no text a buyer types can hold it.
 */
const ORDER_NUM_MARKER = 900_000_000_000_000 + randomInt(0, 2 ** 47);

/**
 * The checkout's writes to rows every checkout shares, then its number. SQLite (the order has
 * its number already): the sales summaries, the stock feed and movements, the counts and the
 * confirmation mail, one statement each (one writer at a time anyway).
 *
 * PostgreSQL: the order inserted by `insertOrderForCheckout` takes the next order number in ONE
 * statement that also adds the sale to the summaries, moves the counts, the stock sequence (for
 * the items whose stock the checkout changed) and its movements, writes the confirmation mail to
 * the outbox with the number in it, and stamps the order with the next change sequence (the
 * orders feed). Each owner gives its part as a common table expression; this composes them. Every
 * checkout shares those rows (the day's and the state's summaries, the counters, the counts) and
 * holds them to its commit, so each round trip after the first of them is time every other
 * checkout waits: this makes it none. The WHERE counts chain the CTEs, so the rows are locked in
 * the order every other transaction takes them (sales summaries, order number, counts, stock
 * sequence, change sequence: cancel's order, with the change sequence last as in every
 * transaction; see reports/sales-summaries.ts, orders/change-feed.ts). Answers the number.
 */
export async function finishCheckout(db: Db, order: { id: number; orderNum: number | null }, end: CheckoutEnd): Promise<number> {
  if (order.orderNum !== null) {
    await recordSales(db, end.sale);
    await recordCheckoutStock(db, end.stock, order.orderNum);
    await countNewOrder(db, end.countKeys);
    await enqueue(db, end.mail(order.orderNum));
    await noteOrderChanged(db, order.id);
    return order.orderNum;
  }
  const sales = salesCtes(end.sale);
  // A sale too big for one statement (over 1,000 items) writes its summaries first.
  if (!sales) await recordSales(db, end.sale);
  const stockCtes = checkoutStockCtes(end.stock, 'next', sql`(select count(*) from counted) > 0`);
  return numberCheckoutOrder(
    db,
    order.id,
    [
      ...(sales === null ? [] : [sales]),
      counterCte('next', 'order_num', sales === null ? [] : [sql`(select count(*) from ${sql.id(SALES_LAST)}) >= 0`]),
      countNewOrderCte('counted', end.countKeys, [sql`(select count(*) from next) > 0`]),
      ...(stockCtes === null ? [] : [stockCtes]),
      orderFeedCte('feed', [sql`(select count(*) from counted) > 0`, ...(stockCtes === null ? [] : [sql`(select count(*) from stock_seq) > 0`])]),
      outboxInsertCte('mail', end.mail(ORDER_NUM_MARKER), String(ORDER_NUM_MARKER), 'next'),
    ],
    'next',
    'feed',
  );
}
