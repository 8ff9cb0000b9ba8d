import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * The demo data's real photos in the storefront (decision 0019): Chromium picks the AVIF variant
 * of the `<picture>` on the detail page and the listing, and an item without a photo keeps its
 * generated drawing.
 */

let shop: RunningShop;
let browser: Browser;
beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function open(path: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${shop.url}${path}`);
  return page;
}

/** What the browser loaded for an `<img>`: its chosen address and decoded width. */
function loaded(page: Page, selector: string) {
  return page.locator(selector).first().evaluate(async (img: HTMLImageElement) => {
    if (!img.complete) await new Promise((r) => img.addEventListener('load', r, { once: true }));
    return { src: img.currentSrc, width: img.naturalWidth, alt: img.alt };
  });
}

describe('real photos in the storefront', () => {
  it('the detail page of an item with a photo shows it as AVIF from /img', async () => {
    const page = await open('/productdetail?productNum=11001');
    await page.locator('picture source[type="image/avif"]').first().waitFor({ state: 'attached' });
    const img = await loaded(page, 'picture img');
    expect(img.src).toMatch(/\/img\/[0-9a-f]{32}-\d+\.avif$/);
    expect(img.width).toBeGreaterThan(300);
    expect(img.alt).not.toBe('');
    await page.close();
  });

  it('the listing shows photos in small variants and drawings for the other items', async () => {
    const page = await open('/products?categoryNum=11');
    await page.locator('picture img').first().waitFor();
    const img = await loaded(page, 'picture img');
    expect(img.src).toMatch(/\/img\/[0-9a-f]{32}-(320|640)\.avif$/);
    expect(await page.locator('img[src^="/images/items/"]').count()).toBeGreaterThan(0);
    await page.close();
  });
});
