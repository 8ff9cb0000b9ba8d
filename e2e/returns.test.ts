import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../src/server/platform/pdf/pdf-text';
import { money } from '../src/web/components/money';
import { adminPage, DEMO_OWNER, placeOrder, type StaffApi, staffApi } from './support/admin';
import { type Api, apiAs } from './support/api';
import { seriousViolations } from './support/axe';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * Issue 30, returns and credit memos: a buyer on a phone asks to return two units of a shipped
 * line, with a photo of what arrived; the order desk on a desktop sees the photo, approves the
 * return and receives it back to stock; the buyer's account then shows the return received, its
 * photo, its credit memo (a PDF) and a balance lower by the credit.
 */
const PHONE = { width: 390, height: 844 };
const DESK = { width: 1440, height: 900 };
const ITEM = '17060';

let shop: RunningShop;
let browser: Browser;
let owner: StaffApi;
let buyerApi: Api;
let token: string;
let orderNum: number;
const contexts: BrowserContext[] = [];

/** Accepts the order and ships everything open, from each warehouse that holds some. */
async function acceptAndShip(n: number): Promise<void> {
  await owner('POST', `/Orders/${n}/Accept`, {});
  for (const warehouse of ['west', 'east'] as const) {
    const o = await owner('GET', `/Orders/${n}`);
    if (o.lines.some((l: { openWest: number; openEast: number }) => (warehouse === 'west' ? l.openWest : l.openEast) > 0)) {
      await owner('POST', `/Orders/${n}/Ship`, { warehouse, carrier: 'ups', trackingNumber: '1Z999AA10123456784' });
    }
  }
}

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  owner = await staffApi(shop, DEMO_OWNER);
  ({ orderNum, token } = await placeOrder(shop, [
    [ITEM, 4],
    ['17061', 2],
  ], 'RETURN-ME'));
  buyerApi = apiAs(shop, token);
  await acceptAndShip(orderNum);
}, 120_000);
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
});

