/**
 * Screenshots of the storefront's landing pages, to compare a front-end speed change before and
 * after (docs/decisions/0010-front-end-speed.md): home, a listing and a detail page (visitor and
 * signed in), a search's results, and a listing after typing a search in its box (the way the search
 * figure of bench-web gets there) at 390×844, 1280×800 and 1440×900, full page, after the network is idle.
 * Usage: node --import tsx scripts/bench-web/screenshots.ts OUT_DIR (needs `npx vite build`).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_BUYER, signInByApi } from '../../e2e/support/api';
import { launchBrowser, startShop } from '../../e2e/support/shop';

const out = process.argv[2];
if (!out) throw new Error('usage: screenshots.ts OUT_DIR');
mkdirSync(out, { recursive: true });

const shop = await startShop();
const browser = await launchBrowser();
try {
  const res = await fetch(`${shop.url}/beapi/Inventory/GetPagedItemsForCategory?categoryNum=11&page=1&pageSize=1`);
  const first = ((await res.json()) as { items: { num: string }[] }).items[0]!.num;
  const pages = { home: '/', listing: '/products?categoryNum=11', search: '/products?search=red', detail: `/productdetail?categoryNum=11&productNum=${encodeURIComponent(first)}` };
  const token = await signInByApi(shop, DEMO_BUYER);
  for (const [w, h] of [
    [390, 844],
    [1280, 800],
    [1440, 900],
  ] as const) {
    for (const signedIn of [false, true]) {
      const context = await browser.newContext({ viewport: { width: w, height: h } });
      if (signedIn) await context.addInitScript((t) => localStorage.setItem('shop.userToken', t), token);
      const page = await context.newPage();
      for (const [name, path] of Object.entries(pages)) {
        if (signedIn && name !== 'detail') continue;
        await page.goto(`${shop.url}${path}`, { waitUntil: 'networkidle' });
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(out, `${name}${signedIn ? '-signedin' : ''}-${w}.png`), fullPage: true });
      }
      if (!signedIn) {
        await page.goto(`${shop.url}/products?search=balloon`, { waitUntil: 'networkidle' });
        await page.getByRole('searchbox', { name: 'Search products' }).fill('heart');
        await page.locator('[data-results-for="heart"]:not([aria-busy])').waitFor();
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(out, `typed-search-${w}.png`), fullPage: true });
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await shop.stop();
}
