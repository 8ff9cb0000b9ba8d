import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Grid, GridCell } from '../src/contract/grid';
import { type Api, apiAs, signInByApi } from './support/api';
import { seriousViolations } from './support/axe';
import { buyerPage, launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * Grid ordering (issue 32): the demo buyer opens premium latex's colour × size grid at 1440 px,
 * fills 12 cells with the keyboard only (a number, then an arrow or Enter to the next cell), sees
 * the row and grid totals, adds all in one AddItems, and the cart holds the 12 lines; a cell that
 * is not a quantity is named and adds nothing. At 390 px the grid is a list by colour.
 */

let shop: RunningShop;
let browser: Browser;
let api: Api;
const contexts: BrowserContext[] = [];
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results';
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  shop = await startShop();
  browser = await launchBrowser();
  api = apiAs(shop, await signInByApi(shop));
}, 180_000);

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await shop?.stop();
});

const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
/** A cell's input by its accessible name: colour, size, "quantity" (and ", out of stock: backorder" when so). */
const cellName = (grid: Grid, c: GridCell) => `${grid.rows[c.row]}, ${grid.columns[c.column]}, quantity`;
const named = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(, out of stock: backorder)?$`);

describe('the colour × size order grid', () => {
  it('fills 12 cells with the keyboard, totals them, and adds them to the cart in one call', async () => {
    const cart = await api('GET', '/Shop/GetShoppingCart');
    for (const i of cart.items) await api('DELETE', `/Shop/DeleteCartItem/${encodeURIComponent(i.invNum)}`);
    const grid = (await api('GET', '/Inventory/GetGrid?categoryNum=1')) as Grid;
    const at = (row: number, column: number) => grid.cells.find((c) => c.row === row && c.column === column);
    expect(grid.columns.length).toBeGreaterThanOrEqual(6);

    const page = await buyerPage(browser, shop, { width: 1440, height: 900 }, contexts);
    const gridCalls: string[] = [];
    const addCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/beapi/Inventory/GetGrid')) gridCalls.push(r.url());
      if (r.url().endsWith('/beapi/Shop/AddItems')) addCalls.push(r.postData() ?? '');
    });
    // From the category page's link, as a buyer finds it.
    await page.goto(`${shop.url}/categories/1`);
    await page.getByRole('link', { name: 'Order by colour and size' }).click();
    await page.getByRole('heading', { name: 'Order by colour and size' }).waitFor();
    await page.getByText('Premium Latex', { exact: true }).last().waitFor();
    const first = page.getByLabel(named(cellName(grid, at(0, 0)!)));
    await first.waitFor();
    expect(gridCalls).toHaveLength(1);

    // A cell that is not a quantity is named and nothing is sent.
    await first.fill('2x');
    await page.getByRole('button', { name: 'Add all to cart' }).click();
    await page.getByRole('alert').getByText(`${grid.rows[0]}, ${grid.columns[0]}: enter a whole number from 1 to 9999`).waitFor();
    expect(addCalls).toHaveLength(0);
    await first.fill('');

    // Row 0 left to right, Enter down, row 1 right to left: typed, never clicked.
    const path: [number, number, string][] = [];
    for (let c = 0; c < 6; c++) path.push([0, c, c < 5 ? 'ArrowRight' : 'Enter']);
    for (let c = 5; c >= 0; c--) path.push([1, c, 'ArrowLeft']);
    await first.focus();
    const typed: { cell: GridCell; qty: number }[] = [];
    for (const [i, [row, column, key]] of path.entries()) {
      const cell = at(row, column)!;
      expect(await focusedLabel(page)).toMatch(named(cellName(grid, cell)));
      await page.keyboard.type(String(i + 1));
      await page.keyboard.press(key);
      typed.push({ cell, qty: i + 1 });
    }
    const wanted = new Map(typed.map((t) => [t.cell.invNum, t.qty]));
    expect(wanted.size).toBe(12);

    // Totals per row and for the grid, at the buyer's prices.
    const cents = (row: number | null) => typed.filter((t) => row === null || t.cell.row === row).reduce((sum, t) => sum + t.qty * Math.round(t.cell.price! * 100), 0);
    const amountOf = (row: number | null) => cents(row) / 100;
    const units = [...wanted.values()].reduce((a, b) => a + b, 0);
    const redRow = page.locator(`tr[data-row="${grid.rows[0]}"]`);
    expect(await redRow.locator('[data-total="units"]').textContent()).toBe(String(1 + 2 + 3 + 4 + 5 + 6));
    expect(await redRow.locator('[data-total="amount"]').textContent()).toBe(usd.format(amountOf(0)));
    expect(await page.getByTestId('grid-units').textContent()).toBe(String(units));
    expect(await page.getByTestId('grid-amount').textContent()).toBe(usd.format(amountOf(null)));
    await page.getByText(`Total: ${units} units`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/grid-order-1440.png`, fullPage: false });

    await page.getByRole('button', { name: 'Add all to cart' }).click();
    await page.getByText('12 lines added to your cart').waitFor();
    expect(addCalls).toHaveLength(1);
    expect(JSON.parse(addCalls[0]!)).toHaveLength(12);
    expect(await page.getByTestId('grid-units').textContent()).toBe('0');

    await page.goto(`${shop.url}/cart`);
    for (const [invNum, qty] of wanted) expect(await page.getByTestId(`cart-line-${invNum}`).getByTestId(`qty-${invNum}`).textContent(), invNum).toBe(String(qty));
    expect(await page.locator('[data-testid^="cart-line-"]').count()).toBe(12);
  }, 120_000);

  it('is a list by colour with the sizes inside on a phone', async () => {
    const page = await buyerPage(browser, shop, { width: 390, height: 844 }, contexts);
    // From the account tools, as a buyer finds it on a phone.
    await page.goto(`${shop.url}/landingpage`);
    await page.getByRole('link', { name: /Order Grid/ }).click();
    await page.waitForURL(/\/order-grid\/1$/);
    const red = page.getByRole('region', { name: 'Red', exact: true });
    await red.waitFor();
    expect(await page.locator('table').count()).toBe(0);
    const grid = (await api('GET', '/Inventory/GetGrid?categoryNum=1')) as Grid;
    expect(await red.getByRole('textbox').count()).toBe(grid.cells.filter((c) => c.row === 0).length);
    await red.getByLabel(named(cellName(grid, grid.cells[0]!))).fill('3');
    await page.getByText('Total: 3 units').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `${SHOTS}/grid-order-390.png`, fullPage: false });
  }, 60_000);
});
