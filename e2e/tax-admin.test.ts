import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPage, DEMO_OWNER, placeOrder } from './support/admin';
import { apiAs } from './support/api';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * Sales tax in the back office (issue 31, decision 0042): the owner opens Sales tax, imports a ZIP
 * rate file with a bad row (the line is named and nothing changes), then a good one (the new rate
 * is listed), and sees this month's tax report with the demo buyer's order, and its CSV.
 */

let shop: RunningShop;
let browser: Browser;
const contexts: BrowserContext[] = [];
const month = new Date().toISOString().slice(0, 7);
let ordered: { state: string; tax: number };

beforeAll(async () => {
  shop = await startShop({ TAX_NEXUS_STATES: 'CA,AL' });
  browser = await launchBrowser();
  const { orderNum, token } = await placeOrder(shop, [['17060', 3]]);
  const order = await apiAs(shop, token)('GET', `/Shop/GetOrder/${orderNum}`);
  ordered = { state: order.shipTo.state, tax: order.tax };
}, 120_000);
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
});

const csv = (text: string) => ({ name: 'rates.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });

describe('sales tax', () => {
  it('refuses a rate file with a bad line, imports a good one, and shows the month’s tax with its CSV', async () => {
    const page = await adminPage(browser, shop, DEMO_OWNER, { width: 1440, height: 900 }, contexts);
    await page.getByRole('link', { name: 'Sales tax' }).click();
    await page.getByRole('heading', { name: 'Sales tax', level: 1 }).waitFor();
    const states = page.getByRole('table', { name: 'States where the shop collects tax' });
    await states.getByRole('cell', { name: 'CA', exact: true }).waitFor();
    await states.getByRole('cell', { name: 'AL', exact: true }).waitFor();
    await page.getByText('No ZIP rates imported').waitFor();

    // Line 3 is a New York ZIP code: the shop collects no tax there.
    const file = page.locator('input[type=file]');
    await file.setInputFiles(csv('zip,rate,shippingTaxable\n93706,8.35,false\n10001,8.875,false\n'));
    await page.getByRole('button', { name: 'Import rates' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'The file was refused' });
    await refused.waitFor();
    expect(await refused.innerText()).toMatch(/Line 3: .*Nothing was imported\./s);
    await page.reload();
    await page.getByText('No ZIP rates imported').waitFor();

    await page.locator('input[type=file]').setInputFiles(csv('zip,rate,shippingTaxable\n93706,8.35,false\n36602,10,true\n'));
    await page.getByRole('button', { name: 'Import rates' }).click();
    await page.getByRole('status').filter({ hasText: '2 added, 0 updated, 0 unchanged' }).waitFor();
    const zipRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: '93706', exact: true }) });
    await zipRow.waitFor();
    expect(await zipRow.innerText()).toContain('8.35 %');

    // This month's report: the demo buyer's order in its ship-to state, and the same in the CSV.
    const report = page.getByRole('table', { name: 'Tax by state and month' });
    const row = report.getByRole('row').filter({ has: page.getByRole('cell', { name: ordered.state, exact: true }) }).filter({ hasText: month });
    await row.waitFor();
    expect(await row.innerText()).toContain(`$${ordered.tax.toFixed(2)}`.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`sales-tax-${month}-${month}.csv`);
    const lines = readFileSync((await download.path())!, 'utf8').trim().split('\r\n');
    expect(lines[0]).toBe('state,month,orders,taxableSales,exemptSales,tax,creditedTax,netTax');
    expect(lines.some((l) => l.startsWith(`${ordered.state},${month},`))).toBe(true);

    // A range that ends before it starts is told in plain words, naming the fields.
    await page.getByLabel('From', { exact: true }).fill('2026-12');
    await page.getByLabel('To', { exact: true }).fill('2026-11');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByRole('alert').filter({ hasText: 'To is before From' }).waitFor();
  });
});
