import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPage, DEMO_OWNER, type StaffApi, staffApi } from './support/admin';
import { seriousViolations } from './support/axe';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * Issue 18, point 3: the catalogue editor renames a category and adds an item to a collection in
 * the back office, and a buyer sees the new name in the shop; /categories has no serious or
 * critical axe violation on a desktop or a phone.
 */
let shop: RunningShop;
let browser: Browser;
let owner: StaffApi;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  owner = await staffApi(shop, DEMO_OWNER);
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
});

/** A foil number balloon that New Arrivals does not list yet. */
async function itemOutsideNewArrivals(): Promise<{ num: string; title: string }> {
  const listed = new Set(((await owner('GET', '/Collections/900')).items as { num: string }[]).map((i) => i.num));
  const res = await fetch(`${shop.url}/beapi/Inventory/GetPagedItemsForCategory?categoryNum=33&pageSize=100`);
  const items = ((await res.json()) as { items: { num: string; web_Title: string }[] }).items;
  const item = items.find((i) => !listed.has(i.num))!;
  return { num: item.num, title: item.web_Title };
}

describe('editing categories and collections', () => {
  it('renames a category and the shop shows the new name; moves one with the parent picker; adds an item to a collection by its number', { timeout: 180_000 }, async () => {
    const page = await adminPage(browser, shop, DEMO_OWNER, { width: 1440, height: 900 }, contexts);
    await page.getByRole('link', { name: 'Categories' }).click();
    await page.getByRole('heading', { name: 'Categories', level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Category tree' }).getByRole('button', { name: 'Number Shapes', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Number Shapes' });
    await panel.getByRole('textbox', { name: 'Name' }).fill('Number & Letter Shapes');
    await panel.getByRole('textbox', { name: 'SEO title' }).fill('Foil numbers and letters');
    await panel.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved Number & Letter Shapes').waitFor();
    await page.getByRole('heading', { name: 'Number & Letter Shapes', level: 2 }).waitFor();
    expect(page.url()).toContain('selected=33');

    // The parent picker offers the tree without the category itself: 24" latex moves under Foil.
    const tree = page.getByRole('navigation', { name: 'Category tree' });
    await tree.getByRole('button', { name: '24" Solid Color Latex', exact: true }).click();
    const latex24 = page.getByRole('region', { name: '24" Solid Color Latex' });
    await latex24.getByLabel('Parent', { exact: true }).first().click();
    expect(await page.getByRole('option', { name: /24" Solid Color Latex/ }).count()).toBe(0);
    await page.getByRole('option', { name: 'Foil Balloons (#3)' }).click();
    await latex24.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved 24" Solid Color Latex').waitFor();
    expect((await owner('GET', '/Categories/13')).parentNum).toBe(3);
    await tree.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Foil Balloons', exact: true }) }).getByRole('button', { name: '24" Solid Color Latex' }).waitFor();

    // The buyer's side: the foil category's cards, and the category's own page title.
    const buyer = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    contexts.push(buyer.context());
    await buyer.goto(`${shop.url}/categories/3`);
    await buyer.getByText('Number & Letter Shapes').first().waitFor({ timeout: 15_000 });
    await buyer.goto(`${shop.url}/products?categoryNum=33`);
    await buyer.waitForFunction(() => document.title.startsWith('Foil numbers and letters'), undefined, { timeout: 15_000 });

    const item = await itemOutsideNewArrivals();
    await page.getByRole('tab', { name: 'Collections' }).click();
    await page.getByRole('button', { name: /New Arrivals/ }).click();
    await page.getByRole('textbox', { name: 'Add an item by number' }).fill(item.num);
    await page.getByText(item.title, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('cell', { name: item.num, exact: true }).waitFor();
    const after = (await owner('GET', '/Collections/900')).items as { num: string }[];
    expect(after.at(-1)?.num).toBe(item.num);
    const shopList = await (await fetch(`${shop.url}/beapi/Inventory/GetPagedItemsForNVCategory?categoryNum=900&pageSize=100&sort=num`)).json();
    expect((shopList as { items: { num: string }[] }).items.map((i) => i.num)).toContain(item.num);

    // Moved up once, it is second to last in the curated order, and the buyer's collection page
    // lists it there by default ("Collection order").
    await page.getByRole('button', { name: `Move ${item.num} up` }).click();
    await page.getByText(`Moved ${item.num} up`).waitFor();
    const curated = ((await owner('GET', '/Collections/900')).items as { num: string }[]).map((i) => i.num);
    expect(curated.at(-2)).toBe(item.num);
    await buyer.goto(`${shop.url}/products?categoryNum=900&pageSize=100`);
    await buyer.getByText(item.title, { exact: true }).first().waitFor({ timeout: 15_000 });
    expect(await buyer.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('position');
    const cards = await buyer
      .getByTestId('product-grid')
      .locator('a[href^="/productdetail"]')
      .evaluateAll((links) => links.map((a) => new URL(a.getAttribute('href')!, location.href).searchParams.get('productNum')));
    expect(cards).toEqual(curated);
  });
});

describe('/categories is accessible', () => {
  async function check(page: Page, path: string, ready: string, shot: string): Promise<void> {
    await page.goto(`${shop.url}/admin${path}`);
    await page.getByRole('heading', { name: ready }).first().waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `test-results/${shot}.png`, fullPage: true });
    expect(await seriousViolations(page), path).toEqual([]);
  }

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`has no serious violations at ${viewport.width}×${viewport.height}: tree, panel, collections, delete dialog`, { timeout: 300_000 }, async () => {
      const page = await adminPage(browser, shop, DEMO_OWNER, viewport, contexts);
      const w = viewport.width;
      await check(page, '/categories', 'Categories', `admin-categories-${w}`);
      await check(page, '/categories?selected=11', '11" Solid Color Latex', `admin-category-panel-${w}`);
      await check(page, '/categories?tab=collections&selected=901', 'Winter Catalogue', `admin-collection-${w}`);
      await page.goto(`${shop.url}/admin/categories?selected=11`);
      await page.getByRole('button', { name: 'Delete…' }).click();
      await page.getByRole('dialog').waitFor();
      expect(await seriousViolations(page), 'delete dialog').toEqual([]);
    });
  }
});
