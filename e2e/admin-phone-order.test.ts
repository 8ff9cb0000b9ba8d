import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPage, DEMO_OWNER, staffApi } from './support/admin';
import { DEMO_BUYER } from './support/api';
import { buyerPage, launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * Issue 30, journey: the order desk takes a phone order for a customer on a price level, typing
 * item numbers (Enter adds), sees each line at that customer's price and the total, places it
 * and lands on the order, "Entered by … · phone". The buyer signs in on the storefront and sees
 * the order at those prices, "Entered by our order desk".
 */
let shop: RunningShop;
let browser: Browser;
const contexts: BrowserContext[] = [];
const DESK = { email: 'desk.orders@example.com', password: 'balloons-desk-1' };
const money = (n: number) => `$${n.toFixed(2)}`;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  const owner = await staffApi(shop, DEMO_OWNER);
  await owner('POST', '/Staff', { email: DESK.email, name: 'Olive Desk', roles: ['orders'], warehouse: null, password: DESK.password });
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
});


describe('a phone order entered by the order desk', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`is entered by item numbers at the customer's prices and the buyer sees it (${viewport.width} px)`, async () => {
      // The demo buyer is put on a price level through the admin API.
      const owner = await staffApi(shop, DEMO_OWNER);
      const customer = (await owner('GET', `/Customers?q=${encodeURIComponent(DEMO_BUYER.username)}`)).items[0];
      const levels = await owner('GET', '/PriceLevels');
      const level = levels.find((l: { name: string }) => l.name === 'Phone trade') ?? (await owner('POST', '/PriceLevels', { name: 'Phone trade', percentOff: 20 }));
      await owner('PUT', `/Customers/${customer.id}`, { priceLevelId: level.id });
      const quoted = await owner('POST', '/Orders/Preview', { customerId: customer.id, lines: [{ invNum: '17060', qty: 4 }, { invNum: '17061', qty: 2 }] });
      const listed = (await owner('POST', '/Orders/Preview', { customerId: customer.id, lines: [] })).customer;
      expect(listed.priceLevel).toBe('Phone trade');

      const page = await adminPage(browser, shop, DESK, viewport, contexts);
      await page.goto(`${shop.url}/admin/orders`);
      await page.getByRole('link', { name: 'New order' }).click();
      await page.getByRole('heading', { name: 'New order', level: 1 }).waitFor();
      await page.getByRole('textbox', { name: 'Find the customer' }).fill(customer.orgName.slice(0, 8));
      await page.getByRole('list', { name: 'Matching customers' }).getByRole('listitem').filter({ hasText: customer.email }).click();
      await page.getByText('price level Phone trade').waitFor();

      // Item number, Tab, quantity, Enter adds the line.
      const number = page.getByRole('textbox', { name: 'Item number' });
      await number.fill('17060');
      await page.getByRole('textbox', { name: 'Quantity' }).fill('4');
      await page.keyboard.press('Enter');
      await page.getByText(quoted.lines[0].title).first().waitFor();
      await number.fill('17061');
      await page.getByRole('textbox', { name: 'Quantity' }).fill('2');
      await page.keyboard.press('Enter');
      await page.getByText(quoted.lines[1].title).first().waitFor();
      for (const l of quoted.lines) await page.getByText(money(l.extended)).first().waitFor();
      await expect.poll(() => page.getByText(/^Total /).textContent()).toContain(money(quoted.subtotal));

      await page.getByRole('textbox', { name: 'PO number' }).fill('CALL-30');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: `test-results/admin-phone-order-new-${viewport.width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL(/\/admin\/orders\/\d+$/);
      const orderNum = Number(/\/orders\/(\d+)$/.exec(page.url())![1]);
      await page.getByRole('heading', { name: `Order ${orderNum}` }).waitFor();
      await page.getByText('Entered by Olive Desk · phone').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: `test-results/admin-phone-order-placed-${viewport.width}.png`, fullPage: true });

      // The buyer sees the order at those prices, entered by the order desk, and never who.
      const buyer = await buyerPage(browser, shop, viewport, contexts);
      await buyer.goto(`${shop.url}/orders/${orderNum}`);
      await buyer.getByRole('heading', { name: `Order ${orderNum}` }).waitFor();
      await buyer.getByText(/Entered by our order desk/).first().waitFor();
      for (const l of quoted.lines) await buyer.getByText(money(l.price)).first().waitFor();
      expect(await buyer.textContent('body')).not.toContain('Olive Desk');
      await buyer.screenshot({ path: `test-results/admin-phone-order-buyer-${viewport.width}.png`, fullPage: true });
    });
  }
});
