/**
 * `npm run bench:web`: the storefront's front-end figures (issue 9). Builds dist/web unless it is
 * newer than its sources, starts the shop on a temporary SQLite demo database on a free port, and
 * prints the JavaScript the home and a listing page load (measured in Chromium and from the build
 * manifest), Lighthouse mobile performance, CLS, LCP and TBT for home, a listing and a detail page,
 * and the time from the search debounce firing to the results being painted.
 * Options: --no-build (use dist/web as it is), --runs N (Lighthouse runs per page, default 1;
 * the median is printed), --skip-lighthouse, --reports DIR (write each Lighthouse JSON report there),
 * --pages home,listing,detail (Lighthouse only these pages; default all), --drawings (leave the items'
 * generated drawings: by default every active item gets a real raster photo first, raster-photos.ts).
 * Timing figures depend on the machine's load: on a shared machine, compare runs, not absolutes.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { launchBrowser, startShop } from '../../e2e/support/shop';
import { loadedJs } from './browser-js';
import { buildJsGzip, ensureBuild } from './build-output';
import { type LighthouseFigures, lighthouseRuns } from './lighthouse-run';
import { giveEveryItemAPhoto } from './raster-photos';
import { searchToPaint } from './search-paint';

const { values } = parseArgs({ options: { 'no-build': { type: 'boolean', default: false }, runs: { type: 'string', default: '1' }, 'skip-lighthouse': { type: 'boolean', default: false }, reports: { type: 'string' }, pages: { type: 'string', default: 'home,listing,detail' }, drawings: { type: 'boolean', default: false } } });

const BUDGET = { homeJs: 150 * 1024, listingJs: 200 * 1024, performance: 95, cls: 0.02, searchMs: 100 };
const PAGES = [
  { name: 'home', path: '/', module: 'features/content/home-page.tsx' },
  { name: 'listing', path: '/products?categoryNum=11', module: 'features/catalogue/products-page.tsx' },
  { name: 'detail', path: '/productdetail?categoryNum=11&productNum=', module: 'features/catalogue/product-detail-page.tsx' },
  // The colour × size order grid of premium latex (issue 32), as a visitor sees it.
  { name: 'grid', path: '/order-grid/1', module: 'features/catalogue/grid-page.tsx' },
];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ok = (pass: boolean) => (pass ? 'ok' : 'OVER');
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2) : Number.NaN;
};

const lighthouseVersion = () => (JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')) as { version: string }).version;

async function firstItemOfCategory(url: string): Promise<{ num: string; picture: string }> {
  const res = await fetch(`${url}/beapi/Inventory/GetPagedItemsForCategory?categoryNum=11&page=1&pageSize=1`);
  const body = (await res.json()) as { items: { num: string; picture: string }[] };
  if (!body.items[0]) throw new Error('category 11 has no items');
  return body.items[0];
}

/** Uploads the photos, then waits until the storefront's listing shows them (the read index follows the change feed). */
async function withPhotos(shop: Parameters<typeof giveEveryItemAPhoto>[0]): Promise<void> {
  const started = performance.now();
  const given = await giveEveryItemAPhoto(shop);
  for (let i = 0; i < 100 && !(await firstItemOfCategory(shop.url)).picture.startsWith('/img/'); i++) await new Promise((r) => setTimeout(r, 100));
  console.log(`raster photos: ${given} items given a JPEG photo in ${((performance.now() - started) / 1000).toFixed(1)} s (--drawings to keep the generated drawings)`);
}

async function main() {
  const build = ensureBuild(values['no-build']);
  console.log(`dist/web: ${build}`);
  const shop = await startShop();
  // Inside the try: a browser that fails to start must not leave the shop running.
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  try {
    if (!values.drawings) await withPhotos(shop);
    browser = await launchBrowser();
    const detailPath = `${PAGES[2]!.path}${encodeURIComponent((await firstItemOfCategory(shop.url)).num)}`;
    const urls = PAGES.map((p) => `${shop.url}${p.name === 'detail' ? detailPath : p.path}`);

    console.log('\nJavaScript loaded (gzip -9 of each script; transfer = bytes as served, headers excluded)');
    for (const [i, p] of PAGES.entries()) {
      const measured = await loadedJs(browser, urls[i]!);
      const built = buildJsGzip(p.module);
      const budget = p.name === 'home' ? BUDGET.homeJs : p.name === 'listing' ? BUDGET.listingJs : null;
      const verdict = budget === null ? '' : `  budget ${kb(budget)} ${ok(measured.gzipBytes <= budget)}`;
      console.log(
        `  ${p.name.padEnd(8)} browser ${kb(measured.gzipBytes)} gzip in ${measured.files} files (transfer ${kb(measured.transferBytes)}, ${measured.encodings.join('/')}); build ${kb(built.bytes)} in ${built.files.length} chunks${verdict}`,
      );
    }

    if (!values['skip-lighthouse']) {
      const runs = Number(values.runs);
      console.log(`\nLighthouse ${lighthouseVersion()} mobile (simulated throttling), median of ${runs} run(s)`);
      const chosen = values.pages.split(',');
      const lhPages = PAGES.map((p, i) => ({ ...p, url: urls[i]! })).filter((p) => chosen.includes(p.name));
      const results = await lighthouseRuns(
        lhPages.map((p) => p.url),
        runs,
        values.reports,
        lhPages.map((p) => p.name),
      );
      for (const p of lhPages) {
        const rs = results.get(p.url)!;
        const m = (k: keyof LighthouseFigures) => median(rs.map((r) => r[k]));
        console.log(
          `  ${p.name.padEnd(8)} performance ${m('performance')} (${rs.map((r) => r.performance).join(', ')}) ${ok(m('performance') >= BUDGET.performance)}; CLS ${m('cls').toFixed(3)} ${ok(m('cls') <= BUDGET.cls)}; LCP ${Math.round(m('lcpMs'))} ms; TBT ${Math.round(m('tbtMs'))} ms; FCP ${Math.round(m('fcpMs'))} ms`,
        );
      }
    }

    const search = await searchToPaint(browser, shop.url);
    const max = Math.max(...search.samples);
    console.log(`\nSearch, debounce fired → results painted, ${search.samples.length} queries on /products (Playwright, no throttling)`);
    console.log(`  median ${median(search.samples).toFixed(1)} ms, max ${max.toFixed(1)} ms ${ok(max <= BUDGET.searchMs)}; to DOM: median ${median(search.domSamples).toFixed(1)} ms; of which the search call: median ${median(search.apiSamples).toFixed(1)} ms`);
    if (search.missed.length) console.log(`  no results painted within 10 s for: ${search.missed.join(', ')}`);
  } finally {
    await browser?.close();
    await shop.stop();
  }
}

await main();
