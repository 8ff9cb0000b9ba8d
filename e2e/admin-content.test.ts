import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { adminPage, DEMO_OWNER, staffApi } from './support/admin';
import { apiAs, signInByApi } from './support/api';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * Issue 18, point 4: staff edit the About page in the back office and buyers see it on the
 * storefront; a coupon made in the back office works in a buyer's cart; the content screens have
 * no serious or critical axe violation at desktop and phone widths.
 */
let shop: RunningShop;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
});

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function check(page: Page, path: string, ready: string): Promise<void> {
  await page.goto(`${shop.url}/admin${path}`);
  await page.getByRole('heading', { name: ready, level: 1 }).waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `test-results/admin-content${path.replace(/[^a-z0-9]+/gi, '-')}${width}.png`, fullPage: true });
  expect(await seriousViolations(page), path).toEqual([]);
}

describe('content in the back office', () => {
  it('edits the About page and the storefront shows it', async () => {
    const page = await adminPage(browser, shop, DEMO_OWNER, DESKTOP, contexts);
    await page.getByRole('link', { name: 'Pages' }).click();
    await page.getByRole('link', { name: 'About Skyline Balloons' }).click();
    await page.getByRole('heading', { name: 'About Skyline Balloons', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Title' }).fill('About our balloon works');
    const text = page.getByRole('textbox', { name: 'Text (Markdown)' });
    await text.fill('Made in America since 1981.\n\n## Our promise\n\nEvery balloon **inflates to size**.\n\n<img src=x onerror="window.hacked=1">');
    // The preview is the server's rendering: the heading shows, the image with its handler does not.
    const preview = page.getByTestId('page-preview');
    await preview.getByRole('heading', { name: 'Our promise' }).waitFor();
    expect(await preview.locator('img').count()).toBe(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'About our balloon works', level: 1 }).waitFor();

    const buyer = await page.context().newPage();
    await buyer.goto(`${shop.url}/about`);
    await buyer.getByRole('heading', { name: 'About our balloon works', level: 1 }).waitFor();
    await buyer.getByRole('heading', { name: 'Our promise', level: 2 }).waitFor();
    await buyer.getByText('inflates to size').waitFor();
    expect(await buyer.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    expect(await buyer.title()).toContain('About our balloon works');
  }, 120_000);

  it('creates a coupon that a buyer can use in the cart', async () => {
    const page = await adminPage(browser, shop, DEMO_OWNER, DESKTOP, contexts);
    await page.goto(`${shop.url}/admin/coupons`);
    await page.getByRole('button', { name: 'Add a coupon' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a coupon' });
    await dialog.getByRole('textbox', { name: 'Code' }).fill('e2e20');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Twenty off for the journey');
    await dialog.getByRole('textbox', { name: 'Percent off' }).fill('20');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Edit E2E20' }).first().waitFor();

    const api = apiAs(shop, await signInByApi(shop));
    await api('POST', '/Shop/AddItem?InvNum=17060&qty=2');
    const cart = await api('POST', '/Shop/AddCoupon/E2e20');
    expect(cart.couponsApplied).toEqual([expect.objectContaining({ code: 'E2E20', applies: true })]);
    expect(cart.discount).toBeCloseTo(cart.subtotal * 0.2, 2);
  }, 120_000);

  it('imports distributors from a CSV file and Where to Buy shows them', async () => {
    const page = await adminPage(browser, shop, DEMO_OWNER, DESKTOP, contexts);
    await page.goto(`${shop.url}/admin/distributors?state=WY`);
    await page.getByText('No distributors match').waitFor();
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import distributors from CSV' });
    const csv = 'name,address,city,state,zip,latitude,longitude\nFrontier Balloons,1 Capitol Ave,Cheyenne,WY,82001,41.14,-104.82\nBad Row,1 Main St,Casper,WY,82601,95,-106.3\n';
    await dialog.locator('input[type=file]').setInputFiles({ name: 'stores.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByText('1 to add, 0 to change, 0 unchanged, 1 row in error').waitFor();
    await dialog.getByRole('cell', { name: 'Latitude must be a number from -90 to 90' }).waitFor();
    expect(await seriousViolations(page), 'import dialog with a row in error').toEqual([]);
    expect(await dialog.getByRole('button', { name: /Apply/ }).isDisabled()).toBe(true);
    await dialog.locator('input[type=file]').setInputFiles({ name: 'stores.csv', mimeType: 'text/csv', buffer: Buffer.from(csv.split('\n').slice(0, 2).join('\n')) });
    await dialog.getByText('1 to add, 0 to change, 0 unchanged, 0 rows in error').waitFor();
    await dialog.getByRole('button', { name: 'Apply 1 change' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Frontier Balloons', exact: true }).waitFor();
    const found = (await (await fetch(`${shop.url}/beapi/Distributors/Search?state=WY`)).json()) as { distributors: { name: string }[] };
    expect(found.distributors.map((d) => d.name)).toEqual(['Frontier Balloons']);
  }, 120_000);

  it('adds an item to the Winter order form and moves a page, and buyers see it', async () => {
    const owner = await staffApi(shop, DEMO_OWNER);
    const form = await owner('GET', '/OrderForms/WINTER');
    const onForm = new Set<string>(form.pages.flatMap((p: { sections: { items: { itemNum: string }[] }[] }) => p.sections.flatMap((s) => s.items.map((i) => i.itemNum))));
    const { items } = await owner('GET', '/Items?pageSize=100&status=active');
    const extra = (items as { num: string; web_Title: string }[]).find((i) => !onForm.has(i.num))!;
    const page = await adminPage(browser, shop, DEMO_OWNER, DESKTOP, contexts);
    await page.getByRole('link', { name: 'Order forms' }).click();
    await page.getByRole('link', { name: form.title }).click();
    await page.getByRole('heading', { name: 'Order form WINTER', level: 1 }).waitFor();
    const first = page.getByRole('region', { name: 'Page 1' });
    const firstSection = first.getByRole('region').first();
    await firstSection.getByPlaceholder('Item number').fill(extra.num);
    await firstSection.getByRole('button', { name: 'Add item' }).click();
    await firstSection.getByText(extra.web_Title).waitFor();
    await page.getByRole('button', { name: `Move page ${form.pages[1].title} up` }).click();
    await page.getByRole('button', { name: 'Save the order form' }).click();
    await page.getByText('Saved the order form WINTER').waitFor();

    const buyer = apiAs(shop, await signInByApi(shop));
    const seen = await buyer('GET', '/Survey/GetSurveyInfo?masterid=WINTER');
    expect(seen.pages.map((p: { title: string }) => p.title).slice(0, 2)).toEqual([form.pages[1].title, form.pages[0].title]);
    const moved = seen.pages[1].questions[0].detail.map((d: { itemnum: string }) => d.itemnum);
    expect(moved[moved.length - 1]).toBe(extra.num);
  }, 120_000);

  it('deletes an order form after confirming, and buyers can no longer open it', async () => {
    const owner = await staffApi(shop, DEMO_OWNER);
    await owner('POST', '/OrderForms', { masterId: 'CLEARANCE', title: 'Clearance order form' });
    const page = await adminPage(browser, shop, DEMO_OWNER, DESKTOP, contexts);
    await page.goto(`${shop.url}/admin/order-forms/CLEARANCE`);
    await page.getByRole('heading', { name: 'Order form CLEARANCE', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Delete the order form…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete the order form CLEARANCE?' });
    await dialog.getByRole('button', { name: 'Delete the order form' }).click();
    await page.getByRole('heading', { name: 'Order forms', level: 1 }).waitFor();
    await page.getByText('Deleted the order form CLEARANCE').waitFor();
    expect(await page.getByRole('link', { name: 'Clearance order form' }).count()).toBe(0);
    const res = await fetch(`${shop.url}/beapi/Survey/GetSurveyInfo?masterid=CLEARANCE`, { headers: { 'user-token': await signInByApi(shop) } });
    expect(res.status).toBe(404);
  }, 120_000);

  for (const viewport of [DESKTOP, PHONE]) {
    it(`has no serious axe violations on the content screens at ${viewport.width} wide`, async () => {
      const page = await adminPage(browser, shop, DEMO_OWNER, viewport, contexts);
      await check(page, '/coupons', 'Coupons');
      await page.getByRole('button', { name: 'Add a coupon' }).click();
      await page.getByRole('dialog', { name: 'Add a coupon' }).waitFor();
      expect(await seriousViolations(page), 'coupon dialog').toEqual([]);
      await check(page, '/distributors?state=CA', 'Distributors');
      await page.getByRole('button', { name: 'Add a distributor' }).click();
      await page.getByRole('dialog', { name: 'Add a distributor' }).waitFor();
      expect(await seriousViolations(page), 'distributor dialog').toEqual([]);
      await check(page, '/order-forms', 'Order forms');
      await check(page, '/order-forms/WINTER', 'Order form WINTER');
      await check(page, '/pages', 'Pages');
      await check(page, '/pages/degradability', 'Sustainability and safe balloon practices');
    }, 300_000);
  }
});
