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

/**
 * Lighthouse's default (mobile) configuration, performance only: a Moto G Power-sized screen and
 * simulated slow 4G / 4x CPU throttling. One Chromium serves every run; each run starts from an
 * empty cache (Lighthouse clears it).
 */
export async function lighthouseRuns(urls: string[], runsPerUrl: number): Promise<Map<string, LighthouseFigures[]>> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const results = new Map<string, LighthouseFigures[]>();
  try {
    for (const url of urls) {
      const runs: LighthouseFigures[] = [];
      for (let i = 0; i < runsPerUrl; i++) {
        const result = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
        if (!result) throw new Error(`lighthouse gave no result for ${url}`);
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
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
