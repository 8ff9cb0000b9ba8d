import type { Browser } from 'playwright-core';

export const SEARCH_QUERIES = [
  'red', 'blue', 'heart', 'star', 'gold', 'silver', 'pink', 'green', 'white', 'black',
  'birthday', 'love', 'round', 'orange', 'purple', 'yellow', 'pearl', 'happy', 'number', 'clear',
];

/**
 * Runs in the page: resolves once the results for `q` are in the DOM and not a placeholder, after
 * the next frame (requestAnimationFrame, then a task: the frame holding them has been painted).
 * Answers milliseconds from the app's `search-debounced` mark for `q` to that moment.
 */
export function waitForResults(q: string): Promise<{ toDom: number; toPaint: number; api: number } | null> {
  return new Promise((resolve) => {
    const ready = () => {
      const el = document.querySelector(`[data-results-for="${CSS.escape(q)}"]`);
      return el !== null && el.getAttribute('aria-busy') !== 'true';
    };
    const markAt = () => {
      const marks = performance.getEntriesByName('search-debounced') as PerformanceMark[];
      return marks.filter((m) => m.detail === q).at(-1)?.startTime;
    };
    const finish = () => {
      observer.disconnect();
      const dom = performance.now();
      requestAnimationFrame(() =>
        setTimeout(() => {
          const mark = markAt();
          const call = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => r.name.includes(`searchtext=${encodeURIComponent(q)}`)).at(-1);
          const api = call ? call.responseEnd - call.startTime : Number.NaN;
          resolve(mark === undefined ? null : { toDom: dom - mark, toPaint: performance.now() - mark, api });
        }, 0),
      );
    };
    const observer = new MutationObserver(() => {
      if (ready()) finish();
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    setTimeout(() => {
      observer.disconnect();
      resolve(null);
    }, 10_000);
  });
}

export interface SearchFigures {
  samples: number[];
  domSamples: number[];
  /** The search call's own time (request start to response end), part of each sample. */
  apiSamples: number[];
  missed: string[];
}

/** Types each query into the products page's search box (the page the header search opens) and times debounce → painted results. */
export async function searchToPaint(browser: Browser, baseUrl: string, queries = SEARCH_QUERIES): Promise<SearchFigures> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  // tsx compiles this file with esbuild's keepNames, whose __name helper the page does not have.
  await context.addInitScript('window.__name = (f) => f;');
  // Every result picture is a resource entry: the default buffer of 250 fills within a few searches.
  await context.addInitScript('performance.setResourceTimingBufferSize(100000);');
  const page = await context.newPage();
  await page.goto(`${baseUrl}/products?search=balloon`, { waitUntil: 'networkidle' });
  const box = page.getByRole('searchbox', { name: 'Search products' });
  const samples: number[] = [];
  const domSamples: number[] = [];
  const apiSamples: number[] = [];
  const missed: string[] = [];
  for (const q of ['latex', ...queries]) {
    const [timing] = await Promise.all([page.evaluate(waitForResults, q), box.fill(q)]);
    if (q === 'latex') continue; // warm-up: the first search also loads code
    if (timing) {
      samples.push(timing.toPaint);
      domSamples.push(timing.toDom);
      apiSamples.push(timing.api);
    } else missed.push(q);
  }
  await context.close();
  return { samples, domSamples, apiSamples, missed };
}
