/**
 * The signed-in part of `npm run bench`: get cart, add item, checkout and sign-in, spread over
 * many real customer accounts (one per connection), and the sign-in load that runs beside the
 * listing for the "listing under 20 logins/s" figure.
 */
import type { Kysely } from 'kysely';
import { AccountService } from '../../src/server/customers/accounts/service';
import type { DB } from '../../src/server/platform/db/schema';
import { OutboxDispatcher } from '../../src/server/platform/outbox/outbox';
import { type BenchResult, cannon, type LoadOptions, timedLoops } from './load';

export const PASSWORD = 'balloons123';

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

/** Creates the customers before the server starts (the sign-up call is rate limited per address). */
export async function benchCustomers(db: Kysely<DB>, _dataDir: string, count: number): Promise<string[]> {
  // Not started: the welcome mails wait in the outbox; the bench server's dispatcher sends them.
  const accounts = new AccountService(db, new OutboxDispatcher(db, { pollMs: 1000, concurrency: 1, leaseMs: 60_000 }), 'http://127.0.0.1');
  const emails = Array.from({ length: count }, (_, i) => `bench${i}@example.com`);
  // A few at a time: password hashing runs on libuv's thread pool.
  for (let i = 0; i < count; i += 4) await Promise.all(emails.slice(i, i + 4).map((email, k) => signUp(accounts, email, i + k)));
  return emails;
}

function signUp(accounts: AccountService, email: string, i: number) {
  return accounts.signUp({
    orgName: `Bench Party ${i}`,
    firstName: 'Bench',
    lastName: 'Buyer',
    country: 'US',
    addressLine1: '1 Main St',
    city: 'Fresno',
    state: 'CA',
    zip: '93706',
    dayPhone: '555-0100',
    web: '',
    email,
    password: PASSWORD,
    reenterPassword: PASSWORD,
    securityQuestion: 'First pet?',
    securityQuestionAnswer: 'Rex',
    findAPro: false,
    prodInfoEmail: false,
    prodInfoFax: false,
  });
}

const loginBody = (username: string) => JSON.stringify({ username, password: PASSWORD });

