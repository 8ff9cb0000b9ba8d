import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES } from '../src/contract/admin/photos';
import { cameraJpeg } from '../src/server/catalogue/photos/test-images';
import { adminPage, DEMO_OWNER, DEMO_WAREHOUSE, placeOrder, staffApi } from './support/admin';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * Issue 29 in the item editor and on the dashboard, at 1440 and at 390 in one browser: a new
 * item gets its category's next free number, a Markdown description previewed as buyers will see
 * it (sanitised), and photos chosen before the save that go up right after it (a refused one says
 * so, with Retry, and the item stays saved). The West-only warehouse member's dashboard shows
 * West work only; the owner's shows the week's orders and sales.
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

/** Picks the option whose name holds `text` in the Mantine select labelled `label`. */
async function pick(page: Page, label: string, text: string) {
  await page.locator('input').and(page.getByLabel(new RegExp(`^${label}`))).first().click();
  await page.getByRole('option', { name: text }).first().click();
}

const MARKDOWN = 'A **shiny** orb for every party.\n\n- Helium or air\n- 18 inch\n\n<img src=x onerror="window.__xss++">';
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

describe('creating an item in one go', () => {
  for (const viewport of VIEWPORTS) {
    it(`takes its category's number, a Markdown description with a preview and a photo at ${viewport.width}`, async () => {
      const owner = await staffApi(shop, DEMO_OWNER);
      const { num: suggested } = await owner('GET', '/Items/NextNumber?category=3');
      const page = await adminPage(browser, shop, DEMO_OWNER, viewport, contexts);
      await page.addInitScript(() => ((window as unknown as { __xss: number }).__xss = 0));
      await page.goto(`${shop.url}/admin/items/new`);
      await page.getByRole('heading', { name: 'New item', level: 1 }).waitFor();

      const title = `Orbit Foil ${viewport.width}`;
      await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
      await page.getByRole('textbox', { name: 'Price ($)' }).fill('4.50');
      await page.getByRole('textbox', { name: 'SRP ($)' }).fill('8.99');
      await pick(page, 'Category', 'Foil Balloons (3)');
      // The number follows the category's range: a foil number, not the catalogue's next.
      await expect.poll(() => page.getByRole('textbox', { name: 'Item number' }).inputValue()).toBe(suggested);
      expect(suggested.startsWith('3')).toBe(true);

      await page.getByRole('textbox', { name: /^Description/ }).fill(MARKDOWN);
      await page.getByText('Preview', { exact: true }).click();
      const preview = page.getByRole('region', { name: 'Description preview' });
      await preview.locator('strong', { hasText: 'shiny' }).waitFor();
      expect(await preview.locator('li').allTextContents()).toEqual(['Helium or air', '18 inch']);
      expect(await preview.locator('img').count()).toBe(0);

      // Two photos before the item exists: a camera JPEG and a drawing the server refuses.
      const dropArea = page.getByRole('button', { name: 'Drop photos here, or choose files' });
      const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dropArea.press('Enter')]);
      await chooser.setFiles([
        { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg(1200, 900) },
        { name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>') },
      ]);
      await page.getByRole('list', { name: 'Photos to upload' }).getByText('front.jpg').waitFor();
      await page.screenshot({ path: `test-results/admin-item-new-${viewport.width}.png`, fullPage: true });

      await page.getByRole('button', { name: 'Create item' }).click();
      await page.waitForURL(new RegExp(`/admin/items/${suggested}$`));
      await page.getByRole('heading', { name: `Item ${suggested}: ${title}` }).waitFor();
      const uploads = page.getByRole('list', { name: 'Uploads' });
      await uploads.getByText('Uploaded', { exact: true }).waitFor({ timeout: 60_000 });
      await uploads.getByText(`Not uploaded: ${PHOTO_MESSAGES.svg}`).waitFor();
      await uploads.getByRole('button', { name: 'Retry logo.svg' }).waitFor();
      await expect.poll(() => page.getByRole('list', { name: 'Photos in order' }).locator('img').count()).toBe(1);
      await page.screenshot({ path: `test-results/admin-item-created-${viewport.width}.png`, fullPage: true });

      const saved = await owner('GET', `/Items/${suggested}`);
      expect(saved).toMatchObject({ web_Product_Info: MARKDOWN, productInfoFormat: 'markdown', categories: [3] });
      expect(saved.photos).toHaveLength(1);

      // The storefront shows the same sanitised description, and nothing in it runs.
      await page.goto(`${shop.url}/productdetail?categoryNum=3&productNum=${suggested}`);
      await page.locator('.product-info-html strong', { hasText: 'shiny' }).waitFor();
      expect(await page.locator('.product-info-html img').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __xss: number }).__xss)).toBe(0);
    }, 180_000);
  }
});

describe('the dashboard by role', () => {
  it('shows the West-only warehouse member West work only, at 390', async () => {
    await placeOrder(shop, [['11002', 2]]);
    const page = await adminPage(browser, shop, DEMO_WAREHOUSE, { width: 390, height: 844 }, contexts);
    await page.getByRole('heading', { name: 'Dashboard: West', level: 1 }).waitFor();
    await page.getByRole('link', { name: /^To ship West: \d+$/ }).waitFor();
    await page.getByRole('heading', { name: 'Low stock at West' }).waitFor();
    expect(await page.getByRole('link', { name: /To ship East|To accept|On hold/ }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'East' }).count()).toBe(0);
    expect(await page.getByText('Orders and sales').count()).toBe(0);
    await page.screenshot({ path: 'test-results/admin-dashboard-west-390.png', fullPage: true });
  }, 120_000);

  it('gives the owner today’s and this week’s orders and sales against last week, at 1440', async () => {
    const page = await adminPage(browser, shop, DEMO_OWNER, { width: 1440, height: 900 }, contexts);
    await page.getByRole('heading', { name: 'Orders and sales' }).waitFor();
    const today = page.getByRole('region', { name: /^Today: \d+ orders?, \$[\d,]+\.\d\d sales$/ });
    await today.waitFor();
    await today.getByText(/^Same day last week: /).waitFor();
    await page.getByRole('region', { name: /^This week: / }).getByText(/^Same days last week: /).waitFor();
    await page.getByRole('link', { name: /^To accept: \d+$/ }).waitFor();
    await page.getByRole('link', { name: /^To ship East: \d+$/ }).waitFor();
    await page.screenshot({ path: 'test-results/admin-dashboard-owner-1440.png', fullPage: true });
  }, 120_000);
});
