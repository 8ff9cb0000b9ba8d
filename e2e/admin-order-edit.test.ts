import type { Browser, BrowserContext, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../src/server/platform/mail/mail-folder';
import { money } from '../src/web/components/money';
import { seriousViolations } from './support/axe';
import { adminPage, DEMO_OWNER, placeOrder, type StaffApi, staffApi } from './support/admin';
import { DEMO_BUYER } from './support/api';
import { buyerPage, launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * DESIGN.md §7 order edits (decision 0036), in Chromium: a staff member edits an accepted order
 * (one quantity down, one line added), sees the new total before saving and saves it; the
 * buyer's order page and the buyer's mail file show the new total. The edit screen works at 390
 * and 1440 px.
 */
let shop: RunningShop;
let browser: Browser;
let owner: StaffApi;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  owner = await staffApi(shop, DEMO_OWNER);
}, 120_000);
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
});

const textOf = async (region: Locator) => (await region.innerText()).replace(/\s+/g, ' ');


/** An active item with stock at West that the order does not have yet. */
async function itemToAdd(not: string[]): Promise<string> {
  const page = await owner('GET', '/Items?pageSize=50');
  const item = (page.items as { num: string; status: string; westAvailable: number }[]).find((i) => i.status === 'active' && i.westAvailable > 10 && !not.includes(i.num));
  if (!item) throw new Error('no item to add');
  return item.num;
}

describe('order edits', () => {
  it('staff take one quantity down and add a line; the buyer\'s order page and mail show the new total', async () => {
    const { orderNum } = await placeOrder(shop, [['17060', 5], ['17061', 3]], 'EDIT-ME');
    await owner('POST', `/Orders/${orderNum}/Accept`);
    const placed = await owner('GET', `/Orders/${orderNum}`);
    const adding = await itemToAdd(['17060', '17061']);

    const page = await adminPage(browser, shop, DEMO_OWNER, { width: 1440, height: 900 }, contexts);
    await page.goto(`${shop.url}/admin/orders/${orderNum}`);
    await page.getByRole('heading', { name: `Order ${orderNum}` }).waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const editor = page.getByRole('region', { name: `Edit order ${orderNum}` });
    await editor.getByLabel(/^Quantity of line 1 /).fill('2');
    await editor.getByLabel('Item number to add').fill(adding);
    await editor.getByLabel('Quantity to add').fill('4');
    await editor.getByRole('button', { name: 'Add line' }).click();
    await editor.getByTestId(`added-${adding}`).waitFor();
    // The new total is the server's, shown before saving.
    const totals = editor.getByTestId('edit-totals');
    await expect.poll(() => textOf(totals), { timeout: 10_000 }).toMatch(/Total after these changes: \$[\d,]+\.\d\d/);
    const shown = (await textOf(totals)).match(/Total after these changes: (\$[\d,]+\.\d\d)/)![1];
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/admin-order-edit-1440.png', fullPage: true });
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await editor.waitFor({ state: 'detached' });

    const edited = await owner('GET', `/Orders/${orderNum}`);
    expect(money(edited.total)).toBe(shown);
    expect(edited.total).not.toBe(placed.total);
    expect(edited.lines).toEqual([
      expect.objectContaining({ lineNo: 1, invNum: '17060', qty: 2 }),
      expect.objectContaining({ lineNo: 2, invNum: '17061', qty: 3 }),
      expect.objectContaining({ lineNo: 3, invNum: adding, qty: 4 }),
    ]);
    await expect.poll(() => textOf(page.getByRole('region', { name: 'Totals' }))).toContain(money(edited.total));

    // The buyer's order page, on a phone: the new lines and total, and the public "edited" entry.
    const buyer = await buyerPage(browser, shop, { width: 390, height: 844 }, contexts);
    await buyer.goto(`${shop.url}/orders/${orderNum}`);
    const mine = buyer.getByRole('region', { name: 'Order totals' });
    await expect.poll(() => textOf(mine)).toContain(money(edited.total));
    expect(await buyer.getByText(adding).count()).toBeGreaterThan(0);
    expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await buyer.screenshot({ path: 'test-results/admin-order-edit-buyer-390.png', fullPage: true });

    // The buyer's mail file: one mail about the edit, with the new total.
    await expect.poll(() => mailsTo(shop.dataDir, DEMO_BUYER.username).filter((m) => m.subject === `Order ${orderNum} changed`).length, { timeout: 15_000 }).toBe(1);
    const mail = mailsTo(shop.dataDir, DEMO_BUYER.username).find((m) => m.subject === `Order ${orderNum} changed`)!;
    expect(mail.text).toContain(`Order total now: ${money(edited.total)}`);
    expect(mail.text).toContain('5 → 2');
  }, 180_000);

  it('the edit screen on a phone: no sideways scroll, no serious axe finding', async () => {
    const { orderNum } = await placeOrder(shop, [['17060', 2]], 'EDIT-PHONE');
    const page = await adminPage(browser, shop, DEMO_OWNER, { width: 390, height: 844 }, contexts);
    await page.goto(`${shop.url}/admin/orders/${orderNum}`);
    await page.getByRole('heading', { name: `Order ${orderNum}` }).waitFor();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const editor = page.getByRole('region', { name: `Edit order ${orderNum}` });
    await editor.getByLabel(/^Quantity of line 1 /).fill('3');
    await expect.poll(() => textOf(editor.getByTestId('edit-totals')), { timeout: 10_000 }).toMatch(/Total after these changes/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: 'test-results/admin-order-edit-390.png', fullPage: true });
  }, 120_000);
});
