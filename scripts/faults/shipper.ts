import type { Database } from '../../src/server/platform/db/database';
import { readOutbox } from '../../src/server/platform/mail/mail-folder';

/**
 * The warehouse side of the crash test's burst: staff accept and ship the orders buyers placed,
 * while the server may be killed at any moment. Afterwards every committed shipment has its
 * "shipped" mail (one per shipment; duplicates by Message-ID counted).
 */

export interface StaffSession {
  cookie: string;
  csrf: string;
}

export async function staffSignIn(base: string, email: string, password: string): Promise<StaffSession> {
  const res = await fetch(`${base}/Admin/Login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (res.status !== 200) throw new Error(`staff sign-in failed: ${res.status}`);
  const body = (await res.json()) as { csrfToken: string };
  return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!, csrf: body.csrfToken };
}

const cutOff = (err: unknown) => /fetch failed|ECONNRESET|ECONNREFUSED|socket|terminated/i.test(`${String(err)} ${String((err as Error).cause)}`);

/**
 * One staff client: accepts and ships (from West, then East) orders taken from `orders()` and
 * not yet in `taken` (shared by the staff clients), until `stop.now`. A 4xx (already accepted, nothing open there) is an ordinary answer; a 5xx that is
 * not the kill is reported.
 */
export async function shipper(base: string, staff: StaffSession, orders: () => number[], taken: Set<number>, stop: { now: boolean }, tally: { shipped: number; errors: string[]; refused?: Map<string, number> }): Promise<void> {
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}/Admin${path}`, {
      method: 'POST',
      headers: { cookie: staff.cookie, 'x-csrf-token': staff.csrf, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 500) throw new Error(`${path}: ${res.status}`);
    if (res.status >= 400 && tally.refused) {
      const key = `${path.split('/').pop()} ${res.status} ${text.slice(0, 120)}`;
      tally.refused.set(key, (tally.refused.get(key) ?? 0) + 1);
    }
    return res.status;
  };
  while (!stop.now) {
    const orderNum = orders().find((n) => !taken.has(n));
    try {
      if (orderNum === undefined) {
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      taken.add(orderNum);
      await post(`/Orders/${orderNum}/Accept`, {});
      for (const warehouse of ['west', 'east']) {
        if ((await post(`/Orders/${orderNum}/Ship`, { warehouse, carrier: 'ups', trackingNumber: `1Z${orderNum}` })) === 201) tally.shipped += 1;
      }
    } catch (err) {
      if (stop.now) return;
      // A connection kept from the last (killed) server fails once: the checks read the database, so go on.
      if (cutOff(err)) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      tally.errors.push(`shipping order ${orderNum}: ${String(err)}`);
      return;
    }
  }
}

/** Every committed shipment has its own "shipped" mail (by Message-ID); answers the problems and the figures. */
export async function checkShippedMails(database: Database, dataDir: string): Promise<{ shipments: number; lost: number; duplicates: number; problems: string[] }> {
  const rows = await database.db.selectFrom('shipments').innerJoin('orders', 'orders.id', 'shipments.order_id').select(['orders.order_num']).execute();
  const expected = new Map<number, number>();
  for (const r of rows) expected.set(r.order_num, (expected.get(r.order_num) ?? 0) + 1);
  const ids = new Map<number, string[]>();
  for (const mail of readOutbox(dataDir)) {
    const m = /^Order (\d+) shipped$/.exec(mail.subject);
    if (m) ids.set(Number(m[1]), [...(ids.get(Number(m[1])) ?? []), mail.messageId]);
  }
  const problems: string[] = [];
  let lost = 0;
  let duplicates = 0;
  for (const [orderNum, count] of expected) {
    const got = ids.get(orderNum) ?? [];
    const distinct = new Set(got).size;
    duplicates += got.length - distinct;
    if (distinct < count) {
      lost += count - distinct;
      problems.push(`order ${orderNum}: ${count} shipments, ${distinct} shipped mails`);
    } else if (distinct > count) problems.push(`order ${orderNum}: ${count} shipments but ${distinct} different shipped mails`);
  }
  for (const orderNum of ids.keys()) if (!expected.has(orderNum)) problems.push(`a shipped mail for order ${orderNum}, which has no shipment`);
  return { shipments: rows.length, lost, duplicates, problems: problems.slice(0, 20) };
}
