import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs, signInByApi } from './support/api';
import { seriousViolations } from './support/axe';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * The trade tools of issue 8 on a fresh demo database, signed in as the demo buyer: paste a list
 * with one unknown number and one bad quantity, save the cart as a Speed List and add it back,
 * look up UPCs (one with a wrong check digit) and add one; axe on the three pages.
 */

let shop: RunningShop;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
let api: Api;

async function emptyCart(): Promise<void> {
  const cart = await api('GET', '/Shop/GetShoppingCart');
  for (const i of cart.items) await api('DELETE', `/Shop/DeleteCartItem/${encodeURIComponent(i.invNum)}`);
}

const cartLines = async (): Promise<[string, number][]> => (await api('GET', '/Shop/GetShoppingCart')).items.map((i: { invNum: string; ordQty: number }) => [i.invNum, i.ordQty]);

/** Items of the demo catalogue that are sold, with their UPCs. */
let items: { num: string; upc: string }[] = [];

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  token = await signInByApi(shop);
  api = apiAs(shop, token);
  const found = await api('GET', '/Inventory/GetPagedItemsForSearch?searchtext=balloon&pageSize=12');
  for (const it of found.items.slice(0, 10)) items.push({ num: it.num, upc: (await api('GET', `/Inventory/GetItemDetail?itemNum=${it.num}`)).upc });
  items = items.filter((i) => /^\d{12}$/.test(i.upc));
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript((t) => localStorage.setItem('shop.userToken', t), token);
  page = await context.newPage();
}, 180_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await shop?.stop();
});

describe('Paste a list on the cart page', () => {
  it('previews 10 lines, names the unknown number and the bad quantity, and adds the 8 good ones in one call', async () => {
    expect(items.length).toBeGreaterThanOrEqual(8);
    await emptyCart();
    await page.goto(`${shop.url}/cart`);
    const good = items.slice(0, 8);
    // Every separator the box accepts, with the bad lines in the middle.
    const seps = [' ', ',', '\t', ';', ' ', ',', '\t', ' '];
    const lines = good.map((it, i) => `${it.num}${seps[i]}${i + 2}`);
    lines.splice(3, 0, '99999999 5');
    lines.splice(6, 0, '12345 abc');
    const text = lines.join('\n');
    await page.getByLabel('Items and quantities').fill(text);

    const addCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/beapi/Shop/AddItems')) addCalls.push(r.postData() ?? '');
    });
    const started = Date.now();
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText('8 of 10 lines can be added').waitFor();
    expect(Date.now() - started).toBeLessThan(3000);
    await expect.poll(() => page.getByText('Unknown item number').count()).toBe(1);
    expect(await page.getByText('Bad quantity: use a whole number from 1 to 9999').count()).toBe(1);
    expect(await page.getByTestId('paste-line-4').textContent()).toContain('Unknown item number');
    expect(await page.getByTestId('paste-line-7').textContent()).toContain('Bad quantity');

    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add 8 lines to cart' }).click();
    await page.getByText('8 lines added to your cart').waitFor();
    expect(addCalls).toHaveLength(1);
    expect(JSON.parse(addCalls[0]!)).toHaveLength(8);
    expect((await cartLines()).sort()).toEqual(good.map((it, i) => [it.num, i + 2] as [string, number]).sort());
    // The cart page shows them.
    await page.getByTestId(`cart-line-${good[7]!.num}`).waitFor();
  });
});

