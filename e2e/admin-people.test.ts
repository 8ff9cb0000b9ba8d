import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../src/server/platform/mail/mail-folder';
import { adminPage, DEMO_OWNER, staffApi } from './support/admin';
import { seriousViolations } from './support/axe';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * Issue 29, people: the owner corrects a customer's name, phone and billing address and sees it
 * saved; invites a staff member, who follows the mailed link, sets a password and signs in. At
 * 390 px the two forms fit the screen. One browser for the file.
 */

let shop: RunningShop;
let browser: Browser;
const contexts: BrowserContext[] = [];
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const INVITED = { email: 'ines.invited@example.com', name: 'Ines Invited', password: 'ines chose this 29' };

beforeAll(async () => {
  shop = await startShop({ OUTBOX_POLL_MS: '200' });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
});

async function demoCustomerId(): Promise<number> {
  const owner = await staffApi(shop, DEMO_OWNER);
  const list = await owner('GET', `/Customers?q=${encodeURIComponent('buyer@example.com')}`);
  return list.items[0].id as number;
}

async function mailedLink(email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const link = /http:\/\/\S+\/admin\/set-password\?token=[A-Za-z0-9_-]+/.exec(mailsTo(shop.dataDir, email).at(-1)?.text ?? '')?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no set-password mail to ${email}`);
}

/** White-on-colour contrast of a badge, from its computed colours. */
async function contrastOf(badge: Locator): Promise<number> {
  return badge.evaluate((el) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const lum = ([r, g, b]: number[]) => {
      const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
    };
    const style = getComputedStyle(el);
    const [a, b] = [lum(rgb(style.color)), lum(rgb(style.backgroundColor))];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}

/** Nothing sticks out sideways, and the open dialog fits the window. */
async function fitsWidth(page: Page): Promise<void> {
  const sizes = await page.evaluate(() => {
    const dialog = document.querySelector('[role="dialog"]')?.getBoundingClientRect();
    return { scroll: document.documentElement.scrollWidth, width: window.innerWidth, left: dialog?.left ?? 0, right: dialog?.right ?? 0 };
  });
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.width);
  expect(sizes.left).toBeGreaterThanOrEqual(0);
  expect(sizes.right).toBeLessThanOrEqual(sizes.width);
}

describe('people in the back office', () => {
  it('the owner edits a customer’s name, phone and billing address and sees it saved', async () => {
    const id = await demoCustomerId();
    const page = await adminPage(browser, shop, DEMO_OWNER, DESKTOP, contexts);
    await page.goto(`${shop.url}/admin/customers/${id}`);
    await page.getByRole('heading', { name: 'Demo Party Supply', level: 1 }).waitFor();
    // The status badge reads: white on a dark fill, not green on green.
    expect(await contrastOf(page.getByText('Active', { exact: true }).first())).toBeGreaterThanOrEqual(4.5);

    await page.getByRole('button', { name: 'Edit profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit the customer' });
    await dialog.getByLabel('First name').waitFor();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByLabel('First name').fill('Dana');
    await dialog.getByLabel('Last name').fill('Whitfield');
    await dialog.getByLabel('Day phone').fill('559-555-0142');
    await dialog.getByLabel('Address').fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // Checked like the buyer's own form, at the field, before anything is sent.
    await dialog.getByText('Please input your address').waitFor();
    await dialog.getByLabel('Address').fill('2200 Tulare St');
    await dialog.getByLabel('City').fill('Fresno');
    await dialog.getByLabel('Zip code').fill('93721');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Customer saved').waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Profile and addresses' }).waitFor();
    for (const text of ['Dana Whitfield', '2200 Tulare St', 'Fresno, CA 93721', '559-555-0142']) await page.getByText(text, { exact: true }).first().waitFor();
    const owner = await staffApi(shop, DEMO_OWNER);
    const audit = await owner('GET', `/Audit?action=customer.profile&target=customer:${id}`);
    expect(audit.items).toHaveLength(1);
  });

  it('the owner invites a staff member by mail; the member sets a password from the link and signs in', async () => {
    const page = await adminPage(browser, shop, DEMO_OWNER, DESKTOP, contexts);
    await page.getByRole('link', { name: 'Staff' }).click();
    await page.getByRole('heading', { name: 'Staff', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add a staff member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a staff member' });
    // Each role says what it allows; an invitation is the default.
    await dialog.getByText('Prints pick lists and ships orders; counts and adjusts stock; sees orders and stock.').waitFor();
    expect(await dialog.getByRole('radio', { name: 'Send an invitation' }).isChecked()).toBe(true);
    expect(await dialog.getByLabel('First password', { exact: true }).count()).toBe(0);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByLabel('Email').fill(INVITED.email);
    await dialog.getByLabel('Name').fill(INVITED.name);
    await dialog.getByRole('checkbox', { name: 'Warehouse' }).check();
    await dialog.getByRole('button', { name: 'Send the invitation' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Invited ${INVITED.name}`).waitFor();
    await page.getByRole('row').filter({ hasText: INVITED.email }).getByText('Awaiting new password').waitFor();

    const link = await mailedLink(INVITED.email);
    expect(mailsTo(shop.dataDir, INVITED.email).at(-1)?.subject).toBe('Your back-office account: set a password');
    const context = await browser.newContext({ viewport: DESKTOP });
    contexts.push(context);
    const member = await context.newPage();
    await member.goto(link);
    await member.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await member.getByLabel('New password', { exact: true }).fill(INVITED.password);
    await member.getByLabel('New password again').fill(INVITED.password);
    await member.getByRole('button', { name: 'Set password' }).click();
    await member.getByRole('heading', { name: 'Your password is set' }).waitFor();
    await member.getByRole('link', { name: 'Sign in' }).click();
    await member.waitForURL(/\/admin\/signin/);
    await member.getByLabel('Email').fill(INVITED.email);
    await member.getByRole('textbox', { name: 'Password' }).fill(INVITED.password);
    await member.getByRole('button', { name: 'Sign in' }).click();
    await member.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    // Signed in as the new member: a warehouse member has no staff screen.
    expect(await member.getByRole('link', { name: 'Staff' }).count()).toBe(0);
  });

  it('at 390 px the customer form and the staff form fit the screen', async () => {
    const id = await demoCustomerId();
    const page = await adminPage(browser, shop, DEMO_OWNER, PHONE, contexts);
    await page.goto(`${shop.url}/admin/customers/${id}`);
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await page.getByRole('dialog', { name: 'Edit the customer' }).getByLabel('Zip code').waitFor();
    await fitsWidth(page);
    await page.keyboard.press('Escape');
    await page.goto(`${shop.url}/admin/staff`);
    await page.getByRole('button', { name: 'Add a staff member' }).click();
    await page.getByRole('dialog', { name: 'Add a staff member' }).getByRole('radio', { name: 'Send an invitation' }).waitFor();
    await fitsWidth(page);
  });
});
