import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER, staffApi } from './support/admin';
import { type Api, apiAs, signInByApi } from './support/api';
import { seriousViolations } from './support/axe';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * Issue 29's storefront on a phone (390×844), as a signed-in buyer: search from the header, the
 * product page's price and Add to cart on the first screen, a list view with price and quantity,
 * the backorder notice when adding more than is in stock and in the checkout review, and Place
 * Order on screen at the review without scrolling.
 */
const PHONE = { width: 390, height: 844 };
const ITEM = '17060';

let shop: RunningShop;
let browser: Browser;
let page: Page;
let api: Api;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  const token = await signInByApi(shop);
  api = apiAs(shop, token);
  // Little stock of the item: 3 available at West and 2 at East, so 10 cannot all ship now.
  const owner = await staffApi(shop, DEMO_OWNER);
  const stock = await owner('GET', `/Stock/${ITEM}`);
  for (const [warehouse, left] of [['west', 3], ['east', 2]] as const) {
    const delta = left - stock[warehouse].available;
    if (delta !== 0) await owner('POST', '/Stock/Adjust', { invNum: ITEM, warehouse, delta, reason: 'count' });
  }
  const context = await browser.newContext({ viewport: PHONE });
  await context.addInitScript((t) => localStorage.setItem('shop.userToken', t), token);
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

/** On the first screen: the page is not scrolled and the element lies wholly inside the viewport. */
async function onFirstScreen(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const scrollY = await page.evaluate(() => window.scrollY);
  return scrollY === 0 && box !== null && box.y >= 0 && box.y + box.height <= PHONE.height && box.x >= 0 && box.x + box.width <= PHONE.width;
}

const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('the storefront on a phone', () => {
  it('searches from the header, without opening the menu', async () => {
    await page.goto(`${shop.url}/`);
    const search = page.getByRole('searchbox', { name: 'Search the catalogue' });
    expect(await onFirstScreen(search)).toBe(true);
    await search.fill('red');
    await search.press('Enter');
    await page.waitForURL(/\/products\?search=red$/);
    await page.getByText(/Showing 1–/).waitFor();
  });

  it('shows the price and Add to cart on the product page’s first screen, and tells of a backorder when adding', async () => {
    await page.goto(`${shop.url}/productdetail?categoryNum=11&productNum=${ITEM}`);
    const add = page.getByRole('button', { name: 'Add to cart' });
    await add.waitFor();
    expect(await onFirstScreen(page.getByText('Your price'))).toBe(true);
    expect(await onFirstScreen(add)).toBe(true);
    expect(await noSidewaysScroll()).toBe(true);

    await page.getByRole('textbox', { name: 'Quantity' }).fill('10');
    await add.click();
    const notice = page.getByTestId('backorder-notice');
    await notice.waitFor();
    // What the forecast says, in the buyer's words: the rest of the 10 waits for stock.
    const line = (await api('GET', '/Shop/GetCartAvailability')).lines.find((l: { invNum: string }) => l.invNum === ITEM);
    expect(line.backordered).toBeGreaterThan(0);
    expect(await notice.textContent()).toContain(`${line.backordered} units of the 10 in your cart will be backordered`);
  });

  it('lists items with price, quantity and Add, as cards that fit the screen', async () => {
    await page.goto(`${shop.url}/products?categoryNum=11&view=list`);
    const list = page.getByTestId('product-list');
    await list.waitFor();
    expect(await noSidewaysScroll()).toBe(true);
    const first = list.locator('tbody tr').first();
    const num = (await first.locator('td').nth(1).textContent())!.trim();
    const item = (await api('GET', `/Inventory/GetPagedItemsForCategory?categoryNum=11&page=1&pageSize=1`)).items[0];
    expect(num).toBe(item.num);
    expect(await first.textContent()).toContain(`$${item.price.toFixed(2)}`);
    await first.getByRole('spinbutton', { name: `Quantity of ${num}` }).fill('2');
    await first.getByRole('button', { name: `Add ${num} to cart` }).click();
    await expect.poll(async () => (await api('GET', '/Shop/GetShoppingCart')).items.find((i: { invNum: string }) => i.invNum === num)?.ordQty).toBe(2);
  });

  it('names the backordered line in the checkout review, with the total and Place Order on screen', async () => {
    await page.goto(`${shop.url}/checkout`);
    await page.getByRole('radio', { name: /^Ground/ }).waitFor();
    const place = page.getByRole('button', { name: 'Place Order' });
    expect(await onFirstScreen(place)).toBe(true);
    expect(await onFirstScreen(page.getByTestId('place-order-total'))).toBe(true);
    const cart = await api('GET', '/Shop/GetShoppingCart');
    const shipping = (await api('GET', '/Shop/GetShippingOptions'))[0].amount as number;
    expect(await page.getByTestId('place-order-total').textContent()).toBe(`$${(cart.total + shipping).toFixed(2)}`);

    const backordered = page.getByTestId(`review-backordered-${ITEM}`);
    await backordered.waitFor();
    const line = (await api('GET', '/Shop/GetCartAvailability')).lines.find((l: { invNum: string }) => l.invNum === ITEM);
    expect(await backordered.textContent()).toBe(`${line.backordered} backordered`);
    await page.getByTestId('review-backorders').getByText('One line is not fully in stock').waitFor();
    expect(await noSidewaysScroll()).toBe(true);
    expect((await seriousViolations(page)).join('\n')).toBe('');

    await place.click();
    await page.waitForURL(/\/checkout\/complete\/\d+$/);
  });
});
