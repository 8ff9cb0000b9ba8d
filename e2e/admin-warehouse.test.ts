import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPage, DEMO_OWNER, DEMO_WAREHOUSE, placeOrder, staffApi } from './support/admin';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * Issue 17, journey (a): warehouse staff (West) on a phone-sized window sign in, open an accepted
 * order, open its pick list, ship part of it with a tracking number; the buyer's order page then
 * shows the shipment with its tracking link.
 */
let shop: RunningShop;
let browser: Browser;
const contexts: BrowserContext[] = [];
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
});

describe('the warehouse on a phone', () => {
  it('opens the pick list, ships part of an order, and the buyer sees the shipment', async () => {
    const { orderNum, token } = await placeOrder(shop, [
      ['17060', 4],
      ['17061', 2],
    ]);
    const owner = await staffApi(shop, DEMO_OWNER);
    const before = await owner('GET', `/Orders/${orderNum}`);
    const westLine = before.lines.find((l: { openWest: number }) => l.openWest >= 2);
    expect(westLine, 'the demo buyer ships from West: the order has units open there').toBeTruthy();
    await owner('POST', `/Orders/${orderNum}/Accept`, {}, { 'if-match': String(before.version) });

    const page = await adminPage(browser, shop, DEMO_WAREHOUSE, PHONE, contexts);
    // The navigation is behind the burger on a phone.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('link', { name: 'Orders', exact: true }).click();
    await page.getByLabel('Search').fill(String(orderNum));
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(new RegExp(`q=${orderNum}`));

    // The pick list: a real PDF for West, with this order.
    const pickLink = page.getByRole('link', { name: /Pick list West/ });
    const href = await pickLink.getAttribute('href');
    expect(href).toContain('/beapi/Admin/PickList.pdf?warehouse=west');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), pickLink.click()]);
    const pdf = await page.context().request.get(`${shop.url}${href}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await tab.close();

    await page.getByRole('link', { name: String(orderNum), exact: true }).click();
    await page.getByRole('heading', { name: `Order ${orderNum}` }).waitFor();
    await page.getByRole('button', { name: 'Ship' }).click();
    const dialog = page.getByRole('dialog', { name: `Ship order ${orderNum}` });
    // Fixed to the member's warehouse; part of the first West line only.
    expect(await dialog.getByText('You ship from West only').count()).toBe(1);
    for (const l of before.lines) {
      const input = dialog.getByLabel(`Units of line ${l.lineNo} (${l.invNum}) to ship`);
      if ((await input.count()) === 0) continue;
      await input.fill(l.lineNo === westLine.lineNo ? '1' : '0');
    }
    await dialog.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await dialog.getByRole('button', { name: 'Ship' }).click();
    await expect.poll(() => dialog.getByText(/Shipment \d+ created/).count(), { timeout: 15_000 }).toBe(1);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => page.getByText('Partially shipped').count()).toBeGreaterThan(0);
    await page.screenshot({ path: 'test-results/admin-warehouse-390.png', fullPage: true });

    // The buyer's order page shows the shipment with its tracking link.
    const buyer = await browser.newContext({ viewport: PHONE });
    contexts.push(buyer);
    await buyer.addInitScript((t) => localStorage.setItem('shop.userToken', t), token);
    const buyerPage = await buyer.newPage();
    await buyerPage.goto(`${shop.url}/orders/${orderNum}`);
    const track = buyerPage.getByRole('link', { name: /1Z999AA10123456784/ });
    await track.waitFor({ timeout: 15_000 });
    expect(await track.getAttribute('href')).toContain('1Z999AA10123456784');
  });
});
