import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENS, type Screen } from '../src/contract/admin/screens';
import { WEBHOOK_MESSAGES } from '../src/contract/admin/webhooks';
import { seriousViolations } from './support/axe';
import { adminPage, DEMO_OWNER, placeOrder, staffApi } from './support/admin';
import { apiAs } from './support/api';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * Issue 29: every back office screen, as the owner, on a phone (390×844) and a desktop (1440×900):
 * the page never scrolls sideways and nothing in it is a sideways-scrolling box, axe finds nothing
 * serious or critical (colour contrast included), and every badge's text is readable on its own
 * fill, measured directly (axe only calls text on a fill of its own colour "incomplete").
 * The routes come from the screens list, so a new screen is checked without touching this file;
 * a screen with a new kind of id in its path fails until one is named in `ids` below.
 */
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

let shop: RunningShop;
let browser: Browser;
const contexts: BrowserContext[] = [];
const pages = new Map<number, Page>();
/** A real value from the demo data (and what beforeAll adds) for each `:param` of a screen's path. */
const ids: Record<string, string> = {};
let orderNum = 0;
let acceptedOrderNum = 0;

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  const owner = await staffApi(shop, DEMO_OWNER);
  // A webhook endpoint whose name never resolves (.invalid): the order's delivery fails and is logged.
  const { id: webhookId } = await owner('POST', '/Webhooks', { url: 'https://hooks.invalid/shop', events: ['order.placed'] });
  await owner('POST', '/ApiKeys', { name: 'Accounting ERP', scopes: ['orders:read', 'stock:write'] });
  ({ orderNum } = await placeOrder(shop, [
    ['17060', 2],
    ['17061', 1],
  ]));
  ({ orderNum: acceptedOrderNum } = await placeOrder(shop, [['17060', 3]], 'E2E-SHIP'));
  await owner('POST', `/Orders/${acceptedOrderNum}/Accept`, {});
  // A shipped order with a return the buyer asked for: the returns list has a row, `:rma` a value.
  const returned = await placeOrder(shop, [['17061', 2]], 'E2E-RETURN');
  await owner('POST', `/Orders/${returned.orderNum}/Accept`, {});
  const toShip = await owner('GET', `/Orders/${returned.orderNum}`);
  await owner('POST', `/Orders/${returned.orderNum}/Ship`, { warehouse: toShip.lines[0].openWest > 0 ? 'west' : 'east', carrier: 'ups', trackingNumber: '1Z999AA10123456784' });
  const { rmaNum } = await apiAs(shop, returned.token)('POST', `/Shop/RequestReturn/${returned.orderNum}`, { lines: [{ lineNo: 1, qty: 1, reason: 'damaged' }], note: 'One arrived torn' });
  const customers = await owner('GET', '/Customers');
  const orderForms = await owner('GET', '/OrderForms');
  const contentPages = await owner('GET', '/Pages');
  Object.assign(ids, {
    orderNum: String(orderNum),
    id: String(customers.items[0].id),
    invNum: '17060',
    num: '17060',
    masterId: String(orderForms[0]?.masterId ?? ''),
    slug: String(contentPages[0]?.slug ?? ''),
    rma: String(rmaNum),
  });
  // Two screens share `:id`: the customer's and the webhook's; the webhook's is filled in per route.
  ids.webhookId = String(webhookId);
  for (const viewport of VIEWPORTS) pages.set(viewport.width, await adminPage(browser, shop, DEMO_OWNER, viewport, contexts));
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  await shop?.stop();
});

/** Screens shown with a query, so that their tables have rows: a stock search, the low stock report. */
const QUERIES: Record<string, string> = { stock: '?q=17060', reports: '?report=low-stock' };

/** The screen's path with real ids (a webhook's `:id` is the endpoint made above). */
function pathOf(name: string, screen: Screen): string {
  const query = QUERIES[name] ?? '';
  return `/${screen.path}${query}`.replace(/:(\w+)/g, (_, param: string) => {
    const value = name === 'webhookDeliveries' && param === 'id' ? ids.webhookId : ids[param];
    if (!value) throw new Error(`Screen ${name}: no demo value for :${param}; name one in admin-every-route.test.ts`);
    return value;
  });
}

interface LayoutProblems {
  pageWidth: number;
  viewport: number;
  /** Boxes that scroll sideways (a table wider than the screen in its own scroll area). */
  sidewaysBoxes: string[];
  /** Badges whose text is below 4.5:1 (3:1 when large) on their fill. */
  faintBadges: string[];
}

