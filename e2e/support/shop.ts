import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { startServerProcess } from '../../src/server/test-support/server-process';
import { DEMO_BUYER } from './api';

/** The built app on a fresh demo database, started as `npm run serve` would, on a free port. */
export interface RunningShop {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * `env`: settings on top of the defaults, e.g. `{ WEBHOOK_ALLOW_PRIVATE: '1' }` for a local webhook receiver.
 * Under vitest the shop starts on a copy of the run's demo database (support/demo-database.ts);
 * elsewhere it seeds its own on its first start.
 */
export async function startShop(env: Record<string, string> = {}): Promise<RunningShop> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  if (process.env.SHOP_DEMO_DATABASE) copyFileSync(process.env.SHOP_DEMO_DATABASE, join(dataDir, 'shop.db'));
  const server = await startServerProcess({ DATABASE_URL: `sqlite:${join(dataDir, 'shop.db')}`, DATA_DIR: dataDir, ...env });
  return {
    url: server.url,
    dataDir,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium (no browser downloads are possible on these machines). `extraArgs`: more switches (a fake camera). */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...extraArgs],
  });
}

/** A browser window signed in at /signin through the form, as a buyer does (the demo buyer unless `who`). */
export async function buyerPage(
  browser: Browser,
  shop: RunningShop,
  viewport: { width: number; height: number },
  contexts: BrowserContext[],
  who: { username: string; password: string } = DEMO_BUYER,
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${shop.url}/signin`);
  await page.getByLabel(/^Email/).and(page.locator('input')).fill(who.username);
  await page.getByLabel(/^Password/).and(page.locator('input')).fill(who.password);
  await page.keyboard.press('Enter');
  await page.getByText('Signin Successful').first().waitFor();
  return page;
}
