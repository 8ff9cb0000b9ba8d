import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../src/server/platform/mail/mail-folder';
import { adminPage, DEMO_OWNER, type StaffApi, staffApi } from './support/admin';
import { DEMO_BUYER, signInByApi } from './support/api';
import { seriousViolations } from './support/axe';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * Issue 32, back in stock (decision 0041): a buyer on a phone finds an item out of stock at both
 * warehouses, signs in from its page and asks to be told; the account lists the alert; the
 * warehouse receives units in the back office; the mail arrives (the shop's mail file) and the
 * alert has ended.
 */
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1440, height: 900 };
const ITEM = '17061';

let shop: RunningShop;
let browser: Browser;
let owner: StaffApi;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  owner = await staffApi(shop, DEMO_OWNER);
  await sellOut(ITEM);
}, 120_000);
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
});

/** Every available unit taken away at both warehouses (units held back stay held back). */
async function sellOut(invNum: string): Promise<void> {
  const stock = await owner('GET', `/Stock/${invNum}`);
  for (const warehouse of ['west', 'east'] as const) {
    const available = stock[warehouse].available as number;
    if (available > 0) await owner('POST', '/Stock/Adjust', { invNum, warehouse, delta: -available, reason: 'other' });
  }
}

async function page(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  return context.newPage();
}

const noSidewaysScroll = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const backInStockMails = () => mailsTo(shop.dataDir, DEMO_BUYER.username).filter((m) => m.subject === `Back in stock: item ${ITEM}`);

describe('back in stock', () => {
  it('a buyer subscribes on the item page, staff receive stock, the mail arrives', async () => {
    // A visitor on a phone: the item is out of stock, and the page offers to sign in for an email.
    const buyer = await page(PHONE);
    await buyer.goto(`${shop.url}/productdetail?productNum=${ITEM}`);
    const signIn = buyer.getByRole('link', { name: 'Sign in to get an email when it is back' });
    await signIn.click();
    await buyer.getByLabel(/^Email/).and(buyer.locator('input')).fill(DEMO_BUYER.username);
    await buyer.getByLabel(/^Password/).and(buyer.locator('input')).fill(DEMO_BUYER.password);
    await buyer.keyboard.press('Enter');
    // Back on the item's page, signed in.
    await buyer.waitForURL(new RegExp(`/productdetail\\?productNum=${ITEM}`));
    // The item's answer from before signing in (no price for a visitor) is not kept: the buyer's price shows.
    const price = buyer.getByText('Your price', { exact: true }).locator('xpath=following-sibling::*[1]');
    await expect.poll(() => price.textContent(), { timeout: 10_000 }).toMatch(/^\$[\d,]+\.\d\d$/);
    const notify = buyer.getByRole('button', { name: 'Notify me when back in stock' });
    await notify.click();
    await buyer.getByText('You’ll get an email when this item is back in stock.').or(buyer.getByText("You'll get an email when this item is back in stock.")).waitFor();
    // Focus moves to Stop, so a keyboard user is where the next action is.
    const stop = buyer.getByRole('button', { name: 'Stop the back-in-stock email for this item' });
    await expect.poll(() => stop.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await noSidewaysScroll(buyer)).toBe(true);
    expect(await seriousViolations(buyer), 'item page, phone').toEqual([]);
    await stop.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await buyer.screenshot({ path: 'test-results/back-in-stock-item-390.png' });

    // The account lists the alert with Stop (on a desktop).
    const desk = await page(DESK);
    await desk.addInitScript((t) => localStorage.setItem('shop.userToken', t), await buyer.evaluate(() => localStorage.getItem('shop.userToken') ?? ''));
    await desk.goto(`${shop.url}/account`);
    const alert = desk.getByTestId(`stock-alert-${ITEM}`);
    await alert.waitFor();
    await expect.poll(() => alert.getByRole('button', { name: /^Stop the alert for / }).count()).toBe(1);
    expect(await seriousViolations(desk), 'account page').toEqual([]);
    await alert.scrollIntoViewIfNeeded();
    await desk.screenshot({ path: 'test-results/back-in-stock-account-1440.png' });
    expect(backInStockMails()).toEqual([]);

    // The warehouse receives 24 units at West in the back office.
    const staff = await adminPage(browser, shop, DEMO_OWNER, DESK, contexts);
    await staff.goto(`${shop.url}/admin/stock/${ITEM}`);
    await staff.getByRole('button', { name: 'Adjust…' }).click();
    const adjust = staff.getByRole('dialog', { name: `Adjust stock of ${ITEM}` });
    await adjust.getByLabel('Units to add').fill('24');
    await adjust.getByRole('button', { name: 'Add units' }).click();
    await adjust.waitFor({ state: 'hidden' });

    // The mail arrives, once, with a link to the item.
    await expect.poll(() => backInStockMails().length, { timeout: 20_000 }).toBe(1);
    const mail = backInStockMails()[0]!;
    expect(mail.text).toContain(`/productdetail?productNum=${ITEM}`);
    // The alert has ended: the account no longer lists it, and the item page offers Add to cart again.
    await desk.reload();
    await desk.getByText('No alerts waiting.').waitFor();
    await buyer.reload();
    await buyer.getByRole('button', { name: 'Add to cart' }).waitFor();
    expect(await buyer.getByTestId('notify-me').count()).toBe(0);
    await new Promise((r) => setTimeout(r, 1500));
    expect(backInStockMails()).toHaveLength(1);
  });

  it('shows the button side by side at 1440 px', async () => {
    await sellOut('17060');
    const desk = await page(DESK);
    await desk.addInitScript((t) => localStorage.setItem('shop.userToken', t), await signInByApi(shop));
    await desk.goto(`${shop.url}/productdetail?productNum=17060`);
    await desk.getByRole('button', { name: 'Notify me when back in stock' }).waitFor();
    expect(await seriousViolations(desk), 'item page, desktop').toEqual([]);
    await desk.screenshot({ path: 'test-results/back-in-stock-item-1440.png' });
  });
});
