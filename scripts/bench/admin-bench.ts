/**
 * The back office's part of `npm run bench` (issue 17 "Speed"): the orders list with a status
 * filter and with a search, the dashboard, the detail of a 200-line order, and shipping or
 * cancelling one line of a 200-line order, receiving a return (returns-bench.ts), against the
 * orders `seedSyntheticOrders` wrote, as the demo owner (cookie and CSRF header, as the admin app sends them).
 */
import { type Kysely, sql } from 'kysely';
import { ORDER_STATUSES } from '../../src/contract/order-lifecycle';
import type { DB } from '../../src/server/platform/db/schema';
import { DEMO_STAFF } from '../../src/server/staff/demo-staff';
import { type BenchResult, cannon, type LoadOptions, type Request } from './load';
import { type EditableLine, editSamples, LineEdits } from './order-edit-bench';
import { type ReturnToReceive, ReturnsToReceive, returnSamples } from './returns-bench';

/** p99 targets in ms (issue 17): [SQLite, PostgreSQL]. */
export const ADMIN_TARGETS: Record<string, [number, number]> = {
  'admin-list': [50, 100],
  'admin-search': [50, 100],
  'admin-dashboard': [100, 100],
  'admin-order-200': [20, 20],
  'admin-ship-line': [50, 50],
  'admin-edit-line': [50, 50],
  'admin-receive-return': [50, 50],
  'admin-cancel-line': [50, 50],
};
export const ADMIN_KEYS = Object.keys(ADMIN_TARGETS);

export interface AdminSamples {
  /** What the order desk types: order numbers, PO numbers, company names or words of them, emails or their first part. */
  searches: string[];
  /** Every 200-line order. */
  bigOrders: number[];
  /** Lines of the 200-line orders that can ship, with what is open at each warehouse. */
  openLines: { orderNum: number; lineNo: number; west: number; east: number }[];
  /** Requested returns of shipped orders, one unit each, for `admin-receive-return`. */
  returns: ReturnToReceive[];
  /** One unshipped line of each editable 200-line order, for `admin-edit-line`. */
  edits: EditableLine[];
}

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
const randInt = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));

/** Read from the seeded database before the server starts (a kept database is read again: earlier runs shipped some units). */
export async function adminSamples(db: Kysely<DB>): Promise<AdminSamples> {
  const top = Number((await db.selectFrom('orders').select(sql<number>`coalesce(max(id), 0)`.as('m')).executeTakeFirstOrThrow()).m);
  const ids = Array.from({ length: 500 }, () => randInt(1, Math.max(1, top)));
  const some = await db
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select(['o.order_num', 'o.po_number', 'c.org_name', 'c.email'])
    .where('o.id', 'in', ids)
    .execute();
  const searches = some.flatMap((o) => {
    const words = o.org_name.split(' ');
    return [String(o.order_num), o.po_number, o.org_name, words.slice(0, randInt(1, 2)).join(' '), o.email, o.email.split('@')[0]!].filter((s) => s.length > 0);
  });
  const bigOrders = (await db.selectFrom('orders').select('order_num').where('line_count', '=', 200).execute()).map((r) => r.order_num);
  const openLines = await db
    .selectFrom('orders as o')
    .innerJoin('order_lines as l', 'l.order_id', 'o.id')
    .select(['o.order_num as orderNum', 'l.line_no as lineNo', 'l.qty_west as west', 'l.qty_east as east'])
    .where('o.line_count', '=', 200)
    .where('o.status_code', 'in', ['accepted', 'partially_shipped'])
    .where(sql<boolean>`l.qty_west + l.qty_east > 0`)
    .execute();
  const returns = await returnSamples(db, 20_000);
  const edits = await editSamples(db);
  return { searches, bigOrders, openLines, returns, edits };
}

export interface StaffSession {
  cookie: string;
  csrf: string;
}