describe('Speed Lists', () => {
  it('saves the cart as a list, and after the cart is emptied adds the list back in one call', async () => {
    const before = (await cartLines()).sort();
    expect(before.length).toBeGreaterThan(0);
    await page.goto(`${shop.url}/speedlists`);
    await page.getByRole('heading', { name: 'Speed Lists', level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('New list name').fill('Weekly restock');
    await page.getByRole('button', { name: /Save cart as list/ }).click();
    await page.waitForURL(/\/speedlists\/\d+$/);
    await page.getByRole('heading', { name: 'Weekly restock' }).waitFor();
    expect(await page.locator('[data-testid^="list-line-"]').count()).toBe(before.length);
    expect(await seriousViolations(page)).toEqual([]);

    await emptyCart();
    expect(await cartLines()).toEqual([]);
    const addCalls: string[] = [];
    page.on('request', (r) => {
      if (/\/SpeedLists\/\d+\/AddToCart$/.test(r.url())) addCalls.push(r.url());
    });
    await page.getByRole('button', { name: 'Add whole list to cart' }).click();
    await page.getByText('"Weekly restock" added to your cart').waitFor();
    expect(addCalls).toHaveLength(1);
    expect((await cartLines()).sort()).toEqual(before);

    // Edit a quantity and add one selected line.
    const [first] = before[0]!;
    await page.getByLabel(`Quantity of ${first}`).fill('40');
    await page.getByRole('button', { name: 'Save quantities' }).click();
    await page.getByText('Speed list saved').first().waitFor();
    await page.getByLabel(`Select ${first}`).check();
    await page.getByRole('button', { name: 'Add selected to cart (1)' }).click();
    await page.getByText('1 line added to your cart').waitFor();
    expect(new Map(await cartLines()).get(first)).toBe(before[0]![1] + 40);

    // The overview lists it; a rename shows there.
    await page.getByLabel('List name').fill('Monday restock');
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('heading', { name: 'Monday restock' }).waitFor();
    await page.getByRole('link', { name: /All speed lists/ }).click();
    await page.getByRole('link', { name: 'Monday restock' }).waitFor();
  });
});

describe('UPC Lookup', () => {
  it('looks up 3 codes, one with a wrong check digit, and adds one item to the cart', async () => {
    await emptyCart();
    await page.goto(`${shop.url}/upclookup`);
    await page.getByRole('heading', { name: 'UPC Lookup' }).waitFor();
    const [a, b] = items;
    const wrong = `${a!.upc.slice(0, 11)}${(Number(a!.upc[11]) + 1) % 10}`;
    await page.getByLabel('UPC or EAN codes').fill(`${a!.upc}\n${wrong}\n${b!.upc}`);
    await page.getByRole('button', { name: 'Look up', exact: true }).click();
    await page.getByTestId(`upc-row-${wrong}`).getByText('Check digit is wrong').waitFor();
    await page.getByTestId(`upc-row-${a!.upc}`).getByText(`#${a!.num}`).waitFor();
    await page.getByTestId(`upc-row-${b!.upc}`).getByText(`#${b!.num}`).waitFor();
    // No camera button where the browser has no BarcodeDetector (headless Chromium on Linux).
    const hasDetector = await page.evaluate(() => 'BarcodeDetector' in window);
    expect(await page.getByRole('button', { name: 'Scan with camera' }).count()).toBe(hasDetector ? 1 : 0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel(`Quantity of ${b!.num}`).fill('3');
    await page.getByRole('button', { name: `Add ${b!.num} to cart` }).click();
    await page.getByText('Item added to cart').first().waitFor();
    expect(await cartLines()).toEqual([[b!.num, 3]]);
  });
});

describe('Where it ships from', () => {
  it('shows West, East, split and backordered per line, and changes when the ship-to changes', async () => {
    await emptyCart();
    await api('PUT', '/Shop/UpdateShipTo?shiptocode=');
    const matches = await api('GET', `/Inventory/LookupItems?${items.map((i) => `invNum=${i.num}`).join('&')}`);
    const both = matches.map((m: { item: any }) => m.item).filter((i: any) => i && i.availableWest > 0 && i.availableEast > 0);
    expect(both.length).toBeGreaterThanOrEqual(2);
    const [x, y] = both;
    const qtyX = Math.min(x.availableWest, x.availableEast, 9999);
    const qtyY = Math.min(y.availableWest + y.availableEast + 2, 9999);
    await api('POST', '/Shop/AddItems', [
      { invNum: x.num, qty: qtyX },
      { invNum: y.num, qty: qtyY },
    ]);

    await page.goto(`${shop.url}/cart`);
    const rowX = page.getByTestId(`ships-from-${x.num}`);
    const rowY = page.getByTestId(`ships-from-${y.num}`);
    // Billing address in Fresno, CA: West first.
    await rowX.getByText('West', { exact: true }).waitFor();
    if (qtyY === y.availableWest + y.availableEast + 2) await rowY.getByText('Split West/East, 2 backordered').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The Mobile, AL store: East first.
    await page.getByLabel('Ship to').selectOption('SDEMO0001');
    await rowX.getByText('East', { exact: true }).waitFor();
    await page.getByText('To Mobile, AL').waitFor();
    await page.getByLabel('Ship to').selectOption('');
    await rowX.getByText('West', { exact: true }).waitFor();
  });
});
