import { request } from 'node:http';
import { DEMO_CUSTOMER } from '../../src/server/customers/accounts/demo-customer';
import type { Database } from '../../src/server/platform/db/database';
import { DEMO_STAFF } from '../../src/server/staff';
import type { Client, Nginx } from './front';
import type { Instance } from './instances';

/** The deploy check's checks before the order load (deploy-check.ts): each prints its figures and answers its problems. */

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const owner = DEMO_STAFF.find((s) => s.roles.includes('owner'))!;

/** Plain http is sent to https; a staff sign-in over https gets a Secure cookie. */
export async function frontDoor(browser: Client, httpPort: number): Promise<string[]> {
  const problems: string[] = [];
  const redirect = await new Promise<{ status: number; location: string }>((done, fail) => {
    request({ host: '127.0.0.1', port: httpPort, path: '/cart', headers: { host: 'shop.localhost' } }, (res) => {
      res.resume();
      done({ status: res.statusCode ?? 0, location: String(res.headers.location) });
    })
      .on('error', fail)
      .end();
  });
  if (redirect.status !== 301 || !redirect.location.startsWith('https://shop.localhost/cart')) problems.push(`http answered ${redirect.status} → ${redirect.location}, not 301 to https`);
  const health = await browser.call('GET', '/beapi/health');
  const signIn = await browser.call('POST', '/beapi/Admin/Login', { json: { email: owner.email, password: owner.password } });
  const cookie = String(signIn.headers['set-cookie'] ?? '');
  if (health.status !== 200) problems.push(`health through nginx answered ${health.status}`);
  if (signIn.status !== 200 || !/; Secure$/.test(cookie)) problems.push(`staff sign-in over https: ${signIn.status}, cookie "${cookie.replace(/=[^;]+/, '=…')}" (expected Secure)`);
  console.log(`1. front door: http → ${redirect.status} ${redirect.location}; health ${health.status} over TLS; staff cookie over https: ${/; Secure$/.test(cookie) ? 'Secure' : 'NOT Secure'}`);
  return problems.map((p) => `front door: ${p}`);
}

/** Edits an item's title on instance A and times until instance B's detail and search show it. */
export async function propagation(a: Instance, b: Instance, itemNums: string[]): Promise<string[]> {
  const res = await fetch(`${a.url}/beapi/Admin/Login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: owner.email, password: owner.password }) });
  const csrf = ((await res.json()) as { csrfToken: string }).csrfToken;
  const headers = { cookie: String(res.headers.get('set-cookie')).split(';')[0]!, 'x-csrf-token': csrf, 'content-type': 'application/json' };
  const times: number[] = [];
  const problems: string[] = [];
  for (const [n, num] of itemNums.entries()) {
    const { photos: _photos, ...item } = (await (await fetch(`${a.url}/beapi/Admin/Items/${num}`, { headers })).json()) as { web_Title: string; photos?: unknown };
    const word = `deploy${n}x${Math.floor(Math.random() * 1e6)}`;
    const changed = { ...item, web_Title: `${item.web_Title} ${word}`.slice(0, 200) };
    const saved = Date.now();
    const put = await fetch(`${a.url}/beapi/Admin/Items/${num}`, { method: 'PUT', headers, body: JSON.stringify(changed) });
    if (!put.ok) {
      problems.push(`edit of ${num} on A answered ${put.status}`);
      continue;
    }
    for (;;) {
      const detail = (await (await fetch(`${b.url}/beapi/Inventory/GetItemDetail?itemNum=${num}`)).json()) as { web_Title: string };
      const search = (await (await fetch(`${b.url}/beapi/Inventory/GetPagedItemsForSearch?searchtext=${word}`)).json()) as { items: { num: string }[] };
      if (detail.web_Title === changed.web_Title && search.items.some((i) => i.num === num)) break;
      if (Date.now() - saved > 30_000) {
        problems.push(`edit of ${num} on A not seen on B after 30 s`);
        break;
      }
      await sleep(50);
    }
    times.push(Date.now() - saved);
  }
  const max = Math.max(...times);
  const median = [...times].sort((x, y) => x - y)[Math.floor(times.length / 2)];
  console.log(`2. propagation: ${times.length} title edits on A seen on B (detail and search) after median ${median} ms, max ${max} ms (${times.join(', ')} ms; target ≤ 5000)`);
  if (max > 5000) problems.push(`slowest edit took ${max} ms to show on B (over 5 s)`);
  return problems.map((p) => `propagation: ${p}`);
}

/**
 * An attacker's wrong passwords lock out the attacker's address for the account, through nginx;
 * naming the buyer's address in X-Forwarded-For does not move the lock; the buyer signs in.
 */
export async function lockout(attacker: Client, buyer: Client, database: Database): Promise<string[]> {
  const signIn = (c: Client, password: string, headers: Record<string, string> = {}) =>
    c.call('POST', '/beapi/System/Login', { json: { username: DEMO_CUSTOMER.email, password }, headers });
  let tries = 0;
  let status = 0;
  while (tries < 10 && status !== 429) {
    tries++;
    status = (await signIn(attacker, `wrong-${tries}`)).status;
  }
  const attackerRight = (await signIn(attacker, DEMO_CUSTOMER.password)).status;
  const forged = (await signIn(attacker, DEMO_CUSTOMER.password, { 'x-forwarded-for': buyer.address })).status;
  const buyerIn = (await signIn(buyer, DEMO_CUSTOMER.password)).status;
  const counted = await database.db.selectFrom('login_failures').select('address').distinct().execute();
  const addresses = counted.map((r) => r.address).join(', ');
  console.log(
    `3. lock-out: ${attacker.address} locked out after ${tries - 1} wrong passwords (then ${attackerRight} with the right one, ${forged} naming ${buyer.address} in X-Forwarded-For); ${buyer.address} signs in: ${buyerIn}; failures counted against: ${addresses}`,
  );
  const problems: string[] = [];
  if (status !== 429) problems.push(`${tries} wrong passwords and no 429`);
  if (attackerRight !== 429 || forged !== 429) problems.push(`the locked-out client got ${attackerRight} / ${forged} (forged X-Forwarded-For) instead of 429`);
  if (buyerIn !== 200) problems.push(`another client signing in got ${buyerIn}`);
  if (addresses !== attacker.address) problems.push(`failures counted against ${addresses}, not ${attacker.address}`);
  return problems.map((p) => `lock-out: ${p}`);
}

/** One client calls a route limited to 30 a minute 70 times through nginx, which spreads the calls over both instances. */
export async function sharedRateLimit(c: Client, nginx: Nginx, instances: Instance[]): Promise<string[]> {
  const LIMIT = 30;
  const CALLS = 70;
  let allowed = 0;
  let refused = 0;
  for (let i = 0; i < CALLS; i++) {
    const res = await c.call('GET', `/beapi/Customer/ValidateNewEmail?email=free-${i}.${process.pid}@shop.test`);
    if (res.status === 200) allowed++;
    else if (res.status === 429) refused++;
  }
  const served = instances.map((inst) => `${inst.name} ${nginx.accessLog().filter((l) => l.client === c.address && l.upstreams.at(-1) === `127.0.0.1:${inst.port}`).length}`);
  console.log(`4. shared rate limit: ${CALLS} calls from ${c.address} to a route allowed ${LIMIT} a minute: ${allowed} answered, ${refused} refused (429); served by ${served.join(', ')}`);
  return allowed > LIMIT ? [`rate limit: ${allowed} calls answered across two instances, more than the limit of ${LIMIT} (not shared)`] : [];
}
