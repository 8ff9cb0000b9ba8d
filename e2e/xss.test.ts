import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, apiAs, signInByApi } from './support/api';
import { DEMO_OWNER, staffApi } from './support/admin';
import { launchBrowser, type RunningShop, startShop } from './support/shop';

/**
 * Stored and reflected XSS (issue 10): payloads go in through the real API wherever a customer
 * can write text that the shop shows again — billing names and address, a ship-to, the cart's
 * comments, a placed order's PO number and comments, speed-list names, search text — and every
 * page that shows them is opened in Chromium.
 *
 * The pages are first opened with the Content-Security-Policy bypassed, so that what is checked
 * is the rendering itself (CSP would otherwise hide an escaping bug by blocking the script):
 * 0 executions of `window.__xss++`, 0 dialogs, no element, event handler or javascript: link
 * built from a payload, and the payload shown as text. Then the same pages are opened under the
 * shop's real CSP, and its violation reports are counted.
 */

const PAYLOADS = {
  script: '<script>window.__xss++</script>',
  img: '<img src=x onerror="window.__xss++">',
  svg: '"><svg onload=window.__xss++>',
  template: "{{constructor.constructor('window.__xss++')()}}",
  jsUrl: 'javascript:window.__xss++',
  /** A web address the contract accepts (http/https only since issue 16) that still carries markup. */
  webUrl: 'https://x.example/"><svg onload=window.__xss++>',
  iframe: '<iframe src="javascript:parent.__xss++">',
  details: "'><details open ontoggle=window.__xss++>",
};
const P = PAYLOADS;

let shop: RunningShop;
let browser: Browser;
let token: string;
let api: Api;
let shipToCode: string;
let orderNum: number;
let speedListId: number;
/** An item whose description an editor wrote in Markdown full of payloads (issue 29). */
let markdownItem: { num: string; category: number };

