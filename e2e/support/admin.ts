import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiAs, DEMO_BUYER, signInByApi } from './api';
import type { RunningShop } from './shop';

/** The demo staff of DESIGN.md §5. */
export const DEMO_OWNER = { email: 'owner@example.com', password: 'balloons-owner' };
export const DEMO_WAREHOUSE = { email: 'warehouse@example.com', password: 'balloons-warehouse' };

export type StaffApi = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<any>;

/** Signs a staff member in through POST /beapi/Admin/Login and calls /beapi/Admin with its cookie and CSRF token. */
export async function staffApi(shop: RunningShop, who: { email: string; password: string }): Promise<StaffApi> {
  const res = await fetch(`${shop.url}/beapi/Admin/Login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(who) });
  if (!res.ok) throw new Error(`staff login failed: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return async (method, path, body, headers = {}) => {
    const r = await fetch(`${shop.url}/beapi/Admin${path}`, {
      method,
      headers: { cookie, 'x-csrf-token': csrfToken, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

/** An order of the demo buyer, placed through the buyer's API: cart lines, then checkout. */
export async function placeOrder(shop: RunningShop, lines: [string, number][], poNumber = 'E2E-PO'): Promise<{ orderNum: number; token: string }> {
  const token = await signInByApi(shop, DEMO_BUYER);
  const api = apiAs(shop, token);
  for (const [invNum, qty] of lines) await api('POST', `/Shop/AddItem?InvNum=${invNum}&qty=${qty}`);
  const order = await api('POST', '/Shop/Checkout', { shipToCode: '', shippingOption: 'ground', poNumber });
  return { orderNum: order.orderNum as number, token };
}

/** A browser window signed in at /admin/signin through the form, as a person does. */
export async function adminPage(browser: Browser, shop: RunningShop, who: { email: string; password: string }, viewport: { width: number; height: number }, contexts: BrowserContext[]): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${shop.url}/admin`);
  await page.waitForURL(/\/admin\/signin/);
  await page.getByLabel('Email').fill(who.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  return page;
}
