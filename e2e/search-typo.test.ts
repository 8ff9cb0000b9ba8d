import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPage, DEMO_OWNER } from './support/admin';
import { seriousViolations } from './support/axe';
import { buyerPage, launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * Forgiving search (issue 32; decision 0044): a buyer on a phone (390×844) searches from the
 * header with a typo and finds the item, and a word too far from any is answered with a
 * "Did you mean" link that runs the nearest search; staff add a synonym in the back office and
 * the buyer's search finds it.
 */
const PHONE = { width: 390, height: 844 };

let shop: RunningShop;
let browser: Browser;
let page: Page;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  page = await buyerPage(browser, shop, PHONE, contexts);
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
});

async function searchFromHeader(text: string): Promise<void> {
  await page.goto(`${shop.url}/`);
  const search = page.getByRole('searchbox', { name: 'Search the catalogue' });
  await search.fill(text);
  await search.press('Enter');
  await page.waitForURL(new RegExp(`/products\\?search=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`));
}

describe('forgiving search on a phone', () => {
  it('finds the item when a colour is misspelt, and offers the spelling', async () => {
    await searchFromHeader('burgandy');
    await page.getByText(/Showing 1–/).waitFor();
    const cards = page.getByTestId('product-grid').getByRole('link');
    expect(await cards.count()).toBeGreaterThan(0);
    // Every item found is a burgundy one.
    const titles = await page.getByTestId('product-grid').innerText();
    expect(titles).toMatch(/Burgundy/);
    await expect.poll(() => page.getByTestId('did-you-mean').innerText()).toBe('Did you mean burgundy?');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/search-typo-390.png' });

    // The buyer opens the first item found.
    await cards.first().click();
    await page.waitForURL(/\/productdetail\?/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toMatch(/Burgundy/);
  });

  it('answers a word too far from any with a Did you mean link that runs that search', async () => {
    await searchFromHeader('kural');
    await page.getByText('No products found').waitFor();
    const link = page.getByTestId('did-you-mean').getByRole('link');
    const suggestion = await link.innerText();
    expect(suggestion).not.toBe('kural');
    await page.screenshot({ path: 'test-results/search-did-you-mean-390.png' });
    await link.click();
    await page.waitForURL(new RegExp(`search=${suggestion}`));
    await page.getByText(/Showing 1–/).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search products' }).inputValue()).toBe(suggestion);
    await expect.poll(() => page.getByTestId('did-you-mean').count()).toBe(0);
  });

  it('staff add a synonym in the back office, and the buyer’s word then finds its items', async () => {
    await searchFromHeader('twisty');
    await page.getByText('No products found').waitFor();

    const desk = await adminPage(browser, shop, DEMO_OWNER, { width: 1440, height: 900 }, contexts);
    await desk.goto(`${shop.url}/admin/search-synonyms`);
    await desk.getByRole('heading', { name: 'Search synonyms' }).waitFor();
    await desk.getByRole('textbox', { name: 'Word' }).fill('twisty');
    await desk.getByRole('textbox', { name: 'Also finds' }).fill('260');
    await desk.getByRole('button', { name: 'Add' }).click();
    await desk.getByRole('button', { name: 'Save synonyms' }).click();
    await desk.getByText('Synonyms saved').waitFor();
    await desk.reload();
    await desk.getByRole('cell', { name: 'twisty', exact: true }).waitFor();
    expect(await seriousViolations(desk)).toEqual([]);
    await desk.screenshot({ path: 'test-results/search-synonyms-1440.png' });

    await searchFromHeader('twisty');
    await page.getByText(/Showing 1–/).waitFor();
    expect(await page.getByTestId('product-grid').innerText()).toMatch(/\b260\b/);
  });
});
