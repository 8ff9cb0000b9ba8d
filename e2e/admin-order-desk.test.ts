import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPage, DEMO_OWNER, placeOrder, staffApi } from './support/admin';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

/** Issue 17, journey (b): the order desk on a desktop accepts an order, cancels a line, and downloads an invoice. */
let shop: RunningShop;
let browser: Browser;
const contexts: BrowserContext[] = [];
const DESK = { email: 'desk@example.com', password: 'balloons-desk-1' };

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

describe('the order desk', () => {
  it('accepts an order from the list, cancels a line in a dialog, and opens the invoice PDF', async () => {
    const { orderNum } = await placeOrder(shop, [
      ['17060', 2],
      ['17061', 3],
    ]);
    const page = await adminPage(browser, shop, DESK, { width: 1440, height: 900 }, contexts);
    // The dashboard's "To accept" leads to the filtered list; the filter is in the URL.
    await page.getByRole('link', { name: /^To accept/ }).click();
    await page.waitForURL(/status=received/);
    await page.getByLabel(`Select order ${orderNum}`).check();
    await page.getByRole('button', { name: /Accept selected \(1\)/ }).click();
    // A result per order, in a dialog.
    const results = page.getByRole('dialog', { name: 'Accept orders' });
    await expect.poll(() => results.getByTestId(`bulk-result-${orderNum}`).textContent()).toContain('Done');
    await results.getByRole('button', { name: 'Close', exact: true }).last().click();

    await page.goto(`${shop.url}/admin/orders/${orderNum}`);
    await page.getByRole('heading', { name: `Order ${orderNum}` }).waitFor();
    await expect.poll(() => page.getByText('Accepted', { exact: true }).count()).toBeGreaterThan(0);

    // Cancel the second line in full.
    await page.getByRole('button', { name: 'Cancel…' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${orderNum}` });
    await dialog.getByLabel('Chosen lines').check();
    await dialog.getByLabel(/Units of line 2 /).fill('3');
    await dialog.getByLabel('Reason').fill('Customer called: no longer needed');
    await dialog.getByRole('button', { name: 'Cancel these units' }).click();
    await dialog.waitFor({ state: 'detached' });
    const line = page.getByTestId('order-line-17061');
    await expect.poll(() => line.textContent()).toContain('3');
    await page.screenshot({ path: 'test-results/admin-order-desk-1440.png', fullPage: true });

    // A shipment (by the owner, through the API) raises an invoice; the desk opens its PDF.
    const owner = await staffApi(shop, DEMO_OWNER);
    const o = await owner('GET', `/Orders/${orderNum}`);
    const warehouse = o.lines[0].openWest > 0 ? 'west' : 'east';
    await owner('POST', `/Orders/${orderNum}/Ship`, { warehouse, carrier: 'ups', trackingNumber: '1Z999AA10123456784' }, { 'if-match': String(o.version) });
    await page.reload();
    const invoice = page.getByRole('link', { name: /Invoice \d+ \(PDF\)/ });
    await invoice.waitFor();
    const href = await invoice.getAttribute('href');
    expect(href).toMatch(/^\/beapi\/Admin\/Invoices\/\d+\.pdf$/);
    const pdf = await page.context().request.get(`${shop.url}${href}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
