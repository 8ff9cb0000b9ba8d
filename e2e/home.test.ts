import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

let shop: RunningShop;
let browser: Browser;
beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

it('shows the main categories of the demo catalogue on the home page', async () => {
  const page = await browser.newPage();
  await page.goto(shop.url);
  // Polled one by one: index.html's header shell already says "Premium Latex" before the app has run.
  await expect.poll(() => page.getByText('Premium Latex').count()).toBeGreaterThan(0);
  await expect.poll(() => page.getByText('Foil Balloons').count()).toBeGreaterThan(0);
  await expect.poll(() => page.getByText('Bubble Balloons').count()).toBeGreaterThan(0);
  await page.close();
});

it('serves index.html for client routes and a problem for unknown API paths', async () => {
  const route = await fetch(`${shop.url}/products?categoryNum=11`);
  expect(route.status).toBe(200);
  expect(route.headers.get('content-type')).toContain('text/html');
  const api = await fetch(`${shop.url}/beapi/No/Such/Call`);
  expect(api.status).toBe(404);
  expect(api.headers.get('content-type')).toContain('application/problem+json');
});
