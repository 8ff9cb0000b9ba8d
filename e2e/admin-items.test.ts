import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MESSAGES } from '../src/contract/admin/photos';
import { cameraJpeg } from '../src/server/catalogue/photos/test-images';
import { adminPage, DEMO_OWNER, staffApi } from './support/admin';
import { DEMO_BUYER, signInByApi } from './support/api';
import { seriousViolations } from './support/axe';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * Issue 18 in the back office: a catalogue manager creates an item with two photos, puts it in a
 * tree category and an NV collection, and a buyer finds it on the storefront with its photo. An
 * SVG is refused with the server's message beside it. The list and the editor pass axe on a
 * desktop and a phone.
 */
let shop: RunningShop;
let browser: Browser;
const contexts: BrowserContext[] = [];
const TITLE = 'Zephyrine Orbit Balloon';

type Category = { num: number; description: string };
const storefrontGet = async (path: string) => (await fetch(`${shop.url}/beapi${path}`)).json() as Promise<Category[]>;

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

describe('the item screens', () => {
  let num = '';

  it('create an item with two photos in a category and a collection; a buyer finds it with its photo', async () => {
    const [main] = await storefrontGet('/Categories/GetMainCategories');
    const [child] = await storefrontGet(`/Categories/GetChildCategories?parentCategory=${main!.num}`);
    const tree = child ?? main!;
    const [collection] = await storefrontGet('/Categories/GetNVCategories');

    const page = await adminPage(browser, shop, DEMO_OWNER, { width: 1440, height: 900 }, contexts);
    await page.getByRole('link', { name: 'Items' }).click();
    await page.getByRole('heading', { name: 'Items', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'New item' }).click();
    await page.getByRole('heading', { name: 'New item', level: 1 }).waitFor();

    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(TITLE);
    await page.getByRole('textbox', { name: 'Key words' }).fill('zephyrine orbit');
    await page.getByRole('textbox', { name: 'Price ($)' }).fill('4.50');
    await page.getByRole('textbox', { name: 'SRP ($)' }).fill('3');
    await pick(page, 'Category', `(${tree.num})`);
    await pick(page, 'Collections', `(${collection!.num})`);
    // The contract's own rule, shown at its field before anything is sent.
    await page.getByRole('button', { name: 'Create item' }).click();
    await page.getByText('SRP must not be below the price').first().waitFor();
    await page.getByRole('textbox', { name: 'SRP ($)' }).fill('8.99');
    await page.getByRole('button', { name: 'Create item' }).click();
    await page.waitForURL(/\/admin\/items\/\d+$/);
    num = page.url().split('/').pop()!;
    await page.getByRole('heading', { name: `Item ${num}: ${TITLE}` }).waitFor();

    // Two photos at once through the file picker, opened from the drop area by the keyboard;
    // each shows its progress and then "Uploaded".
    const png = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#d03050' } }).png().toBuffer();
    const dropArea = page.getByRole('button', { name: 'Drop photos here, or choose files' });
    // locator.press focuses the area as it is now (the editor may have re-rendered since the
    // heading showed) and presses Enter there.
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), dropArea.press('Enter')]);
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles([
      { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg(1200, 900) },
      { name: 'side.png', mimeType: 'image/png', buffer: png },
    ]);
    await expect.poll(() => page.getByText('Uploaded', { exact: true }).count(), { timeout: 60_000 }).toBe(2);
    const photoList = page.getByRole('list', { name: 'Photos in order' });
    await expect.poll(() => photoList.locator('img').count()).toBe(2);

    // A drawing dropped on the area is refused with the server's message beside it.
    const svg = await page.evaluateHandle(() => {
      const data = new DataTransfer();
      data.items.add(new File(['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'], 'logo.svg', { type: 'image/svg+xml' }));
      return data;
    });
    await dropArea.dispatchEvent('drop', { dataTransfer: svg });
    await page.getByText(PHOTO_MESSAGES.svg).waitFor();
    await page.screenshot({ path: 'test-results/admin-item-editor-photos-1440.png', fullPage: true });

    // The second photo moves first; the first gets its alt text.
    const owner = await staffApi(shop, DEMO_OWNER);
    const uploaded: { photoId: number; hash: string }[] = await owner('GET', `/Items/${num}/Photos`);
    await page.getByRole('button', { name: 'Move photo 2 up' }).click();
    await expect.poll(async () => (await owner('GET', `/Items/${num}/Photos`)).map((p: { photoId: number }) => p.photoId)).toEqual([uploaded[1]!.photoId, uploaded[0]!.photoId]);
    // The editor shows the new order too (its first card is the second upload) before photo 1's alt text is typed.
    const firstCard = page.getByRole('list', { name: 'Photos in order' }).getByRole('listitem').first();
    await expect.poll(async () => firstCard.locator('img').getAttribute('src')).toContain(uploaded[1]!.hash);
    await page.getByRole('textbox', { name: 'Alt text of photo 1' }).fill('Zephyrine balloon, side view');
    await page.getByRole('button', { name: 'Save the alt text of photo 1' }).click();
    await page.getByText('Saved the alt text of photo 1').waitFor();
    expect((await owner('GET', `/Items/${num}/Photos`))[0].alt).toBe('Zephyrine balloon, side view');

    // A refusal only the server can make (a UPC another item has) shows at its field.
    const other = await owner('GET', '/Items/11001');
    await page.getByRole('textbox', { name: 'UPC' }).fill(other.upc);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(`UPC ${other.upc} is already used by item 11001`).first().waitFor();
    await page.getByRole('textbox', { name: 'UPC' }).fill('');


    // Someone else saves meanwhile: my save gets their version and a choice; re-applying keeps both changes.
    const current = await owner('GET', `/Items/${num}`);
    const { photos: _photos, ...theirs } = current;
    await owner('PUT', `/Items/${num}`, { ...theirs, price: 4.25 });
    await page.getByRole('textbox', { name: 'Key words' }).fill('zephyrine orbit galaxy');
    // Leaving with unsaved changes asks first.
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Items' }).click();
    await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Stay' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const stale = page.getByRole('dialog', { name: 'Someone else changed this item' });
    await stale.getByRole('cell', { name: '4.25', exact: true }).waitFor();
    expect(await seriousViolations(page), 'the conflict dialog').toEqual([]);
    await stale.getByRole('button', { name: 'Re-apply my changes on theirs and save' }).click();
    await page.getByText(`Saved item ${num}`).waitFor();
    expect(await owner('GET', `/Items/${num}`)).toMatchObject({ price: 4.25, key_Words: 'zephyrine orbit galaxy', version: current.version + 2 });

    const buyer = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(buyer);
    await buyer.addInitScript((t) => localStorage.setItem('shop.userToken', t), await signInByApi(shop, DEMO_BUYER));
    const store = await buyer.newPage();
    await store.goto(`${shop.url}/products?categoryNum=${tree.num}`);
    await store.getByRole('searchbox', { name: 'Search products' }).fill('Zephyrine');
    const card = store.getByTestId('product-grid').locator(':scope > *').filter({ hasText: TITLE });
    await card.waitFor({ timeout: 15_000 });
    expect(await card.locator('img').first().getAttribute('src')).toMatch(/^\/img\/[0-9a-f]{32}-\d+\.jpg$/);
    const inCollection = (await (await fetch(`${shop.url}/beapi/Inventory/GetPagedItemsForNVSearch?nvcatnum=${collection!.num}&searchtext=zephyrine`)).json()) as { items: { num: string }[] };
    expect(inCollection.items.map((i) => i.num)).toContain(num);

    // Bulk: the selected item's price up 10 %, previewed old → new, then applied.
    await page.goto(`${shop.url}/admin/items?q=zephyrine`);
    await page.getByLabel(`Select item ${num}`).check();
    await page.getByRole('button', { name: 'Change prices (1)' }).click();
    const bulk = page.getByRole('dialog', { name: 'Change prices by percent' });
    await bulk.getByRole('textbox', { name: 'Percent' }).fill('10');
    await bulk.getByRole('button', { name: 'Preview' }).click();
    await bulk.getByText('$4.25 → $4.68').waitFor();
    expect(await seriousViolations(page), 'the price preview').toEqual([]);
    await bulk.getByRole('button', { name: 'Apply to 1 item' }).click();
    await page.getByText('Changed the prices of 1 item').waitFor();
    expect((await owner('GET', `/Items/${num}`)).price).toBe(4.68);

    // A photo is deleted after a confirm.
    await page.goto(`${shop.url}/admin/items/${num}`);
    await page.getByRole('button', { name: 'Delete photo 2' }).click();
    await page.getByRole('dialog', { name: 'Delete this photo?' }).getByRole('button', { name: 'Delete photo' }).click();
    await page.getByText('Photo deleted').waitFor();
    expect(await owner('GET', `/Items/${num}/Photos`)).toHaveLength(1);
  }, 180_000);

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`the list and the editor have no serious axe violations at ${viewport.width}`, async () => {
      const page = await adminPage(browser, shop, DEMO_OWNER, viewport, contexts);
      // The item made above, or (when run alone) a demo item with a photo.
      const shown = num || '11001';
      await page.goto(`${shop.url}/admin/items?q=${shown}`);
      await page.getByRole('heading', { name: 'Items', level: 1 }).waitFor();
      await page.getByRole('link', { name: shown, exact: true }).waitFor();
      await page.screenshot({ path: `test-results/admin-items-${viewport.width}.png`, fullPage: true });
      expect(await seriousViolations(page), 'items list').toEqual([]);
      await page.goto(`${shop.url}/admin/items/${shown}`);
      await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Item ' }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `test-results/admin-item-editor-${viewport.width}.png`, fullPage: true });
      expect(await seriousViolations(page), 'item editor').toEqual([]);
    }, 180_000);
  }
});
