import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvLine } from '../src/server/platform/csv/csv';
import { parseCsv } from '../src/server/catalogue/csv';
import { adminPage, DEMO_OWNER } from './support/admin';
import { apiAs, signInByApi } from './support/api';
import { seriousViolations } from './support/axe';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * Issue 18, point 5: the catalogue staff export an item, change its price in the file, upload it
 * in Chromium, see old → new in the dry run, apply it, and the buyer's product page shows the new price.
 * The screen has no serious or critical axe violation at 1440 and 390 wide.
 */
let shop: RunningShop;
let browser: Browser;
const contexts: BrowserContext[] = [];
const ITEM = '17060';

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
});

/** The item's export (through the signed-in page's cookie) with its price set to `price`. */
async function fileWithPrice(page: Page, price: string): Promise<{ csv: string; old: string }> {
  const res = await page.request.get(`${shop.url}/beapi/Admin/Items/Export.csv?q=${ITEM}`);
  expect(res.status()).toBe(200);
  const [header, ...rows] = parseCsv(await res.text()).records.map((r) => r.fields);
  const at = header!.indexOf('price');
  const row = rows.find((r) => r[0] === ITEM)!;
  const old = row[at]!;
  return { csv: csvLine(header!) + csvLine(row.map((f, i) => (i === at ? price : f))), old };
}

async function openImport(page: Page): Promise<void> {
  await page.goto(`${shop.url}/admin/items/import`);
  await page.getByRole('heading', { name: 'Import / export', level: 1 }).waitFor({ timeout: 15_000 });
}

async function dryRun(page: Page, csv: string): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Check the file' }).click();
  await page.getByText('Dry run: nothing has been changed yet.').waitFor({ timeout: 15_000 });
}

describe('importing a price change from a CSV', () => {
  it('shows old → new in the dry run, applies it, and the storefront shows the new price', async () => {
    const page = await adminPage(browser, shop, DEMO_OWNER, { width: 1440, height: 900 }, contexts);
    await page.getByRole('link', { name: 'Import / export' }).click();
    await page.getByRole('heading', { name: 'Import / export', level: 1 }).waitFor();
    const { csv, old } = await fileWithPrice(page, '3.21');
    expect(old).not.toBe('3.21');

    await dryRun(page, csv);
    // The export's stock columns are read-only: the dry run says they were not imported (decision 0025).
    await page.getByText(/^Stock is read-only in this file: qty_west, qty_east, reserve_west/).waitFor({ timeout: 15_000 });
    const change = page.getByRole('row').filter({ hasText: 'price' });
    await expect.poll(() => change.innerText()).toContain(ITEM);
    expect(await change.innerText()).toContain(old);
    expect(await change.innerText()).toContain('→ 3.21');
    await page.screenshot({ path: 'test-results/admin-import-dry-run-1440.png', fullPage: true });
    expect(await seriousViolations(page), 'dry run at 1440').toEqual([]);

    await page.getByRole('button', { name: 'Apply 1 change' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Import applied').waitFor({ timeout: 30_000 });
    expect(await page.getByText('0 new, 1 changed').isVisible()).toBe(true);

    expect(await seriousViolations(page), 'summary at 1440').toEqual([]);

    // The buyer's product page shows the new price.
    const token = await signInByApi(shop);
    expect((await apiAs(shop, token)('GET', `/Inventory/GetItemDetail?itemNum=${ITEM}`)).price).toBe(3.21);
    const buyerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(buyerContext);
    await buyerContext.addInitScript((t) => localStorage.setItem('shop.userToken', t), token);
    const shopPage = await buyerContext.newPage();
    await shopPage.goto(`${shop.url}/productdetail?productNum=${ITEM}`);
    await shopPage.getByText('$3.21').first().waitFor({ timeout: 15_000 });
  }, 120_000);

  it('has no serious violations on a phone, before and after a dry run', async () => {
    const page = await adminPage(browser, shop, DEMO_OWNER, { width: 390, height: 844 }, contexts);
    await openImport(page);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page), 'empty at 390').toEqual([]);
    const { csv } = await fileWithPrice(page, '3.45');
    await dryRun(page, csv);
    await page.screenshot({ path: 'test-results/admin-import-dry-run-390.png', fullPage: true });
    expect(await seriousViolations(page), 'dry run at 390').toEqual([]);
    // The export link carries the filters of the URL.
    await page.goto(`${shop.url}/admin/items/import?q=latex&status=active`);
    expect(await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/beapi/Admin/Items/Export.csv?q=latex&status=active');
  }, 120_000);
});
