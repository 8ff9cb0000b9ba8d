import { gzipSync } from 'node:zlib';
import type { Browser, Response } from 'playwright-core';

export interface LoadedJs {
  /** Bytes of script bodies as the server sent them (its br/gzip encoding), headers not counted. */
  transferBytes: number;
  /** The same scripts gzipped at level 9, the figure the budget is stated in. */
  gzipBytes: number;
  encodings: string[];
  files: number;
}

/** The scripts Chromium loads for one page, until the network has been idle for 500 ms. */
export async function loadedJs(browser: Browser, url: string): Promise<LoadedJs> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const scripts: Response[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  let transferBytes = 0;
  let gzipBytes = 0;
  const encodings = new Set<string>();
  for (const r of scripts) {
    transferBytes += (await r.request().sizes()).responseBodySize;
    gzipBytes += gzipSync(await r.body(), { level: 9 }).length;
    encodings.add((await r.headerValue('content-encoding')) ?? 'identity');
  }
  await context.close();
  return { transferBytes, gzipBytes, encodings: [...encodings], files: scripts.length };
}
