import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { adminPage, DEMO_OWNER, placeOrder } from './support/admin';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

/** Issue 17, journey (c): no serious or critical axe violation on any back office page, desktop and phone. */
let shop: RunningShop;
let browser: Browser;
const contexts: BrowserContext[] = [];
let orderNum = 0;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  ({ orderNum } = await placeOrder(shop, [['17060', 1]]));
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
});

async function check(page: Page, path: string, ready: string, shot: string): Promise<void> {
  await page.goto(`${shop.url}/admin${path}`);
  await page.getByRole('heading', { name: ready, level: 1 }).waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `test-results/${shot}.png`, fullPage: true });
  expect(await seriousViolations(page), path).toEqual([]);
}

describe('the back office is accessible', () => {
  it('has no serious violations on the sign-in page', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${shop.url}/admin/signin`);
    await page.getByRole('heading', { name: 'Back office sign-in' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`has none on any page at ${viewport.width}×${viewport.height}`, async () => {
      const page = await adminPage(browser, shop, DEMO_OWNER, viewport, contexts);
      const w = viewport.width;
      await check(page, '/', 'Dashboard', `admin-dashboard-${w}`);
      await check(page, '/orders', 'Orders', `admin-orders-${w}`);
      await check(page, `/orders/${orderNum}`, `Order ${orderNum}`, `admin-order-${w}`);
      await check(page, '/stock?q=17060', 'Stock', `admin-stock-${w}`);
      await check(page, '/stock/17060', '17060', `admin-item-stock-${w}`);
      await check(page, '/audit', 'Audit log', `admin-audit-${w}`);
      await check(page, '/staff', 'Staff', `admin-staff-${w}`);
      await check(page, '/account', 'My account', `admin-account-${w}`);
      // With a dialog open (Cancel: the order is received, so Ship is not offered yet).
      await page.goto(`${shop.url}/admin/orders/${orderNum}`);
      await page.getByRole('button', { name: 'Cancel…' }).click();
      await page.getByRole('dialog').waitFor();
      expect(await seriousViolations(page), 'cancel dialog').toEqual([]);
    });
  }
});
