import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthouseFigures {
  performance: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  fcpMs: number;
}

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** A run whose trace Lighthouse could not read (NO_NAVSTART and the like, on a loaded machine) is tried again. */
const TRIES = 3;

/**
 * Lighthouse's default (mobile) configuration, performance only: a Moto G Power-sized screen and
 * simulated slow 4G / 4x CPU throttling. One Chromium serves every run; each run starts from an
 * empty cache (Lighthouse clears it). With `reportDir`, each run's JSON report is written there
 * (`<name>-<run>.json`: the opportunities and diagnostics behind the figures).
 */
export async function lighthouseRuns(urls: string[], runsPerUrl: number, reportDir?: string, names: string[] = urls.map((_, i) => `page${i}`)): Promise<Map<string, LighthouseFigures[]>> {
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const results = new Map<string, LighthouseFigures[]>();
  try {
    for (const [u, url] of urls.entries()) {
      const runs: LighthouseFigures[] = [];
      for (let i = 0; i < runsPerUrl; i++) {
        let result: Awaited<ReturnType<typeof lighthouse>>;
        for (let tri = 1; ; tri++) {
          result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
          if (!result) throw new Error(`lighthouse gave no result for ${url}`);
          if (!result.lhr.runtimeError || tri === TRIES) break;
        }
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
        if (reportDir) writeFileSync(join(reportDir, `${names[u]}-${i + 1}.json`), JSON.stringify(lhr));
        const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        runs.push({
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          cls: metric('cumulative-layout-shift'),
          lcpMs: metric('largest-contentful-paint'),
          tbtMs: metric('total-blocking-time'),
          fcpMs: metric('first-contentful-paint'),
        });
      }
      results.set(url, runs);
    }
  } finally {
    chrome.kill();
  }
  return results;
}
