import PDFDocument from 'pdfkit';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPage, DEMO_OWNER } from './support/admin';
import { apiAs, signInByApi } from './support/api';
import { seriousViolations } from './support/axe';
import { buyerPage, launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * Issue 31, resale certificates (DESIGN.md §7; decision 0042): a California buyer uploads a
 * certificate on the account page (on a phone), staff accept it in the back office's queue, and
 * the buyer's next checkout review shows the sales tax as exempt.
 */
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1440, height: 900 };
const SHOTS = process.env.SHOP_SCREENSHOTS;

let shop: RunningShop;
let browser: Browser;
const contexts: BrowserContext[] = [];
const buyer = { username: `resale.${process.pid}@example.com`, password: 'balloons123' };

/** A one-page PDF, drawn with the library the shop's own documents use. */
function certificatePdf(): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'LETTER' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.fontSize(18).text('California Resale Certificate');
    doc.fontSize(11).text('Seller\'s permit SR-FAA-123456. Purchases for resale in the regular course of business.');
    doc.end();
  });
}

const shot = async (p: Page, name: string) => {
  if (SHOTS) await p.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const noSidewaysScroll = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

beforeAll(async () => {
  shop = await startShop({ TAX_NEXUS_STATES: 'CA,AL' });
  browser = await launchBrowser();
  const signUp = await fetch(`${shop.url}/beapi/Customer/NewAccount`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      orgName: 'Fresno Party Resale',
      firstName: 'Rosa',
      lastName: 'Reseller',
      country: 'US',
      addressLine1: '1 Main St',
      city: 'Fresno',
      state: 'CA',
      zip: '93706',
      dayPhone: '559-555-0100',
      email: buyer.username,
      password: buyer.password,
      reenterPassword: buyer.password,
      securityQuestion: 'First pet?',
      securityQuestionAnswer: 'Rex',
    }),
  });
  expect(signUp.status).toBe(201);
  const api = apiAs(shop, await signInByApi(shop, buyer));
  const cart = await api('POST', '/Shop/AddItem?invNum=17061&qty=12');
  expect(cart.taxBasis).toBe('taxable');
  expect(cart.tax).toBeGreaterThan(0);
}, 120_000);
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
});

describe('a resale certificate', () => {
  it('the buyer uploads it, staff accept it, the checkout review shows the tax as exempt', async () => {
    // The buyer, on a phone: the checkout review charges California's tax.
    const page = await buyerPage(browser, shop, PHONE, contexts, buyer);
    await page.goto(`${shop.url}/checkout`);
    // The row of the review's Sales tax line: its label and its value.
    const salesTax = page.getByTestId('review-sales-tax').locator('..');
    await expect.poll(() => salesTax.innerText()).toMatch(/Sales tax \(7\.25%\)\s*\$\d/);

    // The account page's Tax exemption section.
    await page.goto(`${shop.url}/account`);
    const section = page.getByRole('region', { name: 'Tax exemption' });
    await section.getByText('No certificates on file.').waitFor();
    const form = section.getByRole('form', { name: 'Upload a tax certificate' });
    // Sent without a file: the sentence names the field.
    await form.getByLabel('Certificate number').fill('SR-FAA-123456');
    await form.getByLabel('Issuing state').selectOption('CA');
    const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel('Expiry date').fill(nextYear);
    await form.getByRole('button', { name: 'Upload certificate' }).click();
    await form.getByRole('alert').getByText(/File is required/).waitFor();
    await form.getByLabel(/^File/).setInputFiles({ name: 'resale-certificate.pdf', mimeType: 'application/pdf', buffer: await certificatePdf() });
    await form.getByRole('button', { name: 'Upload certificate' }).click();
    const line = section.getByRole('listitem').filter({ hasText: 'SR-FAA-123456' });
    await line.getByText('Waiting for review').waitFor();
    await line.getByText('California').waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    if (SHOTS) await section.screenshot({ path: `${SHOTS}/account-tax-exemption-section-390.png` });

    // Staff: the queue in the navigation, the file, Accept.
    const desk = await adminPage(browser, shop, DEMO_OWNER, DESK, contexts);
    await desk.getByRole('link', { name: 'Tax certificates' }).click();
    await desk.getByRole('heading', { name: 'Tax certificates', level: 1 }).waitFor();
    const row = desk.getByRole('listitem', { name: 'Certificate SR-FAA-123456' });
    await row.getByText('Fresno Party Resale').waitFor();
    const fileHref = await row.getByRole('link', { name: 'View file of certificate SR-FAA-123456' }).getAttribute('href');
    const file = await desk.request.get(`${shop.url}${fileHref}`);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await shot(desk, 'admin-tax-certificates-1440');
    if (SHOTS) {
      const phone = await adminPage(browser, shop, DEMO_OWNER, PHONE, contexts);
      await phone.goto(`${shop.url}/admin/tax-certificates`);
      await phone.getByRole('listitem', { name: 'Certificate SR-FAA-123456' }).waitFor();
      expect(await noSidewaysScroll(phone)).toBe(true);
      await shot(phone, 'admin-tax-certificates-390');
    }
    await row.getByRole('button', { name: 'Accept' }).click();
    await desk.getByText('Certificate SR-FAA-123456 is accepted: orders shipped to CA are tax-exempt').waitFor();
    await desk.getByText('No certificates waiting for review.').waitFor();
    // The customer's page has the certificate in its panel.
    await row.waitFor({ state: 'detached' });
    await desk.getByRole('link', { name: 'Customers' }).click();
    await desk.goto(`${shop.url}/admin/customers?q=${encodeURIComponent(buyer.username)}`);
    await desk.getByRole('link', { name: 'Fresno Party Resale' }).first().click();
    const panel = desk.getByRole('listitem', { name: 'Certificate SR-FAA-123456' });
    await panel.getByText('Accepted').waitFor();
    await shot(desk, 'admin-customer-1440');

    // The buyer's account says so, and the next checkout review shows the tax as exempt.
    await page.reload();
    await section.getByRole('listitem').filter({ hasText: 'SR-FAA-123456' }).getByText('Accepted').waitFor();
    await page.goto(`${shop.url}/checkout`);
    await expect.poll(() => salesTax.innerText()).toMatch(/^Sales tax\s*Exempt$/);
    await shot(page, 'checkout-exempt-390');
    const cart = await apiAs(shop, await signInByApi(shop, buyer))('GET', '/Shop/GetShoppingCart');
    expect(cart).toMatchObject({ taxBasis: 'exempt', tax: 0 });
  });
});
