import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER } from './support/admin';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * Issue 29: what the back office's first screens load, measured in Chromium on the built app (the
 * gzip -9 size of every script and stylesheet the page asked for), and Mantine's CSS loaded once:
 * each of its rules in one stylesheet of the build, not repeated in every page's (vite.config.ts).
 */
const KB = 1024;
/** The first screen anyone sees: /admin/signin. */
const SIGN_IN_BUDGET = 200 * KB;
/** The dashboard opened with a session: the first screen of a returning member (decision 0038). */
const DASHBOARD_BUDGET = 200 * KB;
const ASSETS = 'dist/web/admin/assets';

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

/** Sums the gzip -9 size of the scripts and stylesheets the page loads from here on. */
function loadedBytes(page: Page): { total(): Promise<number>; files: Set<string> } {
  const files = new Set<string>();
  const sizes: Promise<number>[] = [];
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if ((type !== 'script' && type !== 'stylesheet') || files.has(res.url())) return;
    files.add(res.url());
    sizes.push(res.body().then((body) => gzipSync(body, { level: 9 }).length));
  });
  return { files, total: async () => (await Promise.all(sizes)).reduce((a, b) => a + b, 0) };
}

describe('the back office’s bundle', () => {
  it('keeps each of Mantine’s rules in one stylesheet', () => {
    const sheets = readdirSync(ASSETS).filter((f) => f.endsWith('.css'));
    const where = new Map<string, string[]>();
    for (const sheet of sheets) {
      // Mantine's component classes (m_ and 8 hex digits) and its theme variables.
      for (const name of new Set(readFileSync(join(ASSETS, sheet), 'utf8').match(/\.m_[0-9a-f]{8}\b|--mantine-scale:/g) ?? [])) where.set(name, [...(where.get(name) ?? []), sheet]);
    }
    expect(where.size).toBeGreaterThan(100);
    expect([...where].filter(([, in_]) => in_.length > 1).map(([name, in_]) => `${name} in ${in_.join(', ')}`)).toEqual([]);
  });

  it('gives every screen with a form the plain words: only the screens that check nothing typed go without them', () => {
    // The dashboard loads neither the labels nor the plain words (zod's messages for every check,
    // contract/plain-words.ts): a form's screen gets them with its schemas (decision 0038).
    const manifest = JSON.parse(readFileSync('dist/web/admin/.vite/manifest.json', 'utf8')) as Record<string, { file: string; imports?: string[]; isDynamicEntry?: boolean }>;
    const code = (key: string, seen = new Set<string>()): string => {
      if (seen.has(key)) return '';
      seen.add(key);
      const chunk = manifest[key]!;
      return readFileSync(join('dist/web/admin', chunk.file), 'utf8') + (chunk.imports ?? []).map((i) => code(i, seen)).join('');
    };
    const screens = Object.keys(manifest).filter((k) => k.startsWith('features/') && manifest[k]!.isDynamicEntry);
    expect(screens.length).toBeGreaterThan(20);
    const without = screens.filter((k) => !code(k).includes('fill in the form and send it again'));
    expect(without.sort()).toEqual(['features/dashboard/dashboard-page.tsx', 'features/outbox/messages-page.tsx', 'features/reports/reports-page.tsx']);
  });

  it(`loads at most ${SIGN_IN_BUDGET / KB} KB gzip of JavaScript and CSS for the sign-in screen, and at most ${DASHBOARD_BUDGET / KB} KB for the dashboard`, async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const signIn = loadedBytes(page);
    await page.goto(`${shop.url}/admin/signin`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill(DEMO_OWNER.email);
    const signInBytes = await signIn.total();
    console.log(`sign-in screen: ${(signInBytes / KB).toFixed(1)} KB gzip in ${signIn.files.size} files`);
    expect(signInBytes).toBeLessThanOrEqual(SIGN_IN_BUDGET);
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    // A returning member: the dashboard straight away, with the session's cookie.
    const again = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await again.addCookies(await context.cookies());
    const dashboard = await again.newPage();
    const loaded = loadedBytes(dashboard);
    await dashboard.goto(`${shop.url}/admin`, { waitUntil: 'networkidle' });
    await dashboard.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await dashboard.waitForLoadState('networkidle');
    const dashboardBytes = await loaded.total();
    console.log(`dashboard: ${(dashboardBytes / KB).toFixed(1)} KB gzip in ${loaded.files.size} files`);
    expect(dashboardBytes).toBeLessThanOrEqual(DASHBOARD_BUDGET);
    await again.close();
    await context.close();
  });
});
