import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_STATUS_MESSAGES } from '../src/contract/account-status';
import { mailsTo } from '../src/server/platform/mail/mail-folder';
import { seriousViolations } from './support/axe';
import { adminPage, DEMO_OWNER, staffApi } from './support/admin';
import { buyerPage, launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * The customers desk (issue 19, point 1): with SIGNUP_APPROVAL=on a new buyer sees "awaiting
 * approval" where prices would be; staff approve in the back office; the buyer then sees prices
 * and has the approval mail. The list and the customer's page have no serious axe violation.
 */

let shop: RunningShop;
let browser: Browser;
const contexts: BrowserContext[] = [];
const email = `approve.me.${Date.now().toString(36)}@example.com`;
const password = 'balloons-buyer-1';

beforeAll(async () => {
  shop = await startShop({ SIGNUP_APPROVAL: 'on' });
  browser = await launchBrowser();
  const res = await fetch(`${shop.url}/beapi/Customer/NewAccount`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      orgName: 'Waiting Balloons', firstName: 'Wren', lastName: 'Hale', country: 'US', addressLine1: '1 Main St', city: 'Fresno', state: 'CA', zip: '93706',
      dayPhone: '559-555-0100', email, password, reenterPassword: password, securityQuestion: 'What city were you born in?', securityQuestionAnswer: 'Fresno',
    }),
  });
  expect(res.status).toBe(201);
}, 120_000);
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
});


async function customerId(): Promise<number> {
  const owner = await staffApi(shop, DEMO_OWNER);
  const list = await owner('GET', `/Customers?q=${encodeURIComponent(email)}`);
  return list.items[0].id as number;
}

describe('approving a new account', () => {
  it('shows the buyer "awaiting approval" instead of prices until staff approve it, then prices and the mail', async () => {
    const buyer = await buyerPage(browser, shop, { width: 1280, height: 900 }, contexts, { username: email, password });
    await buyer.goto(`${shop.url}/productdetail?productNum=11001`);
    await buyer.getByRole('status').getByText(ACCOUNT_STATUS_MESSAGES.pending).waitFor({ timeout: 15_000 });
    expect(await buyer.getByText('Your price').count()).toBe(0);
    expect(await buyer.getByTestId('account-status').count()).toBe(2);
    await buyer.goto(`${shop.url}/cart`);
    await buyer.getByTestId('account-status').first().waitFor();
    expect(await seriousViolations(buyer)).toEqual([]);

    const staff = await adminPage(browser, shop, DEMO_OWNER, { width: 1440, height: 900 }, contexts);
    await staff.getByRole('link', { name: 'Customers' }).first().click();
    await staff.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    await staff.getByRole('textbox', { name: 'Search' }).fill('waiting balloons');
    await staff.getByRole('button', { name: 'Search' }).click();
    await staff.waitForURL(/q=waiting/);
    await staff.getByRole('link', { name: 'Waiting Balloons' }).click();
    await staff.getByRole('heading', { name: 'Waiting Balloons', level: 1 }).waitFor();
    await staff.getByText('Awaiting approval').first().waitFor();
    await staff.getByRole('button', { name: 'Approve' }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByText(/will see prices/).waitFor();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.waitFor({ state: 'detached' });
    await staff.getByText('Active', { exact: true }).first().waitFor();

    await buyer.goto(`${shop.url}/productdetail?productNum=11001`);
    await buyer.getByText('Your price').waitFor({ timeout: 15_000 });
    expect(await buyer.getByTestId('account-status').count()).toBe(0);
    await expect.poll(() => mailsTo(shop.dataDir, email).map((m) => m.subject), { timeout: 10_000 }).toContain('Your account is approved');
  }, 180_000);
});

describe('the customers desk is accessible', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`has no serious violations on the list and a customer's page at ${viewport.width}×${viewport.height}`, async () => {
      const id = await customerId();
      const owner = await staffApi(shop, DEMO_OWNER);
      await owner('POST', `/Customers/${id}/Notes`, { text: 'Prefers calls in the morning' });
      const page = await adminPage(browser, shop, DEMO_OWNER, viewport, contexts);
      await page.goto(`${shop.url}/admin/customers?status=active`);
      await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Waiting Balloons' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page), 'list').toEqual([]);
      await page.goto(`${shop.url}/admin/customers/${id}`);
      await page.getByText('Prefers calls in the morning').first().waitFor();
      expect(await seriousViolations(page), 'detail').toEqual([]);
      await page.getByRole('button', { name: 'Suspend…' }).click();
      await page.getByRole('dialog').waitFor();
      expect(await seriousViolations(page), 'suspend dialog').toEqual([]);
    }, 180_000);
  }
});