async function buyerPhone(): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  contexts.push(context);
  await context.addInitScript((t) => localStorage.setItem('shop.userToken', t), token);
  return context.newPage();
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('a return, from the buyer’s phone to the credit memo', () => {
  it('is requested on a phone, approved and received back to stock at the desk, and credited on the buyer’s account', async () => {
    const order = await buyerApi('GET', `/Shop/GetOrder/${orderNum}`);
    const unitPrice: number = order.lines.find((l: { invNum: string }) => l.invNum === ITEM).price;
    const credit = Math.round(2 * unitPrice * 100) / 100;
    const dueBefore: number = (await buyerApi('GET', '/Shop/GetCreditSummary')).invoicedDue;
    const stockBefore = await owner('GET', `/Stock/${ITEM}`);

    // The buyer, on a phone: the shipped order offers Return items.
    const buyer = await buyerPhone();
    await buyer.goto(`${shop.url}/orders/${orderNum}`);
    await buyer.getByRole('heading', { name: `Order ${orderNum}` }).waitFor();
    await buyer.getByRole('link', { name: 'Return items' }).click();
    await buyer.getByRole('heading', { name: `Return items from order ${orderNum}` }).waitFor();
    const line = buyer.getByTestId(`return-line-${ITEM}`);
    await line.getByText('Shipped 4 · you can return 4').waitFor();
    expect(await noSidewaysScroll(buyer), 'return form at 390 px').toBe(true);
    expect(await seriousViolations(buyer), 'return form').toEqual([]);

    // Asking for more than shipped is held back by the form; two damaged units go.
    await line.locator('input').and(line.getByLabel(/^Units to return of/)).fill('2');
    await buyer.getByRole('button', { name: 'Request return' }).click();
    await buyer.getByText(`Choose a reason for returning ${ITEM}.`).waitFor();
    await line.locator('input').and(line.getByLabel(/^Reason for returning/)).click();
    await buyer.getByRole('option', { name: 'Arrived damaged' }).click();
    await buyer.locator('textarea').and(buyer.getByLabel(/^Note/)).fill('Two arrived popped in the box.');
    // A photo of the popped balloons, picked before sending: shown as a thumbnail, sent after the return has its number.
    const photoFile = join(mkdtempSync(join(tmpdir(), 'return-photo-')), 'popped.jpg');
    await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c0392b' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'TestPhone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 46/1 30/1' } })
      .toFile(photoFile);
    await buyer.getByLabel('Add photos (optional)').setInputFiles(photoFile);
    await buyer.getByRole('img', { name: 'Photo 1: popped.jpg' }).waitFor();
    expect(await noSidewaysScroll(buyer), 'return form with a photo at 390 px').toBe(true);
    expect(await seriousViolations(buyer), 'return form with a photo').toEqual([]);
    await buyer.screenshot({ path: 'test-results/returns-photo-picked-390.png', fullPage: true });
    await buyer.getByRole('button', { name: 'Request return' }).click();
    const done = buyer.getByRole('status').filter({ hasText: 'Return requested' });
    await done.waitFor();
    const rmaNum = Number(await done.getByTestId('rma-number').textContent());
    expect(rmaNum).toBeGreaterThan(0);
    await done.getByText('Requested', { exact: true }).waitFor();
    await done.getByText('1 photo added.').waitFor();
    await done.getByRole('img', { name: `Photo 1 of return ${rmaNum}` }).waitFor();
    expect(await noSidewaysScroll(buyer), 'return requested with a photo at 390 px').toBe(true);
    await buyer.screenshot({ path: 'test-results/returns-requested-390.png', fullPage: true });

    // The order page lists the return, and what is left to return.
    await done.getByRole('link', { name: `Back to order ${orderNum}` }).click();
    const listed = buyer.getByTestId(`return-${rmaNum}`);
    await listed.getByText(`2 × ${ITEM}`, { exact: false }).waitFor();
    await listed.getByText('We are looking at your request.').waitFor();

    // The desk, on a desktop: the Returns screen, then the return's page.
    const desk = await adminPage(browser, shop, DEMO_OWNER, DESK, contexts);
    await desk.getByRole('link', { name: 'Returns', exact: true }).click();
    await desk.getByRole('heading', { name: 'Returns', level: 1 }).waitFor();
    await desk.getByRole('link', { name: String(rmaNum), exact: true }).click();
    await desk.getByRole('heading', { name: `Return ${rmaNum}` }).waitFor();
    await desk.getByText('To approve or reject').waitFor();
    await desk.getByText('Buyer’s note: “Two arrived popped in the box.”').waitFor();
    // The buyer's photo as a thumbnail that opens full size: an upright JPEG without the phone's metadata.
    const photos = desk.getByRole('region', { name: 'Photos from the buyer (1)' });
    const thumb = photos.getByRole('img', { name: `Photo 1 of return ${rmaNum}` });
    await thumb.waitFor();
    expect(await thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1200);
    const fullHref = await photos.getByRole('link', { name: `Photo 1 of return ${rmaNum}, full size` }).getAttribute('href');
    const full = await desk.context().request.get(`${shop.url}${fullHref}`);
    expect(full.status()).toBe(200);
    expect(full.headers()['content-type']).toBe('image/jpeg');
    expect((await sharp(await full.body()).metadata()).exif).toBeUndefined();
    await desk.getByRole('button', { name: 'Approve' }).click();
    await desk.getByRole('dialog', { name: `Approve return ${rmaNum}` }).getByRole('button', { name: 'Approve' }).click();
    await desk.getByText('To receive when it arrives').waitFor();

    await desk.getByRole('button', { name: 'Receive…' }).click();
    const receive = desk.getByRole('dialog', { name: `Receive return ${rmaNum}` });
    await receive.getByRole('radio', { name: 'West (Fresno)' }).check();
    expect(await receive.locator('input').and(receive.getByLabel(/back to stock$/)).inputValue()).toBe('2');
    await receive.getByText(`Merchandise to credit: ${money(credit)}`, { exact: false }).waitFor();
    expect(await seriousViolations(desk), 'receive dialog').toEqual([]);
    await receive.getByRole('button', { name: 'Receive and credit' }).click();
    await receive.waitFor({ state: 'detached' });
    const memoHeading = desk.getByRole('heading', { name: /^Credit memo \d+$/ });
    await memoHeading.waitFor();
    const creditMemoNum = Number((await memoHeading.textContent())!.replace(/\D/g, ''));
    await desk.locator('[data-status="received"]').first().waitFor();
    await desk.getByRole('region', { name: `Credit memo ${creditMemoNum}` }).getByText(money(credit)).first().waitFor();
    await desk.screenshot({ path: 'test-results/returns-received-1440.png', fullPage: true });

    // The slip and the credit memo are PDFs (the desk's cookie session).
    for (const name of ['Return slip (PDF)', `Credit memo ${creditMemoNum} (PDF)`]) {
      const href = await desk.getByRole('link', { name }).getAttribute('href');
      const pdf = await desk.context().request.get(`${shop.url}${href}`);
      expect(pdf.status(), name).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    }

    // The order page links its returns.
    await desk.goto(`${shop.url}/admin/orders/${orderNum}`);
    await desk.getByRole('link', { name: `Return ${rmaNum}` }).waitFor();

    // Back to stock at West: two more units to sell.
    const stockAfter = await owner('GET', `/Stock/${ITEM}`);
    expect(stockAfter.west.available).toBe(stockBefore.west.available + 2);

    // The buyer's account: the return received, its credit memo, a lower balance.
    await buyer.goto(`${shop.url}/account`);
    const returns = buyer.getByRole('region', { name: 'Returns and credits' });
    const entry = returns.getByTestId(`return-${rmaNum}`);
    await entry.getByText('Received', { exact: true }).waitFor();
    // The demo buyer ships to California: the memo credits the units and their sales tax at the order's 7.25 % (decision 0042).
    const credited = (await owner('GET', `/Returns/${rmaNum}`)).creditMemo;
    expect(credited).toMatchObject({ subtotal: credit, tax: Math.floor(Math.round(credit * 100) * 0.0725 + 0.5) / 100 });
    const creditTotal = (Math.round(credit * 100) + Math.round(credited.tax * 100)) / 100;
    expect(credited.total).toBe(creditTotal);
    await entry.getByText(`Received: credit memo ${creditMemoNum} for ${money(creditTotal)}.`).waitFor();
    await entry.getByText('1 photo', { exact: true }).waitFor();
    await entry.getByRole('img', { name: `Photo 1 of return ${rmaNum}` }).waitFor();
    const memo = returns.getByTestId(`credit-memo-${creditMemoNum}`);
    await memo.getByText(`Credit memo ${creditMemoNum}`).waitFor();
    await memo.getByText(new RegExp(`return ${rmaNum} · order ${orderNum} · ${money(creditTotal).replace('$', '\\$')}`)).waitFor();
    const terms = buyer.getByRole('region', { name: 'Terms and credit' });
    await terms.getByText(money(Math.round((dueBefore - creditTotal) * 100) / 100), { exact: true }).first().waitFor();
    expect(await noSidewaysScroll(buyer), 'account at 390 px').toBe(true);
    expect(await seriousViolations(buyer), 'account with returns').toEqual([]);
    await buyer.screenshot({ path: 'test-results/returns-account-390.png', fullPage: true });

    // The credit memo's PDF, as the buyer downloads it: a PDF with its number and amount.
    const download = buyer.waitForEvent('download');
    await memo.getByRole('button', { name: `Download credit memo ${creditMemoNum} (PDF)` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`credit-memo-${creditMemoNum}.pdf`);
    const bytes = readFileSync((await file.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(bytes)).text;
    expect(text).toContain(String(creditMemoNum));
    expect(text).toContain(money(credit).replace('$', ''));
  }, 240_000);
});
