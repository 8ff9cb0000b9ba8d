import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { type Api, apiAs, signInByApi } from './support/api';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * The cart journey of issue 7, in order, on one page as a buyer would: Speed Lane, quantity edit
 * and remove, coupons, the drawer, the suggested step, checkout to the Mobile AL ship-to, the
 * complete step, Check Order Status and Reorder. Then a double-clicked Place Order.
 */

let shop: RunningShop;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
let api: Api;

const focusedName = (p: Page) => p.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name ?? '');
const line = (num: string) => page.getByTestId(`cart-line-${num}`);
const notification = (text: string) => page.locator('.mantine-Notification-root').filter({ hasText: text }).first();

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  token = await signInByApi(shop);
  api = apiAs(shop, token);
  context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript((t) => localStorage.setItem('shop.userToken', t), token);
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

describe('cart, checkout and order status', () => {
  it('starts empty, with Continue Shopping', async () => {
    await page.goto(`${shop.url}/cart`);
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    expect(await page.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/categories');
  });

  it('adds three items through the Speed Lane using only the keyboard', async () => {
    const number = page.getByRole('textbox', { name: 'Catalog #' });
    await number.focus();
    for (const [num, qty] of [
      ['17060', '2'],
      ['17061', '3'],
      ['17070', '1'],
    ] as const) {
      await page.keyboard.type(num);
      await page.keyboard.press('Tab');
      expect(await focusedName(page)).toBe('qty');
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(qty);
      await page.keyboard.press('Enter');
      await line(num).waitFor();
      // The focus is back on the number field, ready for the next line.
      await expect.poll(() => focusedName(page)).toBe('invNum');
      expect(await number.inputValue()).toBe('');
    }
    expect(await line('17060').getByTestId('qty-17060').textContent()).toBe('2');
    expect(await line('17061').getByTestId('qty-17061').textContent()).toBe('3');
    // The spec's messages for a bad line, still without the mouse.
    await page.keyboard.type('12ab');
    await page.keyboard.press('Enter');
    await page.getByText('Please enter a valid catalog number').waitFor();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Enter');
    await page.getByText('Please enter a catalog number').waitFor();
    await page.keyboard.type('99999999');
    await page.keyboard.press('Enter');
    await page.getByText('Item 99999999 not found').waitFor();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
  });

  it('changes a quantity and removes a line', async () => {
    await page.getByRole('button', { name: 'Edit quantity of 17060' }).click();
    await page.getByRole('textbox', { name: 'Quantity of 17060' }).fill('5');
    await page.getByRole('button', { name: 'Save quantity of 17060' }).click();
    await expect.poll(() => line('17060').getByTestId('qty-17060').textContent()).toBe('5');
    await notification('Cart updated').waitFor();
    // Cancel leaves the quantity alone.
    await page.getByRole('button', { name: 'Edit quantity of 17061' }).click();
    await page.getByRole('textbox', { name: 'Quantity of 17061' }).fill('40');
    await page.getByRole('button', { name: 'Cancel editing 17061' }).click();
    expect(await line('17061').getByTestId('qty-17061').textContent()).toBe('3');

    await page.getByRole('button', { name: 'Remove 17070 from the cart' }).click();
    await line('17070').waitFor({ state: 'detached' });
    await notification('Item removed').waitFor();
    expect((await api('GET', '/Shop/GetShoppingCart')).items.map((i: { invNum: string; ordQty: number }) => [i.invNum, i.ordQty])).toEqual([
      ['17060', 5],
      ['17061', 3],
    ]);
  });

  it("applies WELCOME10 and shows the discount; an unknown coupon shows the server's reason", async () => {
    const code = page.getByRole('textbox', { name: 'Coupon code' });
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByText('Please enter a coupon code').waitFor();
    await code.fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByText('Invalid coupon code').waitFor();

    await code.fill('welcome10');
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await page.getByRole('button', { name: 'Remove coupon WELCOME10' }).waitFor();
    await notification('Coupon applied').waitFor();
    const cart = await api('GET', '/Shop/GetShoppingCart');
    expect(cart.discount).toBeGreaterThan(0);
    const dollars = (n: number) => `$${n.toFixed(2)}`;
    expect(await page.getByTestId('cart-discount').textContent()).toBe(`−${dollars(cart.discount)}`);
    expect(await page.getByTestId('cart-subtotal').textContent()).toBe(dollars(cart.subtotal));
    // The demo buyer ships to California: the total carries its sales tax, on its own line (decision 0042).
    expect(cart).toMatchObject({ taxBasis: 'taxable', taxRate: 7.25 });
    expect(await page.getByTestId('cart-sales-tax').textContent()).toBe(dollars(cart.tax));
    expect(await page.getByTestId('cart-total').textContent()).toBe(dollars((Math.round(cart.total * 100) + Math.round(cart.tax * 100)) / 100));
    await page.getByLabel('Security seal').waitFor();
    expect((await seriousViolations(page)).join('\n')).toBe('');
  });

  it('opens the cart drawer from the badge: Enter saves a quantity, Escape cancels, 999 at most', async () => {
    await page.getByTestId('cart-badge').click();
    const drawer = page.getByRole('dialog');
    await drawer.getByTestId('drawer-line-17060').waitFor();
    expect(await drawer.getByTestId('drawer-count').textContent()).toContain('2 items');
    await drawer.getByRole('button', { name: 'Edit quantity of 17061' }).click();
    const input = drawer.getByRole('textbox', { name: 'Quantity of 17061' });
    await input.fill('4000');
    await input.press('Enter');
    await expect.poll(() => drawer.getByTestId('qty-17061').textContent()).toBe('999');
    await drawer.getByRole('button', { name: 'Edit quantity of 17061' }).click();
    await drawer.getByRole('textbox', { name: 'Quantity of 17061' }).fill('4');
    await drawer.getByRole('textbox', { name: 'Quantity of 17061' }).press('Enter');
    await expect.poll(() => drawer.getByTestId('qty-17061').textContent()).toBe('4');
    await drawer.getByRole('button', { name: 'Edit quantity of 17061' }).click();
    await drawer.getByRole('textbox', { name: 'Quantity of 17061' }).fill('9');
    await drawer.getByRole('textbox', { name: 'Quantity of 17061' }).press('Escape');
    expect(await drawer.getByTestId('qty-17061').textContent()).toBe('4');
    // The drawer stayed open: Escape only cancelled the edit.
    await drawer.getByRole('button', { name: 'PROCEED TO CHECKOUT' }).click();
    await page.waitForURL(/\/checkout\/suggested$/);
  });

  it('adds a suggested item, then continues to checkout', async () => {
    const first = page.locator('[data-testid^="suggested-"]').first();
    await first.waitFor();
    const num = (await first.getAttribute('data-testid'))!.replace('suggested-', '');
    await first.getByRole('button', { name: `Add ${num} to cart` }).click();
    await notification('Item added to cart').waitFor();
    await expect.poll(async () => (await api('GET', '/Shop/GetShoppingCart')).items.some((i: { invNum: string }) => i.invNum === num)).toBe(true);
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL(/\/checkout$/);
  });

  let orderNum = '';
  it('chooses the Mobile AL ship-to and a shipping option, places the order and shows its number and warehouse split', async () => {
    expect(await page.getByRole('link', { name: 'Manage shipping addresses' }).getAttribute('href')).toBe('/account/manageshippingaddresses?returnTo=/checkout');
    await page.getByRole('radio', { name: /Mobile, AL 36602/ }).click();
    await expect.poll(async () => (await api('GET', '/Shop/GetShoppingCart')).shipToCode).toBe('SDEMO0001');
    await expect.poll(() => page.getByRole('radio', { name: /Mobile, AL 36602/ }).getAttribute('aria-checked')).toBe('true');
    const twoDay = page.getByRole('radio', { name: /^2-Day/ });
    await twoDay.click();
    expect(await twoDay.getAttribute('aria-checked')).toBe('true');
    await page.getByRole('textbox', { name: 'PO number (optional)' }).fill('PO-7731');
    expect(await page.getByTestId('review-shipping').textContent()).toMatch(/^\$\d+\.\d{2}$/);
    expect((await seriousViolations(page)).join('\n')).toBe('');

    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/checkout\/complete\/\d+$/);
    orderNum = (await page.getByTestId('order-number').textContent())!;
    expect(orderNum).toMatch(/^\d{6}$/);
    const order = await api('GET', `/Shop/GetOrder/${orderNum}`);
    expect(order.shipTo.city).toBe('Mobile');
    expect(order.shippingOption.code).toBe('2day');
    expect(order.poNumber).toBe('PO-7731');
    const east = order.lines.reduce((s: number, l: { allocation: { east: number } }) => s + l.allocation.east, 0);
    const west = order.lines.reduce((s: number, l: { allocation: { west: number } }) => s + l.allocation.west, 0);
    expect(east).toBeGreaterThan(0);
    expect(await page.getByTestId('split-ships-from-east').textContent()).toContain(`${east} unit`);
    expect(await page.getByTestId('split-ships-from-west').textContent()).toContain(`${west} unit`);
    await page.getByTestId('split-backordered').waitFor();
    expect(await page.locator('[data-testid^="order-line-"]').count()).toBe(order.lines.length);
    expect((await api('GET', '/Shop/GetShoppingCart')).items).toEqual([]);
  });

  it('finds the order under Check Order Status and reorders it', async () => {
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Order Status' }).click();
    await page.waitForURL(/\/orders$/);
    await page.getByRole('link', { name: orderNum }).click();
    await page.waitForURL(new RegExp(`/orders/${orderNum}$`));
    await page.getByRole('heading', { name: `Order ${orderNum}` }).waitFor();
    await page.getByText('PO PO-7731').waitFor();
    await page.getByRole('button', { name: 'Reorder' }).click();
    await page.waitForURL(/\/cart$/);
    const order = await api('GET', `/Shop/GetOrder/${orderNum}`);
    for (const l of order.lines) await line(l.invNum).waitFor();
  });
});

