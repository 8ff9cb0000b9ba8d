import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

let shop: RunningShop;
let browser: Browser;
beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function open(path: string, viewport = { width: 1440, height: 900 }): Promise<Page> {
  // AxeBuilder needs a page of an explicit context.
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${shop.url}${path}`);
  return page;
}

const query = (page: Page) => new URL(page.url()).searchParams;

describe('home', () => {
  it('shows the hero, the product lines and the Winter order form link, with its own title', async () => {
    const page = await open('/');
    await page.getByRole('heading', { name: 'Our product lines' }).waitFor();
    await page.getByText('Shop Foil Balloons').waitFor();
    expect(await page.title()).toContain('Skyline Balloons');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toMatch(/wholesale/i);
    expect(await page.getByRole('link', { name: 'Open the Winter order form' }).getAttribute('href')).toBe('/survey/WINTER');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('loads at most 150 KB of gzipped JavaScript, and none of the account or checkout code', async () => {
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(shop.url, { waitUntil: 'networkidle' });
    let total = 0;
    for (const url of scripts) total += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;
    expect(total).toBeLessThanOrEqual(150 * 1024);
    expect(scripts.some((s) => /require-sign-in|placeholder|checkout|account/.test(s))).toBe(false);
    await page.close();
  });
});

describe('top navigation', () => {
  it('opens the foil panel on hover and follows a message link', async () => {
    const page = await open('/');
    await page.getByRole('button', { name: 'Foil' }).hover();
    const messages = page.getByRole('link', { name: 'Browse Everyday Messages' });
    await messages.hover();
    const list = page.getByRole('group', { name: 'Everyday Messages' });
    const first = list.getByRole('link').nth(1);
    const name = (await first.textContent())!;
    await first.click();
    await page.waitForURL(/message=/);
    expect(query(page).get('categoryNum')).toBe('3');
    await page.getByText(/Showing 1–/).waitFor();
    // The panel closed after the click navigated.
    expect(await page.getByRole('link', { name: 'Browse Everyday Messages' }).count()).toBe(0);
    await page.getByText(name, { exact: true }).first().waitFor();
    await page.close();
  });

  it('works with the keyboard: Enter opens, Tab walks into a list, Enter follows, Escape closes', async () => {
    const page = await open('/');
    const foil = page.getByRole('button', { name: 'Foil' });
    await foil.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Browse Everyday Messages' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('link', { name: 'Browse Everyday Messages' }).count()).toBe(0);
    expect(await foil.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Browse Everyday Messages' }).focus();
    await page.keyboard.press('Tab'); // All Messages
    await page.keyboard.press('Tab'); // first message
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('href') ?? '');
    expect(focused).toMatch(/categoryNum=3&message=/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/message=/);
    expect(new URL(page.url()).search).toBe(focused.slice(focused.indexOf('?')));
    await page.close();
  });

  it('links All Events to event=all', async () => {
    const page = await open('/');
    await page.getByRole('button', { name: 'Foil' }).click();
    expect(await page.getByRole('link', { name: 'Browse Holidays & Events' }).getAttribute('href')).toBe('/products?categoryNum=3&event=all');
    await page.close();
  });

  it('has a drawer with the same menu on a phone', async () => {
    const page = await open('/', { width: 390, height: 844 });
    await page.getByRole('button', { name: 'Open the menu' }).click();
    // The footer has a "Where to buy" link too: take the drawer's, once the drawer is there.
    await page.getByRole('dialog').getByRole('link', { name: 'Where to Buy', exact: true }).click();
    await page.waitForURL(/\/distributors$/);
    await page.close();
  });
});

describe('catalogue', () => {
  it('filters 11" latex by two colours, shows the table, changes page size; reload and Back restore the view', async () => {
    const page = await open('/products?categoryNum=11');
    await page.getByText(/Showing 1–20 of/).waitFor();
    await page.getByRole('button', { name: 'Colors' }).click();
    const dropdown = page.locator('[aria-label="Colors filter"]');
    // The dropdowns' code loads with the first hover of the filter bar: wait for the list to show.
    await dropdown.locator('label').nth(2).waitFor();
    // Pick two colours by name: counts (and so the order) change once a filter applies.
    const names = (await dropdown.locator('label').allTextContents()).slice(1, 3).map((t) => t.replace(/ \(\d+\)$/, ''));
    // Two quick ticks, as a buyer clicks: both count, even while the first one's results are loading
    // (a slow phone, imitated by slowing the page's CPU down, renders the first tick late).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    await dropdown.getByRole('checkbox', { name: new RegExp(`^${names[0]} \\(`) }).click();
    await dropdown.getByRole('checkbox', { name: new RegExp(`^${names[1]} \\(`) }).click();
    await expect.poll(() => query(page).getAll('color').length).toBe(2);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    // A click outside closes the dropdown.
    await page.getByRole('heading', { level: 1 }).click();
    await expect.poll(() => page.locator('[aria-label="Colors filter"]').count()).toBe(0);
    const colors = query(page).getAll('color');

    await page.getByText('List', { exact: true }).click();
    await page.getByRole('columnheader', { name: 'In Stock West' }).waitFor();
    await page.getByRole('combobox', { name: 'Items per page' }).selectOption('40');
    await expect.poll(() => query(page).get('pageSize')).toBe('40');
    const rows = await page.getByRole('row').count();

    await page.reload();
    await page.getByRole('columnheader', { name: 'In Stock East' }).waitFor();
    expect(query(page).getAll('color')).toEqual(colors);
    expect(await page.getByRole('combobox', { name: 'Items per page' }).inputValue()).toBe('40');
    await expect.poll(() => page.getByRole('row').count()).toBe(rows);

    await page.goBack();
    await expect.poll(() => query(page).get('pageSize')).toBe(null);
    expect(query(page).get('view')).toBe('list');
    expect(query(page).getAll('color')).toEqual(colors);
    await page.getByRole('columnheader', { name: 'In Stock West' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Items per page' }).inputValue()).toBe('20');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('searches for a word, opens a result, and follows a colour link on the detail page', async () => {
    const page = await open('/products?categoryNum=1');
    await page.getByRole('searchbox', { name: 'Search products' }).fill('red');
    await page.waitForURL(/search=red/);
    await page.getByText(/Showing 1–/).waitFor();
    await page.getByTestId('product-grid').getByRole('link').first().click();
    await page.waitForURL(/\/productdetail\?/);
    await page.getByText('Item number').waitFor();
    const title = page.getByRole('heading', { level: 1 });
    const before = await title.textContent();
    await expect.poll(() => page.title()).toContain(before!.slice(0, 10));
    expect(await seriousViolations(page)).toEqual([]);

    const other = page.getByRole('list', { name: 'Other colours' }).locator('a:not([aria-current])').first();
    const colourName = (await other.textContent())!.trim();
    await other.click();
    await expect.poll(() => title.textContent()).not.toBe(before);
    expect(await title.textContent()).toContain(colourName.split(' ')[0]);
    await page.close();
  });

  it('shows the top-level categories and a category\'s children', async () => {
    const page = await open('/categories');
    await page.getByText('Click to view subcategories').first().waitFor();
    await page.goto(`${shop.url}/categories/1`);
    await page.getByText('11" Solid Color Latex').first().waitFor();
    await page.close();
  });
});

describe('pages', () => {
  it('shows the not-found page for an unknown path', async () => {
    const page = await open('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.title()).toContain('Page not found');
    await page.close();
  });

  it('finds distributors near ZIP 93706, nearest first', async () => {
    const page = await open('/distributors');
    await page.getByRole('textbox', { name: 'ZIP code' }).fill('93706');
    await page.getByRole('button', { name: 'Find stores' }).click();
    await page.getByText(/stores? found near Fresno/).waitFor();
    const distances = (await page.getByTestId('distance').allTextContents()).map((t) => Number.parseFloat(t));
    expect(distances.length).toBeGreaterThan(1);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('sends a message from the contact page', async () => {
    const page = await open('/contactus');
    await page.getByRole('heading', { name: 'Send us a message' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Please input your name').waitFor();
    await page.getByLabel('Your name').fill('Pat Buyer');
    await page.getByLabel('Email').fill('pat@example.com');
    await page.getByLabel('Message').fill('Do you ship to Hawaii?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText(/Your reference is C-/).waitFor();
    await page.close();
  });

  it('scrolls a sustainability anchor into view', async () => {
    const page = await open('/degradability#safeballoonpractices', { width: 1024, height: 600 });
    await page.getByRole('heading', { name: 'Safe balloon practices', exact: true }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.close();
  });
});