/** Signs the demo owner in once (the staff sign-in is throttled). */
export async function staffSignIn(shopUrl: string): Promise<StaffSession> {
  const owner = DEMO_STAFF.find((s) => s.roles.includes('owner'))!;
  const res = await fetch(`${shopUrl}/beapi/Admin/Login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: owner.email, password: owner.password }) });
  const body = (await res.json()) as { csrfToken?: string };
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!res.ok || !cookie || !body.csrfToken) throw new Error(`staff sign-in answered ${res.status}`);
  return { cookie, csrf: body.csrfToken };
}

/**
 * Units still open on the 200-line orders, taken one at a time as requests are made (before their
 * answers: autocannon builds a request while others are in flight), so no request asks for a unit
 * an earlier one took.
 */
class OpenUnits {
  private readonly lines: AdminSamples['openLines'];

  constructor(lines: AdminSamples['openLines']) {
    this.lines = lines.map((l) => ({ ...l }));
  }

  take(): { orderNum: number; lineNo: number; warehouse: 'west' | 'east' } | null {
    while (this.lines.length > 0) {
      const k = Math.floor(Math.random() * this.lines.length);
      const l = this.lines[k]!;
      const warehouse = l.west > 0 && (l.east === 0 || Math.random() < 0.5) ? 'west' : l.east > 0 ? 'east' : null;
      if (warehouse) {
        l[warehouse]--;
        return { orderNum: l.orderNum, lineNo: l.lineNo, warehouse };
      }
      this.lines[k] = this.lines[this.lines.length - 1]!;
      this.lines.pop();
    }
    return null;
  }
}

export interface AdminRun {
  shopUrl: string;
  samples: AdminSamples;
  opts: LoadOptions;
  only: (key: string) => boolean;
  measure: (run: () => Promise<BenchResult>) => Promise<void>;
}

export async function adminLoads({ shopUrl, samples, opts, only, measure }: AdminRun): Promise<void> {
  if (!ADMIN_KEYS.some(only)) return;
  if (samples.bigOrders.length === 0) throw new Error('the admin paths need synthetic orders: run with --orders N');
  const staff = await staffSignIn(shopUrl);
  const get = (path: string): Request => ({ path, headers: { cookie: staff.cookie } });
  const post = (path: string, body: unknown): Request => ({ method: 'POST', path, body: JSON.stringify(body), headers: { cookie: staff.cookie, 'x-csrf-token': staff.csrf } });
  const units = new OpenUnits(samples.openLines);
  // A request for a unit that is not there is a 409 in the results, not a crash of the run.
  const nextUnit = () => units.take() ?? { orderNum: samples.bigOrders[0]!, lineNo: 1, warehouse: 'west' as const };
  const path = (key: string, name: string, next: () => Request) => (only(key) ? measure(() => cannon(key, name, shopUrl, opts, next)) : Promise.resolve());

  await path('admin-list', 'admin: orders by status', () => get(`/beapi/Admin/Orders?status=${pick(ORDER_STATUSES)}&page=${randInt(1, 3)}`));
  await path('admin-search', 'admin: orders search q', () => get(`/beapi/Admin/Orders?q=${encodeURIComponent(pick(samples.searches))}`));
  await path('admin-dashboard', 'admin: dashboard', () => get('/beapi/Admin/Dashboard'));
  await path('admin-order-200', 'admin: 200-line order', () => get(`/beapi/Admin/Orders/${pick(samples.bigOrders)}`));
  // Before the ship and cancel paths: an edited line must have nothing shipped.
  const edits = new LineEdits(samples.edits);
  await path('admin-edit-line', 'admin: edit 1 line of 200', () => {
    const e = edits.take() ?? { orderNum: samples.bigOrders[0]!, ifMatch: 0, lineNo: 1, qty: 1 };
    return {
      method: 'PATCH',
      path: `/beapi/Admin/Orders/${e.orderNum}`,
      body: JSON.stringify({ lines: [{ lineNo: e.lineNo, qty: e.qty }] }),
      headers: { cookie: staff.cookie, 'x-csrf-token': staff.csrf, 'if-match': String(e.ifMatch) },
    };
  });
  await path('admin-ship-line', 'admin: ship 1 line of 200', () => {
    const u = nextUnit();
    return post(`/beapi/Admin/Orders/${u.orderNum}/Ship`, { warehouse: u.warehouse, carrier: 'ups', trackingNumber: `1Z${randInt(1e9, 9e9)}`, lines: [{ lineNo: u.lineNo, qty: 1 }] });
  });
  const returns = new ReturnsToReceive(samples.returns);
  await path('admin-receive-return', 'admin: receive a return', () => {
    const r = returns.take();
    return post(`/beapi/Admin/Returns/${r.rmaNum}/Receive`, { warehouse: 'west', lines: [{ lineNo: r.lineNo, qty: 1, disposition: 'restock' }] });
  });
  await path('admin-cancel-line', 'admin: cancel 1 line of 200', () => {
    const u = nextUnit();
    return post(`/beapi/Admin/Orders/${u.orderNum}/Cancel`, { reason: 'Bench: the buyer changed the order', lines: [{ lineNo: u.lineNo, qty: 1 }] });
  });
}

/** "p99 12.3 ms (target ≤ 50: met)" for an admin path, or null for any other. */
export function adminVerdict(r: BenchResult, dialect: 'sqlite' | 'postgres'): string | null {
  const target = ADMIN_TARGETS[r.key];
  if (!target) return null;
  const limit = target[dialect === 'sqlite' ? 0 : 1];
  return `${r.name}: p99 ${r.p99.toFixed(1)} ms (target ≤ ${limit}: ${r.p99 <= limit && r.non2xx === 0 && r.errors === 0 ? 'met' : 'NOT met'})`;
}
