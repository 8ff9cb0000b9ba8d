import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../src/server/platform/pdf/pdf-text';
import { seriousViolations } from './support/axe';
import { adminPage, DEMO_OWNER, placeOrder, type StaffApi, staffApi } from './support/admin';
import { DEMO_BUYER } from './support/api';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * Terms, credit and payments (issue 19, points 3 and 4): an order over the credit limit lands on
 * hold "credit limit" on the order desk; staff record the payment of a shipped order's invoice and
 * the order is closed; the statement is a PDF with the customer's name; the buyer sees terms,
 * available credit and open invoices in the account.
 */
let shop: RunningShop;
let browser: Browser;
let owner: StaffApi;
let customerId: number;
let orgName: string;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  owner = await staffApi(shop, DEMO_OWNER);
  const found = await owner('GET', `/Customers?q=${encodeURIComponent(DEMO_BUYER.username)}`);
  customerId = found.items[0].id;
  orgName = found.items[0].orgName;
}, 120_000);
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
});

/** Accepts and ships the whole order (from wherever its units are); answers its invoices. */
async function shipAll(orderNum: number): Promise<number[]> {
  const invoices: number[] = [];
  for (const warehouse of ['west', 'east'] as const) {
    const o = await owner('GET', `/Orders/${orderNum}`);
    if (o.statusCode === 'received') await owner('POST', `/Orders/${orderNum}/Accept`);
    if (o.lines.some((l: { openWest: number; openEast: number }) => (warehouse === 'west' ? l.openWest : l.openEast) > 0)) {
      invoices.push((await owner('POST', `/Orders/${orderNum}/Ship`, { warehouse, carrier: 'ups', trackingNumber: '1Z999AA10123456784' })).invoiceNum);
    }
  }
  return invoices;
}

describe('terms, credit and payments', () => {
  it('holds an order over the credit limit, closes a shipped order once its invoice is paid, and gives a statement', async () => {
    await owner('PUT', `/Customers/${customerId}`, { creditLimit: 20 });
    const { orderNum: held } = await placeOrder(shop, [['17060', 30]], 'OVER-LIMIT');
    await owner('PUT', `/Customers/${customerId}`, { creditLimit: 10_000 });

    const page: Page = await adminPage(browser, shop, DEMO_OWNER, { width: 1440, height: 900 }, contexts);
    await page.goto(`${shop.url}/admin/orders/${held}`);
    await page.getByRole('heading', { name: `Order ${held}` }).waitFor();
    await page.getByText('On hold: credit limit').waitFor();

    const { orderNum } = await placeOrder(shop, [['17060', 2]], 'PAY-ME');
    const [invoiceNum] = await shipAll(orderNum);
    await page.goto(`${shop.url}/admin/customers/${customerId}`);
    await page.getByRole('heading', { name: orgName, level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Invoices' }).getByText(String(invoiceNum)).waitFor();
    await page.getByRole('button', { name: 'Record payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record payment' });
    await dialog.getByLabel('Amount ($)').waitFor();
    expect(await seriousViolations(page, '[role=dialog]'), 'record payment dialog').toEqual([]);
    const open = (await owner('GET', `/Customers/${customerId}`)).account.openInvoices.find((i: { invoiceNum: number }) => i.invoiceNum === invoiceNum).open as number;
    await dialog.getByLabel('Amount ($)').fill(String(open));
    await dialog.getByLabel('Reference').fill('CHQ-4471');
    // Prefilled oldest first: the whole amount goes to the one open invoice.
    await expect.poll(async () => Number(await dialog.getByLabel(`Apply to invoice ${invoiceNum}`).inputValue())).toBe(open);
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Payments' }).getByText('CHQ-4471').waitFor();
    await page.screenshot({ path: 'test-results/admin-money-1440.png', fullPage: true });

    await page.goto(`${shop.url}/admin/orders/${orderNum}`);
    await page.getByRole('heading', { name: `Order ${orderNum}` }).waitFor();
    await page.getByText('Closed', { exact: true }).first().waitFor();

    await page.goto(`${shop.url}/admin/customers/${customerId}`);
    await page.getByRole('table', { name: 'Payments' }).waitFor();
    expect(await seriousViolations(page), 'customer page with money').toEqual([]);
    const link = page.getByRole('link', { name: 'Statement (PDF)' });
    const href = await link.getAttribute('href');
    expect(href).toBe(`/beapi/Admin/Customers/${customerId}/Statement.pdf`);
    const pdf = await page.context().request.get(`${shop.url}${href}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    const text = (await pdfText(await pdf.body())).text;
    expect(text).toContain('STATEMENT');
    expect(text).toContain(orgName);

    await page.goto(`${shop.url}/admin/payments`);
    await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Payments' }).getByText('CHQ-4471').waitFor();
  }, 180_000);

  it('shows the buyer their terms, available credit and open invoices', async () => {
    const { orderNum } = await placeOrder(shop, [['17061', 1]], 'OPEN-INV');
    const [invoiceNum] = await shipAll(orderNum);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const buyer = await context.newPage();
    await buyer.goto(`${shop.url}/signin`);
    await buyer.getByLabel(/^Email/).and(buyer.locator('input')).fill(DEMO_BUYER.username);
    await buyer.getByLabel(/^Password/).and(buyer.locator('input')).fill(DEMO_BUYER.password);
    await buyer.keyboard.press('Enter');
    await buyer.getByText('Signin Successful').first().waitFor();
    await buyer.goto(`${shop.url}/account`);
    const section = buyer.getByRole('region', { name: 'Terms and credit' });
    await section.getByText('Net 30').waitFor();
    await section.getByText('Available credit').waitFor();
    await section.getByText('$10,000.00').waitFor();
    await section.getByRole('button', { name: `Invoice ${invoiceNum} (PDF)` }).waitFor();
    expect(await seriousViolations(buyer), 'account page').toEqual([]);
    const download = buyer.waitForEvent('download');
    await section.getByRole('button', { name: 'Download statement (PDF)' }).click();
    expect((await download).suggestedFilename()).toMatch(/^statement-.*\.pdf$/);
  }, 180_000);
});