/** Runs in the page: the page's width, the sideways scroll boxes and each badge's contrast. */
function measureLayout(): LayoutProblems {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  /** Any CSS colour (rgb, color(srgb …), oklab, color-mix) as [r, g, b, a 0..1], through the canvas. */
  const rgba = (css: string): [number, number, number, number] => {
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = '#000';
    ctx.fillStyle = css;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
    return [r!, g!, b!, a! / 255];
  };
  const over = (top: [number, number, number, number], under: [number, number, number]): [number, number, number] =>
    [0, 1, 2].map((i) => top[i]! * top[3] + under[i]! * (1 - top[3])) as [number, number, number];
  /** The colour behind `el`: its own and its ancestors' backgrounds, laid over white. */
  const backgroundOf = (el: Element): [number, number, number] => {
    const layers: [number, number, number, number][] = [];
    for (let e: Element | null = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] >= 1) break;
    }
    return layers.reverse().reduce<[number, number, number]>((under, top) => over(top, under), [255, 255, 255]);
  };
  const luminance = ([r, g, b]: [number, number, number]) => {
    const lin = (v: number) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const ratio = (a: [number, number, number], b: [number, number, number]) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
    return (hi + 0.05) / (lo + 0.05);
  };
  const visible = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const describeEl = (el: Element) => `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;

  const sidewaysBoxes: string[] = [];
  for (const el of document.querySelectorAll('body *')) {
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) continue;
    const { overflowX } = getComputedStyle(el);
    if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1 && visible(el)) sidewaysBoxes.push(describeEl(el));
  }

  const faintBadges: string[] = [];
  for (const badge of document.querySelectorAll('.mantine-Badge-root, .mantine-Chip-label, [data-badge]')) {
    if (!visible(badge) || !(badge.textContent ?? '').trim()) continue;
    const label = badge.querySelector('.mantine-Badge-label') ?? badge;
    const style = getComputedStyle(label);
    const bg = backgroundOf(badge);
    const fg = over(rgba(style.color), bg);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    const measured = ratio(fg, bg);
    if (measured < (large ? 3 : 4.5)) faintBadges.push(`${describeEl(badge)}: ${measured.toFixed(2)}:1`);
  }
  return { pageWidth: document.documentElement.scrollWidth, viewport: window.innerWidth, sidewaysBoxes, faintBadges };
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(`${shop.url}/admin${path}`);
  await page.locator('main h1').first().waitFor({ timeout: 30_000 });
  // Every list's first page has arrived (and been drawn) once the network is quiet.
  await page.waitForLoadState('networkidle');
}

/** What a person would notice: sideways scrolling, cut-off tables, serious axe findings, faint badges. */
async function checkPage(page: Page, what: string): Promise<void> {
  const layout = await page.evaluate(measureLayout);
  expect(layout.pageWidth, `${what}: the page scrolls sideways`).toBeLessThanOrEqual(layout.viewport);
  expect(layout.sidewaysBoxes, `${what}: boxes that scroll sideways`).toEqual([]);
  expect(layout.faintBadges, `${what}: badges below AA contrast`).toEqual([]);
  expect(await seriousViolations(page), `${what}: axe`).toEqual([]);
}

// Axe and layout at two sizes over every screen: minutes on a loaded 2-core machine.
const PER_SCREEN_TIMEOUT = 120_000;

describe('every back office screen, at 390 and 1440 pixels', () => {
  for (const [name, screen] of Object.entries(SCREENS as Record<string, Screen>)) {
    it(`${name} (/admin/${screen.path})`, async () => {
      const path = pathOf(name, screen);
      // Both sizes at once, each in its own tab: axe runs in the page, so two tabs use both cores.
      await Promise.all(
        VIEWPORTS.map(async ({ width }) => {
          const page = pages.get(width)!;
          await open(page, path);
          await checkPage(page, `${path} at ${width}`);
        }),
      );
    }, PER_SCREEN_TIMEOUT);
  }
});

describe('the pages outside the shell and the dialogs', () => {
  it('sign-in and set-password pages', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS[0] });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${shop.url}/admin/signin`);
    await page.getByRole('heading', { name: 'Back office sign-in' }).waitFor();
    await checkPage(page, 'sign-in');
    // Where an owner's Reset sign-in link lands.
    await page.goto(`${shop.url}/admin/set-password?token=${'A'.repeat(43)}`);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    await checkPage(page, 'set-password');
  });

  it('the cancel, ship, webhook and API key dialogs at both sizes', async () => {
    await Promise.all(VIEWPORTS.map(({ width }) => checkDialogs(pages.get(width)!, width)));
  }, 2 * PER_SCREEN_TIMEOUT); // four screens and five axe runs a size
});

/** The dialogs a person opens most, with axe (and the ship dialog's layout). */
async function checkDialogs(page: Page, width: number): Promise<void> {
  // Cancel: the order is received, so Ship is not offered yet.
  await open(page, `/orders/${orderNum}`);
  await page.getByRole('button', { name: 'Cancel…' }).click();
  await page.getByRole('dialog').waitFor();
  expect(await seriousViolations(page), 'cancel dialog').toEqual([]);

  // The ship dialog's quantities: on a phone too, without a sideways table.
  await open(page, `/orders/${acceptedOrderNum}`);
  await page.getByRole('button', { name: /^Ship/ }).first().click();
  await page.getByRole('dialog').waitFor();
  await checkPage(page, 'ship dialog');

  // The endpoint dialog with the server's refusal of a loopback address (the SSRF guard).
  await open(page, '/webhooks');
  await page.getByRole('button', { name: 'Add an endpoint' }).click();
  const endpoint = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
  await endpoint.getByRole('textbox', { name: 'URL' }).fill('http://127.0.0.1:8080/hooks');
  await endpoint.getByRole('checkbox', { name: 'order.shipped' }).check();
  await endpoint.getByRole('button', { name: 'Add', exact: true }).click();
  await endpoint.getByText(WEBHOOK_MESSAGES.privateAddress).waitFor();
  expect(await seriousViolations(page), 'endpoint dialog with a refusal').toEqual([]);

  // A new API key, shown once.
  await open(page, '/api-keys');
  await page.getByRole('button', { name: 'Create a key' }).click();
  const create = page.getByRole('dialog', { name: 'Create an API key' });
  await create.getByRole('textbox', { name: 'Name' }).fill(`Stock script ${width}`);
  await create.getByRole('checkbox', { name: 'stock:write' }).check();
  expect(await seriousViolations(page), 'API key dialog').toEqual([]);
  await create.getByRole('button', { name: 'Create the key' }).click();
  await page.getByTestId('shown-once').waitFor();
  expect(await seriousViolations(page), 'API key shown once').toEqual([]);
}
