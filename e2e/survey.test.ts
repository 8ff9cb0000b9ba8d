import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { signInByApi } from './support/api';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

/** The WINTER order form (issue 7): quantities on two pages, a reload, Review Order, one AddItems call, the cart. */

let shop: RunningShop;
let browser: Browser;
let page: Page;
let token: string;

async function cart(): Promise<{ items: { invNum: string; ordQty: number }[] }> {
  return (await fetch(`${shop.url}/beapi/Shop/GetShoppingCart`, { headers: { 'user-token': token } })).json();
}

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  token = await signInByApi(shop);
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript((t) => {
    if (!localStorage.getItem('shop.userToken')) localStorage.setItem('shop.userToken', t);
  }, token);
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

const qty = (num: string) => page.getByRole('textbox', { name: `Quantity of ${num}` });
const firstItemNum = async () => (await page.locator('[data-testid^="survey-item-"]').first().getAttribute('data-testid'))!.replace('survey-item-', '');

describe('the WINTER survey', () => {
  it('needs sign-in', async () => {
    const anonymous = await browser.newPage();
    await anonymous.goto(`${shop.url}/survey/WINTER`);
    await anonymous.waitForURL(/\/signin$/);
    await anonymous.close();
  });

  let first = '';
  let second = '';
  it('fills quantities on two pages; Back is disabled on the first page and Next on the last', async () => {
    await page.goto(`${shop.url}/survey/WINTER`);
    await page.getByRole('heading', { name: 'Winter Catalogue Order Form' }).waitFor();
    await page.getByRole('heading', { name: /^Christmas/ }).waitFor();
    const back = page.getByRole('button', { name: 'Back', exact: true }).first();
    const next = page.getByRole('button', { name: 'Next', exact: true }).first();
    expect(await back.isDisabled()).toBe(true);
    first = await firstItemNum();
    await page.getByTestId(`survey-item-${first}`).getByText(`Order # ${first}`).waitFor();
    await qty(first).fill('3');
    // Whole numbers from 0 only.
    await qty(first).press('End');
    await page.keyboard.type('.5');
    await qty(first).blur();
    expect(await qty(first).inputValue()).toBe('35');
    await qty(first).fill('3');
    expect(await page.evaluate(() => localStorage.getItem('shop.survey.WINTER'))).toContain(`"${first}":3`);

    // Next from the bottom of the page: the view goes back to the top.
    await page.mouse.wheel(0, 3000);
    await page.getByRole('button', { name: 'Back to top' }).waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).last().click();
    await page.getByRole('heading', { name: /^Winter Page 2/ }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    expect(await back.isDisabled()).toBe(false);
    second = await firstItemNum();
    await qty(second).fill('2');

    await next.click();
    await page.getByRole('heading', { name: /^New Year/ }).waitFor();
    await next.click();
    await page.getByRole('heading', { name: /^Valentine/ }).waitFor();
    expect(await next.isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('keeps the quantities through a reload', async () => {
    await page.goto(`${shop.url}/survey/WINTER?page=2`);
    await page.reload();
    await page.getByRole('heading', { name: /^Winter Page 2/ }).waitFor();
    expect(await qty(second).inputValue()).toBe('2');
    await page.getByRole('button', { name: 'Back', exact: true }).first().click();
    await page.getByRole('heading', { name: /^Christmas/ }).waitFor();
    expect(await qty(first).inputValue()).toBe('3');
  });

  it('reviews the order and adds every line to the cart in one call, then opens the cart', async () => {
    let addItemsCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/beapi/Shop/AddItem')) addItemsCalls += r.url().endsWith('/Shop/AddItems') ? 1 : 100;
    });
    await page.getByRole('button', { name: /Review Order/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Review Order' });
    await dialog.getByTestId(`review-line-${first}`).waitFor();
    await dialog.getByTestId(`review-line-${second}`).waitFor();
    expect(await dialog.locator('[data-testid^="review-line-"]').count()).toBe(2);
    expect(await dialog.getByTestId('review-total').textContent()).toMatch(/^\$\d+\.\d{2}$/);
    await dialog.getByRole('button', { name: 'Add all to cart' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your Cart' });
    await drawer.getByTestId(`drawer-line-${first}`).waitFor();
    await drawer.getByTestId(`drawer-line-${second}`).waitFor();
    expect(addItemsCalls).toBe(1);
    const lines = (await cart()).items.map((i) => [i.invNum, i.ordQty]);
    expect(lines).toEqual(expect.arrayContaining([
      [first, 3],
      [second, 2],
    ]));
    // The form starts afresh, so adding again does not double the order.
    expect(await page.evaluate(() => localStorage.getItem('shop.survey.WINTER'))).toBeNull();
  });

  it('shows the not-found message for an unknown survey', async () => {
    await page.goto(`${shop.url}/survey/SUMMER`);
    await page.getByText('Survey SUMMER not found').waitFor();
  });
});
