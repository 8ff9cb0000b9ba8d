import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPage, DEMO_OWNER, placeOrder } from './support/admin';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * The reports page (issue 19, point 5): after a few orders, the owner opens Reports, sees the
 * range's sales with a chart, switches to items, downloads the CSV, and a range typed in the URL
 * is the one shown. At 390 px the page does not scroll sideways (the table scrolls in its box).
 */

let shop: RunningShop;
let browser: Browser;
const contexts: BrowserContext[] = [];
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  await placeOrder(shop, [['17060', 3], ['11001', 2]]);
  await placeOrder(shop, [['17060', 2]]);
}, 120_000);
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
});

describe('reports', () => {
  it('shows sales with a chart, items, the CSV, and the range from the URL', async () => {
    const page = await adminPage(browser, shop, DEMO_OWNER, { width: 1440, height: 900 }, contexts);
    await page.getByRole('link', { name: 'Reports' }).first().click();
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    // Sales for the last 30 days, by day, today's row with both orders, and the chart drawn.
    const todayRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: today, exact: true }) }).first();
    await todayRow.waitFor({ timeout: 15_000 });
    expect(Number(await todayRow.getByRole('cell').nth(2).innerText())).toBeGreaterThanOrEqual(2);
    await page.locator('figure .recharts-surface').first().waitFor();
    expect(await page.locator('figure .recharts-line').count()).toBe(2);

    // Items: 17060 (5 units ordered here) is listed.
    await page.locator('input').and(page.getByLabel('Report', { exact: true })).click();
    await page.getByRole('option', { name: 'By item' }).click();
    await page.waitForURL(/report=items/);
    const item = page.getByRole('row').filter({ has: page.getByRole('cell', { name: '17060', exact: true }) });
    await item.waitFor();
    expect(Number((await item.getByRole('cell').nth(3).innerText()).replace(/,/g, ''))).toBeGreaterThanOrEqual(5);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8').split('\r\n');
    expect(csv[0]).toBe('invNum,title,orders,units,sales');
    expect(csv.some((l) => l.startsWith('17060,'))).toBe(true);

    // A range typed into the URL is the one shown: January by week.
    await page.goto(`${shop.url}/admin/reports?report=sales&from=2026-01-01&to=2026-01-31&by=week`);
    await page.getByText('2026-01-01 to 2026-01-31').waitFor();
    expect(await page.getByRole('textbox', { name: 'From' }).inputValue()).toBe('2026-01-01');
    expect(await page.getByRole('radio', { name: 'Week' }).isChecked()).toBe(true);
    // 1 Jan 2026 is a Thursday: weeks from the 1st, 5th, 12th, 19th and 26th.
    await page.getByRole('cell', { name: '2026-01-26', exact: true }).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(5);
  });

  it('fits a phone (390 px): the table scrolls in its box, not the page', async () => {
    const page = await adminPage(browser, shop, DEMO_OWNER, { width: 390, height: 844 }, contexts);
    await page.goto(`${shop.url}/admin/reports?report=customers`);
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Download CSV' }).waitFor();
    await page.locator('tbody tr').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
