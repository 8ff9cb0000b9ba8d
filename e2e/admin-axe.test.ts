import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '../src/contract/admin/webhooks';
import { seriousViolations } from './support/axe';
import { adminPage, DEMO_OWNER, placeOrder, staffApi } from './support/admin';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

/** Issue 17, journey (c): no serious or critical axe violation on any back office page, desktop and phone. */
let shop: RunningShop;
let browser: Browser;
const contexts: BrowserContext[] = [];
let orderNum = 0;
let webhookId = 0;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  // A webhook endpoint whose name never resolves (.invalid): the order's delivery fails and is logged.
  const owner = await staffApi(shop, DEMO_OWNER);
  ({ id: webhookId } = await owner('POST', '/Webhooks', { url: 'https://hooks.invalid/shop', events: ['order.placed'] }));
  await owner('POST', '/ApiKeys', { name: 'Accounting ERP', scopes: ['orders:read', 'stock:write'] });
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
    // Where an owner's Reset sign-in link lands.
    await page.goto(`${shop.url}/admin/set-password?token=${'A'.repeat(43)}`);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    expect(await seriousViolations(page), 'set-password').toEqual([]);
  });

  // Each test runs axe over several pages: on a loaded 2-core machine that is minutes, not seconds.
  const AXE_PAGES_TIMEOUT = 300_000;
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
      await check(page, '/reports', 'Reports', `admin-reports-${w}`);
      await check(page, '/reports?report=items', 'Reports', `admin-reports-items-${w}`);
      // With a dialog open (Cancel: the order is received, so Ship is not offered yet).
      await page.goto(`${shop.url}/admin/orders/${orderNum}`);
      await page.getByRole('button', { name: 'Cancel…' }).click();
      await page.getByRole('dialog').waitFor();
      expect(await seriousViolations(page), 'cancel dialog').toEqual([]);
    }, AXE_PAGES_TIMEOUT);

    it(`has none on the integration pages (messages, webhooks, API keys) and their dialogs at ${viewport.width}×${viewport.height}`, async () => {
      const page = await adminPage(browser, shop, DEMO_OWNER, viewport, contexts);
      const w = viewport.width;
      await check(page, '/messages', 'Messages', `admin-messages-${w}`);
      await check(page, '/webhooks', 'Webhooks', `admin-webhooks-${w}`);
      await page.goto(`${shop.url}/admin/webhooks/${webhookId}`);
      await page.getByText('Failed', { exact: true }).first().waitFor({ timeout: 15_000 });
      await check(page, `/webhooks/${webhookId}`, `Webhook endpoint ${webhookId}`, `admin-webhook-log-${w}`);
      await check(page, '/api-keys', 'API keys', `admin-api-keys-${w}`);

      // The endpoint dialog with the server's refusal of a loopback address (the SSRF guard).
      await page.goto(`${shop.url}/admin/webhooks`);
      await page.getByRole('button', { name: 'Add an endpoint' }).click();
      const endpoint = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
      await endpoint.getByRole('textbox', { name: 'URL' }).fill('http://127.0.0.1:8080/hooks');
      await endpoint.getByRole('checkbox', { name: 'order.shipped' }).check();
      await endpoint.getByRole('button', { name: 'Add', exact: true }).click();
      await endpoint.getByText(WEBHOOK_MESSAGES.privateAddress).waitFor();
      await page.screenshot({ path: `test-results/admin-webhook-refused-${w}.png` });
      expect(await seriousViolations(page), 'endpoint dialog with a refusal').toEqual([]);

      // A new API key, shown once.
      await page.goto(`${shop.url}/admin/api-keys`);
      await page.getByRole('button', { name: 'Create a key' }).click();
      const create = page.getByRole('dialog', { name: 'Create an API key' });
      await create.getByRole('textbox', { name: 'Name' }).fill(`Stock script ${w}`);
      await create.getByRole('checkbox', { name: 'stock:write' }).check();
      expect(await seriousViolations(page), 'API key dialog').toEqual([]);
      await create.getByRole('button', { name: 'Create the key' }).click();
      await page.getByTestId('shown-once').waitFor();
      await page.screenshot({ path: `test-results/admin-api-key-once-${w}.png` });
      expect(await seriousViolations(page), 'API key shown once').toEqual([]);
    }, AXE_PAGES_TIMEOUT);
  }
});
