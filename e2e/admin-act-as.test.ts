import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACT_AS_MESSAGES } from '../src/contract/act-as-words';
import { seriousViolations } from './support/axe';
import { adminPage, DEMO_OWNER, staffApi } from './support/admin';
import { DEMO_BUYER } from './support/api';
import { buyerPage, launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * Acting for a customer (DESIGN.md §7, decision 0035): the owner opens a customer's page, clicks
 * "View the shop as this customer", and the new tab runs the storefront as that buyer with a
 * banner naming the company and the staff member; they add to the cart. The buyer's own browser
 * stays signed in throughout and sees the same cart.
 */

let shop: RunningShop;
let browser: Browser;
const contexts: BrowserContext[] = [];
const SHOTS = process.env.E2E_SHOTS_DIR;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
});


/** True when the page scrolls sideways (the banner must fit a phone). */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

describe('viewing the shop as a customer', () => {
  it('opens a tab as the buyer with a banner naming the company and the staff member; staff add to the cart; the buyer stays signed in', async () => {
    const buyer = await buyerPage(browser, shop, { width: 1280, height: 900 }, contexts);
    const owner = await staffApi(shop, DEMO_OWNER);
    const id = (await owner('GET', `/Customers?q=${encodeURIComponent(DEMO_BUYER.username)}`)).items[0].id as number;

    const staff = await adminPage(browser, shop, DEMO_OWNER, { width: 1440, height: 900 }, contexts);
    await staff.goto(`${shop.url}/admin/customers/${id}`);
    await staff.getByRole('heading', { name: 'Demo Party Supply', level: 1 }).waitFor();
    // The button fits the customer's page on a phone too.
    await staff.setViewportSize({ width: 390, height: 844 });
    await staff.getByRole('button', { name: 'View the shop as this customer' }).waitFor();
    // The layout follows the new width on its next frames.
    await expect.poll(() => scrollsSideways(staff)).toBe(false);
    if (SHOTS) await staff.screenshot({ path: `${SHOTS}/admin-customer-390.png`, fullPage: true });
    await staff.setViewportSize({ width: 1440, height: 900 });
    const [tab] = await Promise.all([staff.context().waitForEvent('page'), staff.getByRole('button', { name: 'View the shop as this customer' }).click()]);
    const banner = tab.getByTestId('acting-banner');
    await banner.getByText(ACT_AS_MESSAGES.banner('Demo Party Supply', 'Olivia Owner')).waitFor({ timeout: 15_000 });
    // The token is spent and gone from the address bar; the tab shows the buyer's account portal.
    await tab.waitForURL(/\/landingpage$/);
    expect(tab.url()).not.toContain('t=');

    // Staff add an item to the buyer's cart; the banner stays on every page.
    await tab.goto(`${shop.url}/productdetail?productNum=11001`);
    // The add is answered before the next page loads (a navigation would cut it off on a slow machine).
    const added = tab.waitForResponse((r) => r.url().includes('/beapi/Shop/AddItem') && r.request().method() === 'POST');
    await tab.getByRole('button', { name: 'Add to cart' }).click();
    expect((await added).ok()).toBe(true);
    await tab.goto(`${shop.url}/cart`);
    await tab.getByTestId('cart-line-11001').waitFor();
    await banner.getByText(/Viewing as Demo Party Supply/).waitFor();
    expect(await seriousViolations(tab)).toEqual([]);

    // Readable at 1440 and 390 px, in the page's flow above the header: it covers nothing.
    for (const width of [1440, 390]) {
      await tab.setViewportSize({ width, height: 844 });
      await banner.waitFor();
      expect(await scrollsSideways(tab), `${width} px`).toBe(false);
      const box = await banner.boundingBox();
      const header = await tab.locator('header').first().boundingBox();
      expect(box!.y).toBe(0);
      expect(header!.y).toBeGreaterThanOrEqual(box!.y + box!.height - 1);
      if (SHOTS) await tab.screenshot({ path: `${SHOTS}/act-as-${width}.png` });
    }

    // The audit log names the staff member for the customer.
    const audit = await owner('GET', `/Audit?target=${encodeURIComponent(`customer:${id}`)}`);
    const actions = audit.items.map((a: { action: string; actorName: string }) => `${a.action} ${a.actorName}`);
    expect(actions).toContain('customer.impersonate Olivia Owner');
    expect(actions).toContain('customer.act-as.request Olivia Owner for Demo Party Supply');

    // The buyer's own browser is still signed in and sees the same cart.
    await buyer.goto(`${shop.url}/cart`);
    await buyer.getByTestId('cart-line-11001').waitFor();
    await buyer.goto(`${shop.url}/account`);
    await buyer.getByText(DEMO_BUYER.username).first().waitFor();
    expect(await buyer.getByTestId('acting-banner').count()).toBe(0);

    // End signs out that tab's session only.
    await banner.getByRole('button', { name: 'End' }).click();
    await banner.getByText(ACT_AS_MESSAGES.ended('Demo Party Supply')).waitFor();
    await buyer.reload();
    await buyer.getByText(DEMO_BUYER.username).first().waitFor();
  }, 240_000);
});
