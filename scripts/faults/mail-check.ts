import { sql } from 'kysely';
import type { Database } from '../../src/server/platform/db/database';
import { readOutbox } from '../../src/server/platform/mail/mail-folder';

/**
 * The outbox half of the crash test: after the cycles, every committed order has its
 * confirmation mail delivered (to the .eml folder) — none lost, whatever moment the server died
 * at. A mail sent and then killed before it was marked done is sent again with the same
 * Message-ID: such duplicates are counted and reported, not failures (at least once).
 */

export interface MailReport {
  orders: number;
  delivered: number;
  lost: number;
  /** Extra copies of a mail already delivered (same Message-ID). */
  duplicates: number;
  problems: string[];
}

/** Waits until the outbox holds no pending row (the running shop delivers them). */
export async function waitForOutbox(database: Database, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await database.db.selectFrom('outbox').select(sql<number>`count(*)`.as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow();
    const pending = Number(row.n);
    if (pending === 0 || Date.now() > deadline) return pending;
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function checkConfirmationMails(database: Database, dataDir: string): Promise<MailReport> {
  const problems: string[] = [];
  const orders = await database.db.selectFrom('orders').select('order_num').execute();
  const byOrder = new Map<number, string[]>();
  for (const mail of readOutbox(dataDir)) {
    const m = /^Order (\d+) confirmation$/.exec(mail.subject);
    if (!m) continue;
    const num = Number(m[1]);
    byOrder.set(num, [...(byOrder.get(num) ?? []), mail.messageId]);
  }
  let lost = 0;
  let duplicates = 0;
  for (const { order_num: num } of orders) {
    const ids = byOrder.get(num) ?? [];
    if (ids.length === 0) {
      lost += 1;
      if (lost <= 10) problems.push(`order ${num}: no confirmation mail`);
      continue;
    }
    const distinct = new Set(ids);
    duplicates += ids.length - distinct.size;
    if (distinct.size > 1) problems.push(`order ${num}: ${distinct.size} different confirmation mails (Message-IDs ${[...distinct].join(', ')})`);
  }
  const known = new Set(orders.map((o) => o.order_num));
  const strays = [...byOrder.keys()].filter((n) => !known.has(n));
  if (strays.length) problems.push(`confirmation mails for orders that were never committed: ${strays.slice(0, 10).join(', ')}`);
  const failed = await database.db.selectFrom('outbox').select(['id', 'last_error']).where('status', '=', 'failed').execute();
  if (failed.length) problems.push(`${failed.length} outbox rows failed, e.g. ${failed[0]!.last_error}`);
  if (lost > 10) problems.push(`… ${lost} orders without a confirmation mail in all`);
  return { orders: orders.length, delivered: orders.length - lost, lost, duplicates, problems };
}
