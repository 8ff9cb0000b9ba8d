import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { money } from '../src/web/components/money';
import { adminPage, DEMO_OWNER, staffApi } from './support/admin';
import { type Api, apiAs, signInByApi } from './support/api';
import { seriousViolations } from './support/axe';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * Price levels (issue 19 point 2): staff create a 20 % level in the back office and give it to
 * the demo buyer; the buyer then sees the lower price in the listing, on the detail page (with a
 * quantity break made in the item editor), in the cart (the break applied at its quantity) and in checkout's review.
 */

let shop: RunningShop;
let browser: Browser;
const contexts: BrowserContext[] = [];
let buyer: Api;
let token: string;
const NUM = '17060';

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  token = await signInByApi(shop);
  buyer = apiAs(shop, token);
}, 120_000);
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
});

async function buyerPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  contexts.push(context);
  await context.addInitScript((t) => localStorage.setItem('shop.userToken', t), token);
  return context.newPage();
}

describe('a price level for the demo buyer', () => {
  it('is made and given in the back office, and prices the buyer’s listing, detail, cart and checkout', async () => {
    const list = (await buyer('GET', `/Inventory/GetItemDetail?itemNum=${NUM}`)).price as number;
    const levelPrice = Math.round(list * 100 * 0.8) / 100;
    const breakPrice = Math.round((levelPrice - 0.1) * 100) / 100;

    const staff = await adminPage(browser, shop, DEMO_OWNER, { width: 1440, height: 900 }, contexts);
    await staff.getByRole('link', { name: 'Price levels' }).first().click();
    await staff.getByRole('heading', { name: 'Price levels', level: 1 }).waitFor();
    await staff.getByRole('button', { name: 'New level' }).click();
    await staff.getByRole('textbox', { name: 'Name' }).fill('Trade 20');
    await staff.getByRole('textbox', { name: 'Percent off list' }).fill('20');
    await staff.getByRole('button', { name: 'Save level' }).click();
    await staff.getByRole('cell', { name: 'Trade 20', exact: true }).waitFor();
    expect(await seriousViolations(staff)).toEqual([]);

    const owner = await staffApi(shop, DEMO_OWNER);
    const id = (await owner('GET', `/Customers?q=${encodeURIComponent('buyer@example.com')}`)).items[0].id as number;
    await staff.goto(`${shop.url}/admin/customers/${id}`);
    await staff.getByRole('heading', { name: 'Price level' }).waitFor();
    await staff.getByLabel('Prices this customer pays').first().click();
    await staff.getByRole('option', { name: /Trade 20/ }).click();
    await expect.poll(async () => (await owner('GET', `/Customers/${id}`)).priceLevelId).not.toBeNull();
    // The break is made in the item editor's "Quantity breaks" section.
    await staff.goto(`${shop.url}/admin/items/${NUM}`);
    const breaks = staff.getByRole('group', { name: 'Quantity breaks' });
    await breaks.getByRole('button', { name: 'Add a break' }).click();
    await breaks.getByRole('textbox', { name: 'From quantity' }).fill('12');
    await breaks.getByRole('textbox', { name: 'Price each' }).fill(breakPrice.toFixed(2));
    await breaks.getByRole('button', { name: 'Save breaks' }).click();
    await staff.getByText('Quantity breaks saved').waitFor();
    expect(await owner('GET', `/Items/${NUM}/Breaks`)).toEqual([{ minQty: 12, price: breakPrice }]);

    const page = await buyerPage();
    await page.goto(`${shop.url}/products?search=${NUM}`);
    await page.getByText(money(levelPrice)).first().waitFor({ timeout: 15_000 });
    expect(await page.getByText(money(list), { exact: true }).count()).toBe(0);

    await page.goto(`${shop.url}/productdetail?productNum=${NUM}`);
    await page.getByText('Your price').waitFor();
    await page.getByText(money(levelPrice), { exact: true }).first().waitFor();
    await page.getByRole('list', { name: 'Quantity prices' }).getByText(`12+ ${money(breakPrice)} each`).waitFor({ timeout: 10_000 });

    await buyer('POST', `/Shop/AddItem?InvNum=${NUM}&qty=11`);
    await page.goto(`${shop.url}/cart`);
    const line = page.getByTestId(`cart-line-${NUM}`);
    await line.getByText(money(levelPrice), { exact: true }).waitFor();
    await buyer('PUT', `/Shop/UpdateItem?InvNum=${NUM}&qty=12`);
    await page.reload();
    await line.getByText(money(breakPrice), { exact: true }).waitFor();
    await line.getByText(money(Math.round(breakPrice * 1200) / 100), { exact: true }).waitFor();

    await page.goto(`${shop.url}/checkout`);
    await page.getByRole('radio', { name: /^Ground/ }).waitFor();
    await expect.poll(() => page.getByTestId('review-subtotal').textContent()).toBe(money(Math.round(breakPrice * 1200) / 100));
  }, 240_000);
});