beforeAll(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  token = await signInByApi(shop);
  api = apiAs(shop, token);
  const me = await api('GET', '/Customer/GetCustomerInfo');

  // A javascript: web site is refused by the contract (issue 16, finding 6); an http(s) one with
  // markup in it is stored and shown.
  await expect(api('PUT', `/Customer/updateAccount/${me.code}`, {
    orgName: me.orgName, firstName: me.firstName, lastName: me.lastName, addressLine1: me.addressLine1,
    city: me.city, state: me.state, zip: me.zip, country: me.country, dayPhone: me.dayPhone, web: P.jsUrl,
  })).rejects.toThrow(/400/);
  // Billing: names, company, street and web site.
  await api('PUT', `/Customer/updateAccount/${me.code}`, {
    orgName: P.script, firstName: P.img, lastName: P.svg, addressLine1: P.template,
    city: me.city, state: me.state, zip: me.zip, country: me.country, dayPhone: me.dayPhone, web: P.webUrl,
  });
  // A ship-to made of payloads.
  const shipTo = await api('POST', '/Customer/NewShipto', {
    orgName: P.svg, firstName: P.script, lastName: P.iframe, addressLine1: P.img,
    city: 'Mobile', state: 'AL', zip: '36602', country: 'US', dayPhone: '251-555-0100', email: '',
  });
  shipToCode = shipTo.code;

  const items = (await api('GET', '/Inventory/GetPagedItemsForSearch?searchtext=balloon&pageSize=4')).items as { num: string }[];
  // A placed order with payloads in its PO number and comments, shipped to that ship-to.
  await api('POST', `/Shop/AddItem?InvNum=${encodeURIComponent(items[0]!.num)}&qty=2`);
  const order = await api('POST', '/Shop/Checkout', { shipToCode, shippingOption: 'ground', poNumber: P.img, comments: `${P.details}\n${P.script}` });
  orderNum = order.orderNum;

  // The cart again, with payloads in its comments and the payload ship-to chosen.
  await api('POST', `/Shop/AddItem?InvNum=${encodeURIComponent(items[1]!.num)}&qty=3`);
  await api('PUT', `/Shop/UpdateOrderComments?comments=${encodeURIComponent(`${P.iframe}\n${P.template}\n${P.svg}`)}`);
  await api('PUT', `/Shop/UpdateShipTo?shiptocode=${encodeURIComponent(shipToCode)}`);

  // Speed lists named with payloads.
  for (const name of [P.script, P.img, P.svg, P.template]) {
    const list = await api('POST', '/SpeedLists', { name });
    speedListId ??= list.id;
  }
  await api('PUT', `/SpeedLists/${speedListId}/Lines`, [{ invNum: items[0]!.num, qty: 1 }]);

  // A product description in Markdown, written in the back office, made of payloads: buyers get it sanitised.
  const owner = await staffApi(shop, DEMO_OWNER);
  const { photos: _photos, ...edited } = await owner('GET', `/Items/${items[2]!.num}`);
  const markdown = ['# Safe heading', P.script, P.img, P.svg, P.iframe, P.details, '[link](javascript:window.__xss++)', `<a href="${P.jsUrl}">a</a>`].join('\n\n');
  await owner('PUT', `/Items/${items[2]!.num}`, { ...edited, web_Product_Info: markdown, productInfoFormat: 'markdown' });
  markdownItem = { num: items[2]!.num, category: edited.categories[0] };
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

interface Visit {
  path: string;
  /** Payloads the page must show as text (textContent, or the value of a form field). */
  shows: string[];
  /** What to do on the page once it has loaded (open a menu, type a search). */
  act?: (page: Page) => Promise<void>;
}

const visits = (): Visit[] => [
  { path: '/landingpage', shows: [P.script], act: async (page) => page.getByRole('button', { name: /^Account menu for/ }).click() },
  // A ship-to with a company shows the company, not the person's name (P.iframe).
  { path: '/account', shows: [P.script, P.img, P.svg, P.template] },
  { path: '/account/editbillinginfo', shows: [P.script, P.img, P.svg, P.template, P.webUrl] },
  { path: '/account/manageshippingaddresses', shows: [P.svg, P.script, P.iframe, P.img] },
  { path: `/account/editshippingaddress/${shipToCodeFor()}`, shows: [P.svg, P.script, P.iframe, P.img] },
  { path: '/cart', shows: [P.iframe, P.template, P.svg] },
  { path: '/checkout', shows: [P.svg, P.img] },
  { path: '/orders', shows: [P.img] },
  { path: `/orders/${orderNum}`, shows: [P.img, P.details, P.script, P.svg] },
  { path: `/checkout/complete/${orderNum}`, shows: [] },
  { path: '/speedlists', shows: [P.script, P.img, P.svg, P.template] },
  { path: `/speedlists/${speedListId}`, shows: [P.script] },
  { path: `/productdetail?categoryNum=${markdownItem.category}&productNum=${markdownItem.num}`, shows: ['Safe heading'] },
  ...Object.values(P).map((q) => ({ path: `/products?search=${encodeURIComponent(q)}`, shows: [q] })),
  {
    path: '/',
    shows: [P.details],
    act: async (page) => {
      const box = page.locator('form[role="search"] input').first();
      await box.fill(P.details);
      await box.press('Enter');
      await page.waitForURL(/\/products\?search=/);
    },
  },
];
const shipToCodeFor = () => encodeURIComponent(shipToCode);

/** What a payload could have built in the page: elements, event handlers, javascript: links. */
function injectedMarkup(): string[] {
  const found: string[] = [];
  for (const el of Array.from(document.querySelectorAll('*'))) {
    for (const a of Array.from(el.attributes)) {
      if (/^on/i.test(a.name) && a.value.includes('__xss')) found.push(`${el.tagName} ${a.name}="${a.value}"`);
      if (/^(href|src|action|formaction|xlink:href|data)$/i.test(a.name) && /^\s*javascript:/i.test(a.value)) found.push(`${el.tagName} ${a.name}="${a.value}"`);
    }
    if (el.tagName === 'SCRIPT' && (el.textContent ?? '').includes('__xss')) found.push('SCRIPT with a payload');
  }
  for (const sel of ['img[src="x"]', 'svg[onload]', 'details[ontoggle]', 'iframe']) {
    if (document.querySelector(sel)) found.push(sel);
  }
  return found;
}

async function openPages(context: BrowserContext): Promise<{ rows: string[]; dialogs: string[]; violations: string[] }> {
  const rows: string[] = [];
  const dialogs: string[] = [];
  const violations: string[] = [];
  const page = await context.newPage();
  page.on('dialog', (d) => {
    dialogs.push(`${page.url()}: ${d.type()} ${d.message()}`);
    void d.dismiss();
  });
  await page.exposeFunction('__reportCsp', (v: string) => violations.push(v));
  for (const visit of visits()) {
    await page.goto(`${shop.url}${visit.path}`);
    await page.waitForLoadState('networkidle');
    if (visit.act) await visit.act(page);
    if (visit.shows.length) {
      await page
        .waitForFunction(
          (texts) => {
            const fields = Array.from(document.querySelectorAll('input, textarea')).map((e) => (e as HTMLInputElement).value);
            const all = `${document.body.textContent ?? ''}\n${fields.join('\n')}`;
            return texts.every((t) => all.includes(t));
          },
          visit.shows,
          { timeout: 10_000 },
        )
        .catch(() => undefined);
    }
    await page.waitForLoadState('networkidle');
    const state = await page.evaluate((texts) => {
      const fields = Array.from(document.querySelectorAll('input, textarea')).map((e) => (e as HTMLInputElement).value);
      const all = `${document.body.textContent ?? ''}\n${fields.join('\n')}`;
      return { xss: (window as unknown as { __xss: number }).__xss, missing: texts.filter((t) => !all.includes(t)) };
    }, visit.shows);
    const markup = await page.evaluate(injectedMarkup);
    rows.push(`${visit.path}: ${state.xss} executions; missing text ${JSON.stringify(state.missing)}; markup ${JSON.stringify(markup)}`);
  }
  await page.close();
  return { rows, dialogs, violations };
}

async function newContext(bypassCSP: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP });
  await context.addInitScript((t) => {
    localStorage.setItem('shop.userToken', t);
    (window as unknown as { __xss: number }).__xss = 0;
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCsp?: (v: string) => void }).__reportCsp;
      void report?.(`${location.pathname}: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} ${e.sample}`);
    });
  }, token);
  return context;
}

const clean = (path: string) => `${path}: 0 executions; missing text []; markup []`;

describe('XSS payloads stored through the API', () => {
  it('run nowhere and show as text, with the CSP out of the way', { timeout: 300_000 }, async () => {
    const context = await newContext(true);
    const { rows, dialogs } = await openPages(context);
    await context.close();
    expect(rows).toEqual(visits().map((v) => clean(v.path)));
    expect(dialogs).toEqual([]);
  });

  it("run nowhere under the shop's CSP, which reports no blocked inline script", { timeout: 300_000 }, async () => {
    const context = await newContext(false);
    const { rows, dialogs, violations } = await openPages(context);
    await context.close();
    console.log(`CSP violation reports over ${rows.length} pages: ${violations.length}`);
    expect(rows.filter((r) => !/: 0 executions;/.test(r))).toEqual([]);
    expect(dialogs).toEqual([]);
    // Zod probes once per page whether `new Function` works (and falls back when CSP says no):
    // that is the one 'eval' report expected; anything inline would be markup a payload built.
    expect(violations.filter((v) => !/: script-src blocked eval $/.test(v))).toEqual([]);
  });
});
