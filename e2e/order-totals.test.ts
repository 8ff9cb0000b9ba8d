import type { Browser, BrowserContext, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money } from '../src/web/components/money';
import { seriousViolations } from './support/axe';
import { adminPage, DEMO_OWNER, placeOrder, type StaffApi, staffApi } from './support/admin';
import { DEMO_BUYER } from './support/api';
import { buyerPage, launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * Issue 27, points 3 and 4 (decision 0026), in Chromium: staff cancel a line on the order page and
 * see the adjusted totals; the buyer's order page shows the same (390 and 1440 px); the buyer's
 * account and the admin customer page show "Invoiced, due" and "On open orders" apart.
 */
let shop: RunningShop;
let browser: Browser;
let owner: StaffApi;
let customerId: number;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  owner = await staffApi(shop, DEMO_OWNER);
  customerId = (await owner('GET', `/Customers?q=${encodeURIComponent(DEMO_BUYER.username)}`)).items[0].id;
}, 120_000);
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
});

/** The text of a region with its whitespace folded, for "label  value" checks. */
const textOf = async (region: Locator) => (await region.innerText()).replace(/\s+/g, ' ');
const row = (label: string, value: string) => new RegExp(`${label} ${value.replace(/[$.]/g, (c) => `\\${c}`)}`);


describe('order totals after a cancel, and the split balance', () => {
  it('staff cancel a line; the staff and buyer order pages show what remains, the original and the cancelled amount', async () => {
    const { orderNum } = await placeOrder(shop, [['17060', 9], ['17061', 30]], 'TOTALS');
    const placed = await owner('GET', `/Orders/${orderNum}`);
    const page = await adminPage(browser, shop, DEMO_OWNER, { width: 1440, height: 900 }, contexts);
    await page.goto(`${shop.url}/admin/orders/${orderNum}`);
    await page.getByRole('heading', { name: `Order ${orderNum}` }).waitFor();
    const totals = page.getByRole('region', { name: 'Totals' });
    expect(await textOf(totals)).toMatch(row('Total', money(placed.total)));
    expect(await textOf(totals)).not.toContain('Original total');

    await page.getByRole('button', { name: 'Cancel…' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${orderNum}` });
    await dialog.getByLabel('Chosen lines').check();
    await dialog.getByLabel(/Units of line 1 /).fill('9');
    await dialog.getByLabel('Reason').fill('Colour discontinued');
    await dialog.getByRole('button', { name: 'Cancel these units' }).click();
    await dialog.waitFor({ state: 'detached' });
    const after = await owner('GET', `/Orders/${orderNum}`);
    expect(after.total).toBeLessThan(placed.total);
    expect(after.originalTotal).toBe(placed.total);
    await expect.poll(() => textOf(totals)).toMatch(row('Original total', money(after.originalTotal)));
    const staffText = await textOf(totals);
    expect(staffText).toMatch(row('Total', money(after.total)));
    expect(staffText).toMatch(row('Cancelled', `−${money(after.cancelledTotal)}`));
    expect(staffText).toMatch(row('Subtotal', money(after.subtotal)));
    await page.screenshot({ path: 'test-results/order-totals-admin-1440.png', fullPage: true });

    for (const width of [390, 1440]) {
      const buyer = await buyerPage(browser, shop, { width, height: 900 }, contexts);
      await buyer.goto(`${shop.url}/orders/${orderNum}`);
      const mine = buyer.getByRole('region', { name: 'Order totals' });
      await mine.getByText('Original total').waitFor();
      const text = await textOf(mine);
      expect(text).toMatch(row('Total', money(after.total)));
      expect(text).toMatch(row('Original total', money(after.originalTotal)));
      expect(text).toMatch(row('Cancelled', `−${money(after.cancelledTotal)}`));
      expect(await seriousViolations(buyer), `buyer order page at ${width}`).toEqual([]);
      // Nothing wider than the window at 390 px.
      expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await buyer.screenshot({ path: `test-results/order-totals-buyer-${width}.png`, fullPage: true });
    }
  }, 180_000);

  it('the buyer account and the admin customer page show "Invoiced, due" and "On open orders" apart', async () => {
    // One order shipped (invoiced), one left open.
    const { orderNum: shippedNum } = await placeOrder(shop, [['17061', 4]], 'INVOICED');
    await placeOrder(shop, [['17060', 3]], 'STILL-OPEN');
    await owner('POST', `/Orders/${shippedNum}/Accept`);
    for (const warehouse of ['west', 'east'] as const) {
      const o = await owner('GET', `/Orders/${shippedNum}`);
      if (o.lines.some((l: { openWest: number; openEast: number }) => (warehouse === 'west' ? l.openWest : l.openEast) > 0)) {
        await owner('POST', `/Orders/${shippedNum}/Ship`, { warehouse, carrier: 'ups', trackingNumber: '1Z999AA10123456784' });
      }
    }
    const account = (await owner('GET', `/Customers/${customerId}`)).account;
    expect(account.invoicedDue).toBeGreaterThan(0);
    expect(account.onOpenOrders).toBeGreaterThan(0);
    expect(account.balance).toBeCloseTo(account.invoicedDue + account.onOpenOrders, 2);

    const buyer = await buyerPage(browser, shop, { width: 1280, height: 900 }, contexts);
    await buyer.goto(`${shop.url}/account`);
    const section = buyer.getByRole('region', { name: 'Terms and credit' });
    await section.getByText('Invoiced, due', { exact: true }).waitFor();
    const buyerText = await textOf(section);
    expect(buyerText).toMatch(row('Invoiced, due', money(account.invoicedDue)));
    expect(buyerText).toMatch(row('On open orders', money(account.onOpenOrders)));
    expect(buyerText).not.toMatch(/\bBalance\b/);
    await buyer.screenshot({ path: 'test-results/order-totals-account-1280.png', fullPage: true });

    const page = await adminPage(browser, shop, DEMO_OWNER, { width: 1440, height: 900 }, contexts);
    await page.goto(`${shop.url}/admin/customers/${customerId}`);
    await page.getByText('Invoiced, due', { exact: true }).first().waitFor();
    const credit = await textOf(page.locator('body'));
    expect(credit).toMatch(row('Invoiced, due', money(account.invoicedDue)));
    expect(credit).toMatch(row('On open orders', money(account.onOpenOrders)));
    await page.screenshot({ path: 'test-results/order-totals-customer-1440.png', fullPage: true });
    await page.goto(`${shop.url}/admin/customers?q=${encodeURIComponent(DEMO_BUYER.username)}`);
    await page.getByRole('columnheader', { name: 'Invoiced, due' }).waitFor();
    await page.getByRole('columnheader', { name: 'On open orders' }).waitFor();
    await page.getByRole('cell', { name: money(account.onOpenOrders), exact: true }).first().waitFor();
    await page.getByText('Active', { exact: true }).first().waitFor();
    await page.screenshot({ path: 'test-results/order-totals-customers-1440.png', fullPage: true });
  }, 180_000);
});