describe('Place Order', () => {
  it('makes one order when double-clicked', async () => {
    const before = (await api('GET', '/Shop/GetOrders')).totalNumberOfOrders;
    await api('POST', '/Shop/AddItem?InvNum=17061&qty=1');
    await page.goto(`${shop.url}/checkout`);
    const button = page.getByRole('button', { name: 'Place Order' });
    await page.getByRole('radio', { name: /^Ground/ }).waitFor();
    let checkouts = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/beapi/Shop/Checkout')) checkouts++;
    });
    await button.dblclick();
    await page.waitForURL(/\/checkout\/complete\/\d+$/);
    await page.waitForTimeout(500);
    expect((await api('GET', '/Shop/GetOrders')).totalNumberOfOrders).toBe(before + 1);
    expect(checkouts).toBeGreaterThanOrEqual(1);
  });

  it('answers a retry with the same Idempotency-Key with the same order', async () => {
    await api('POST', '/Shop/AddItem?InvNum=17060&qty=1');
    const send = () =>
      fetch(`${shop.url}/beapi/Shop/Checkout`, {
        method: 'POST',
        headers: { 'user-token': token, 'content-type': 'application/json', 'Idempotency-Key': 'e2e-retry-1' },
        body: JSON.stringify({ shipToCode: '', shippingOption: 'ground' }),
      });
    const [a, b] = await Promise.all([send(), send()]);
    const nums = [(await a.json()).orderNum, (await b.json()).orderNum];
    expect(nums[0]).toBe(nums[1]);
  });
});