/** Signs each account in once (sequentially, so the sign-in throttle never sees a burst). */
export async function signIn(shopUrl: string, emails: string[]): Promise<string[]> {
  const tokens: string[] = [];
  for (const username of emails) {
    const res = await fetch(`${shopUrl}/beapi/System/Login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: loginBody(username) });
    await res.arrayBuffer();
    const token = res.headers.get('user-token');
    if (!res.ok || !token) throw new Error(`sign-in of ${username} answered ${res.status}`);
    tokens.push(token);
  }
  return tokens;
}

export interface CartPaths {
  shopUrl: string;
  tokens: string[];
  /** Item numbers from the whole catalogue. */
  itemNums: string[];
  opts: LoadOptions;
  only: (key: string) => boolean;
}

/**
 * Empties each customer's cart through the API (untimed): a kept database (`--keep`) still holds
 * the carts of the last run, and every run must start from the same empty carts.
 */
async function emptyCarts(shopUrl: string, tokens: string[]): Promise<void> {
  await Promise.all(
    tokens.map(async (token) => {
      const res = await fetch(`${shopUrl}/beapi/Shop/GetShoppingCart`, { headers: { 'user-token': token } });
      const cart = (await res.json()) as { items: { invNum: string }[]; unavailableItems: string[] };
      for (const num of [...cart.items.map((i) => i.invNum), ...cart.unavailableItems]) {
        const del = await fetch(`${shopUrl}/beapi/Shop/DeleteCartItem/${encodeURIComponent(num)}`, { method: 'DELETE', headers: { 'user-token': token } });
        await del.arrayBuffer();
      }
    }),
  );
}

/**
 * get cart, add item, add 50 lines and checkout. Each customer's cart is emptied, then gets a few items
 * (untimed), so get cart reads a real cart; add item draws from a pool of 100 items per customer,
 * so a cart grows to at most 100 lines however long the run (and however many runs a kept
 * database has seen); each checkout round adds 1–3 items (untimed) and
 * then checks out (timed), so req/s there counts checkouts while every customer also adds.
 */
export async function cartLoads({ shopUrl, tokens, itemNums, opts, only }: CartPaths): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const pools = tokens.map(() => Array.from({ length: 100 }, () => pick(itemNums)));
  const add = (token: string, num: string) =>
    fetch(`${shopUrl}/beapi/Shop/AddItem?InvNum=${encodeURIComponent(num)}&qty=1`, { method: 'POST', headers: { 'user-token': token } }).then((r) => r.arrayBuffer());

  if (only('cart-get') || only('cart-add') || only('cart-add-items')) await emptyCarts(shopUrl, tokens);
  if (only('cart-get')) {
    for (const [i, token] of tokens.entries()) for (let k = 0; k < 5; k++) await add(token, pools[i]![k]!);
    results.push(
      await cannon('cart-get', 'get cart', shopUrl, opts, () => ({ path: '/beapi/Shop/GetShoppingCart', headers: { 'user-token': pick(tokens) } })),
    );
  }
  if (only('cart-add')) {
    results.push(
      await cannon('cart-add', 'add item', shopUrl, opts, () => {
        const i = Math.floor(Math.random() * tokens.length);
        return { method: 'POST', path: `/beapi/Shop/AddItem?InvNum=${encodeURIComponent(pick(pools[i]!))}&qty=1`, headers: { 'user-token': tokens[i]! } };
      }),
    );
  }
  if (only('cart-add-items')) {
    // The order grid's and the speed list's one call (issue 32: 50 lines p99 ≤ 50 ms): 50 distinct
    // items of the customer's pool, one unit each, all or nothing in one transaction.
    results.push(
      await cannon('cart-add-items', 'add 50 lines (AddItems)', shopUrl, opts, () => {
        const i = Math.floor(Math.random() * tokens.length);
        const lines = [...new Set(pools[i])].sort(() => Math.random() - 0.5).slice(0, 50).map((invNum) => ({ invNum, qty: 1 }));
        return { method: 'POST', path: '/beapi/Shop/AddItems', headers: { 'user-token': tokens[i]!, 'content-type': 'application/json' }, body: JSON.stringify(lines) };
      }),
    );
  }
  if (only('checkout')) {
    const checkout = await timedLoops('checkout', 'checkout', Math.min(opts.connections, tokens.length), opts.duration, (w) => {
      const token = tokens[w]!;
      return {
        prepare: async () => {
          const lines = 1 + Math.floor(Math.random() * 3);
          for (let k = 0; k < lines; k++) await add(token, pick(itemNums));
        },
        timed: () =>
          fetch(`${shopUrl}/beapi/Shop/Checkout`, {
            method: 'POST',
            headers: { 'user-token': token, 'content-type': 'application/json' },
            body: JSON.stringify({ shipToCode: '', shippingOption: 'ground' }),
          }),
      };
    });
    checkout.note = 'each round adds 1–3 items (untimed) then checks out; req/s counts checkouts';
    results.push(checkout);
  }
  return results;
}

/** Sign-in with the real accounts, as fast as the server goes. */
export function loginLoad(shopUrl: string, emails: string[], opts: LoadOptions): Promise<BenchResult> {
  return cannon('login', 'login', shopUrl, opts, () => ({ method: 'POST', path: '/beapi/System/Login', body: loginBody(pick(emails)) }));
}

/** Sign-in at a fixed rate (e.g. 20/s) with the real accounts: the background load. */
export function loginsAtRate(shopUrl: string, emails: string[], rate: number, duration: number): Promise<BenchResult> {
  return cannon('login-background', `login at ${rate}/s`, shopUrl, { connections: Math.max(1, rate), duration, overallRate: rate }, () => ({
    method: 'POST',
    path: '/beapi/System/Login',
    body: loginBody(pick(emails)),
  }));
}
