import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMERS_ADMIN, type CustomersPage } from '../../../contract/admin/customers';
import { adminCall, type StaffSessionForTest, staffWith } from '../../test-support/admin';
import { bulkInsert } from '../../platform/db/bulk-insert';
import { createTestApp, type TestApp } from '../../test-support/test-app';

/**
 * The customers list's search at more than `countCap` matches (decision 0024): the total says
 * "more than 1,000" instead of counting every match; smaller totals stay exact; the export
 * still has every match.
 */

let t: TestApp;
let clerk: StaffSessionForTest;
const CROWD = CUSTOMERS_ADMIN.countCap + 5;
/** In every crowd customer's company name; suspended: the last 5, in OR: 60 of them. */
const tag = `crowd${process.pid}y`;

beforeAll(async () => {
  t = await createTestApp();
  clerk = await staffWith(t, ['accounts']);
  const now = new Date().toISOString();
  const rows = Array.from({ length: CROWD }, (_, k) => {
    const email = `c${k}.${tag}@shop.test`;
    return [`CRWD${String(k).padStart(5, '0')}`, email, email, 1, 'x', `Crowd ${tag} ${k}`, 'Pat', 'Jones', '1 Main St', 'Fresno', k < 60 ? 'OR' : 'CA', '93706', 'US', '555-0100', now, now, k >= CROWD - 5 ? 'suspended' : 'active'];
  });
  const columns = [
    ['code', 'text'], ['email', 'text'], ['email_key', 'text'], ['email_verified', 'int'], ['password_hash', 'text'], ['org_name', 'text'], ['first_name', 'text'], ['last_name', 'text'],
    ['address_line1', 'text'], ['city', 'text'], ['state', 'text'], ['zip', 'text'], ['country', 'text'], ['day_phone', 'text'], ['created_at', 'text'], ['updated_at', 'text'], ['status', 'text'],
  ] as const;
  await t.ctx.database.db.transaction().execute((trx) => bulkInsert(trx, 'customers', columns, rows));
}, 60_000);
afterAll(() => t?.close());

const list = async (query: string): Promise<CustomersPage> => {
  const res = await adminCall(t, clerk, { method: 'GET', url: `/Customers?${query}` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as CustomersPage;
};
const companies = (page: CustomersPage) => page.items.map((i) => i.orgName);

describe('a search that matches more than 1,000 customers', () => {
  it('says "more than 1,000" and still pages newest first', async () => {
    const first = await list(`q=${tag}`);
    expect(first).toMatchObject({ total: CUSTOMERS_ADMIN.countCap + 1, totalCapped: true, page: 1, pageSize: 50 });
    expect(companies(first)[0]).toBe(`Crowd ${tag} ${CROWD - 1}`);
    expect(companies(first)).toHaveLength(50);
    const last = await list(`q=${tag}&page=5&pageSize=200`);
    expect(last).toMatchObject({ totalCapped: true });
    expect(companies(last)).toHaveLength(200);
    expect(companies(last).at(-1)).toBe(`Crowd ${tag} ${CROWD - 1000}`);
  });

  it('keeps smaller totals exact, over several pages too', async () => {
    expect(await list(`q=${tag}&status=suspended`)).toMatchObject({ total: 5, totalCapped: false });
    const oregon = await list(`q=${encodeURIComponent(`CROWD ${tag}`)}&state=OR&pageSize=25`);
    expect(oregon).toMatchObject({ total: 60, totalCapped: false });
    expect(companies(oregon)[0]).toBe(`Crowd ${tag} 59`);
    expect(await list(`q=${tag}&state=OR&page=3&pageSize=25`)).toMatchObject({ total: 60, totalCapped: false });
    expect(companies(await list(`q=${tag}&state=OR&page=3&pageSize=25`))).toHaveLength(10);
  });

  it('counts the whole list exactly when nothing is searched', async () => {
    expect(await list('pageSize=1')).toMatchObject({ total: CROWD, totalCapped: false });
    expect(await list('status=active&pageSize=1')).toMatchObject({ total: CROWD - 5, totalCapped: false });
  });

  it('exports every match, not the first 1,000', async () => {
    const res = await adminCall(t, clerk, { method: 'GET', url: `/Customers/Export.csv?q=${tag}` });
    expect(res.status).toBe(200);
    const [, ...rows] = String(res.body).trim().split('\r\n');
    expect(rows).toHaveLength(CROWD);
  });
});
