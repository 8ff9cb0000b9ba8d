import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../src/server/platform/pdf/pdf-text';
import { adminPage, DEMO_OWNER, DEMO_WAREHOUSE, placeOrder, type StaffApi, staffApi } from './support/admin';
import { buyerPage, launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * Issue 31 (decision 0042), in Chromium: the demo buyer (billed in Fresno, California) checks out
 * in a shop with the default nexus CA,AL, so the order is taxed at California's 7.25 %; West
 * warehouse staff ship it in the back office; the buyer downloads the invoice PDF from the order
 * page, and it shows the sales tax line with the order's tax and a total that includes it.
 */
let shop: RunningShop;
let browser: Browser;
let owner: StaffApi;
const contexts: BrowserContext[] = [];
const DESKTOP = { width: 1440, height: 900 };

beforeAll(async () => {
  // The default configuration: TAX_NEXUS_STATES is CA,AL.
  shop = await startShop();
  browser = await launchBrowser();
  owner = await staffApi(shop, DEMO_OWNER);
}, 120_000);
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
});

/** Dollars as the PDFs print them: "$1,234.50". */
const usd = (dollars: number) => `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('sales tax on the invoice', () => {
  it('a California order shipped in the back office: the invoice PDF the buyer downloads shows the tax and a total that includes it', async () => {
    const { orderNum } = await placeOrder(shop, [['17060', 3]], 'TAX-E2E');
    const placed = await owner('GET', `/Orders/${orderNum}`);
    expect(placed).toMatchObject({ taxBasis: 'taxable', taxRate: 7.25 });
    expect(placed.tax).toBeGreaterThan(0);
    expect(placed.lines.every((l: { openWest: number; qty: number }) => l.openWest === l.qty), 'the demo buyer ships from West, all in stock').toBe(true);
    await owner('POST', `/Orders/${orderNum}/Accept`, {}, { 'if-match': String(placed.version) });

    // West warehouse staff ship the whole order from the order page.
    const page = await adminPage(browser, shop, DEMO_WAREHOUSE, DESKTOP, contexts);
    await page.goto(`${shop.url}/admin/orders/${orderNum}`);
    await page.getByRole('heading', { name: `Order ${orderNum}` }).waitFor();
    await page.getByRole('button', { name: 'Ship' }).click();
    const dialog = page.getByRole('dialog', { name: `Ship order ${orderNum}` });
    for (const l of placed.lines) await dialog.getByLabel(`Units of line ${l.lineNo} (${l.invNum}) to ship`).fill(String(l.qty));
    await dialog.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await dialog.getByRole('button', { name: 'Ship' }).click();
    await expect.poll(() => dialog.getByText(/Shipment \d+ created/).count(), { timeout: 15_000 }).toBe(1);
    await dialog.getByRole('button', { name: 'Done' }).click();

    const shipped = await owner('GET', `/Orders/${orderNum}`);
    expect(shipped.invoices).toHaveLength(1);
    const invoice = shipped.invoices[0] as { invoiceNum: number; total: number };
    // One invoice bills the whole order: its total is the order's, tax included.
    expect(invoice.total).toBe(placed.total);

    // The buyer downloads it from the order page.
    const buyer = await buyerPage(browser, shop, DESKTOP, contexts);
    await buyer.goto(`${shop.url}/orders/${orderNum}`);
    const download = buyer.waitForEvent('download');
    await buyer.getByRole('button', { name: `Download invoice ${invoice.invoiceNum} (PDF)` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`invoice-${invoice.invoiceNum}.pdf`);
    const text = (await pdfText(readFileSync((await file.path())!))).text.replace(/\s+/g, ' ');
    expect(text).toContain(`Shipping ${usd(placed.shipping)} Sales tax (7.25 %) ${usd(placed.tax)} Total due ${usd(invoice.total)}`);
    // Subtotal − discount + shipping + tax = the total due, to the cent.
    const cents = (d: number) => Math.round(d * 100);
    expect(cents(placed.subtotal) - cents(placed.discount) + cents(placed.shipping) + cents(placed.tax)).toBe(cents(invoice.total));
  }, 180_000);
});
