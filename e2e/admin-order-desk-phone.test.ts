import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPage, DEMO_OWNER, placeOrder, staffApi } from './support/admin';
import { buyerPage, launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * Issue 29, journey: an order desk member on a phone (390×844) finds an order by the buyer's
 * first name, opens it and cancels one line; the buyer's own order page then shows it.
 */
let shop: RunningShop;
let browser: Browser;
const contexts: BrowserContext[] = [];
const DESK = { email: 'desk.phone@example.com', password: 'balloons-desk-1' };
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  const owner = await staffApi(shop, DEMO_OWNER);
  await owner('POST', '/Staff', { email: DESK.email, name: 'Dana Desk', roles: ['orders'], warehouse: null, password: DESK.password });
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
});


describe('the order desk on a phone', () => {
  it('finds an order by the buyer\'s first name, cancels one line, and the buyer sees it', async () => {
    const { orderNum } = await placeOrder(shop, [
      ['17060', 2],
      ['17061', 3],
    ], 'PHONE-PO');
    const page = await adminPage(browser, shop, DESK, PHONE, contexts);
    await page.goto(`${shop.url}/admin/orders`);
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();

    // The demo buyer's contact is Dana Buyer: their first name, typed in lower case, finds the order.
    await page.getByRole('textbox', { name: 'Search' }).fill('dana');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/[?&]q=dana/);
    const link = page.getByRole('link', { name: new RegExp(`\\b${orderNum}\\b`) }).first();
    await link.click();
    await page.getByRole('heading', { name: `Order ${orderNum}` }).waitFor();
    // The timeline opens with the order placed, by the buyer.
    await page.getByText('Placed', { exact: true }).first().waitFor();
    await expect.poll(() => page.getByRole('region', { name: 'Timeline' }).textContent()).toContain('Dana Buyer');

    // Cancel the second line in full; the reason says it goes to the buyer.
    await page.getByRole('button', { name: 'Cancel…' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${orderNum}` });
    await dialog.getByLabel('Chosen lines').check();
    await dialog.getByLabel(/Units of line 2 /).fill('3');
    const reason = dialog.getByRole('textbox', { name: /Reason for the buyer/ });
    expect(await dialog.textContent()).toContain('Sent to the buyer');
    await reason.fill('Out of this colour until spring');
    await dialog.getByRole('button', { name: 'Cancel these units' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('region', { name: 'Timeline' }).textContent()).toContain('Out of this colour until spring');
    // Nothing on the page scrolls sideways on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: 'test-results/admin-order-desk-phone-390.png', fullPage: true });

    // The buyer's own order page shows the cancelled line and why.
    const buyer = await buyerPage(browser, shop, PHONE, contexts);
    await buyer.goto(`${shop.url}/orders/${orderNum}`);
    const history = buyer.getByRole('region', { name: 'History' });
    await history.waitFor();
    await expect.poll(() => history.textContent()).toContain('Out of this colour until spring');
    await expect.poll(() => buyer.getByTestId('order-line-17061').textContent()).toMatch(/3/);
    await buyer.screenshot({ path: 'test-results/admin-order-desk-phone-buyer-390.png', fullPage: true });
  }, 120_000);
});
