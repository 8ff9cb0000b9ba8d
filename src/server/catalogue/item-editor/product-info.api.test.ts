import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, type StaffSessionForTest, staffWith } from '../../test-support/admin';
import { loadFixtureCatalogue } from '../test-fixture';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bodyOf, editorOf, putItem, storefront } from './test-helpers';

/**
 * Product info in Markdown (issue 29, decision 0032): stored as typed with its format, shown to
 * buyers and in the editor's preview only sanitised; the stored HTML of older items is kept as it
 * was until someone switches the item to Markdown.
 */

let t: TestApp;
let editor: StaffSessionForTest;

beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db));
  editor = await staffWith(t, ['catalogue']);
});
afterAll(() => t?.close());

const MARKDOWN = [
  '# Bright and *bold*',
  '',
  'Float time **12 hours**.',
  '',
  '- Helium',
  '- Air',
  '',
  '<img src=x onerror="window.__xss++"><script>window.__xss++</script>',
  '[click](javascript:window.__xss++)',
].join('\n');

const preview = (text: string, format: 'html' | 'markdown') => adminCall(t, editor, { method: 'POST', url: '/Items/ProductInfoPreview', payload: { text, format } });

function expectNoScript(html: string) {
  expect(html).not.toMatch(/<script|onerror|javascript:|<img|<a /i);
}

describe('product info in Markdown', () => {
  it('previews Markdown as sanitised HTML, and stores nothing', async () => {
    const res = await preview(MARKDOWN, 'markdown');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.body.html).toContain('<h3>Bright and <em>bold</em></h3>');
    expect(res.body.html).toContain('<p>Float time <strong>12 hours</strong>.</p>');
    expect(res.body.html).toContain('<ul>\n<li>Helium</li>\n<li>Air</li>\n</ul>');
    expect(res.body.html).toContain('click');
    expectNoScript(res.body.html);
    expect((await preview('<p onclick="x()">Old</p>', 'html')).body.html).toBe('<p>Old</p>');
    expect((await preview('x', 'rtf' as 'html')).status).toBe(400);
  });

  it('keeps an older item’s HTML as it was, and its format html', async () => {
    const item = await editorOf(t, editor, '11001');
    expect(item.productInfoFormat).toBe('html');
    expect(item.web_Product_Info).toContain('<script>');
    // A save that leaves the description alone (and sends no format) changes neither.
    expect((await putItem(t, editor, '11001', { ...bodyOf(item, { web_Title: 'Red again' }), productInfoFormat: undefined })).status).toBe(200);
    const after = await editorOf(t, editor, '11001');
    expect(after).toMatchObject({ productInfoFormat: 'html', web_Product_Info: item.web_Product_Info });
  });

  it('stores Markdown as typed and shows buyers the same sanitised HTML as the preview', async () => {
    const item = await editorOf(t, editor, '12001');
    const res = await putItem(t, editor, '12001', bodyOf(item, { web_Product_Info: MARKDOWN, productInfoFormat: 'markdown' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ web_Product_Info: MARKDOWN, productInfoFormat: 'markdown' });
    const shown = (await storefront(t, '12001', { category: 12, search: 'scarlet' })).detail!.web_Product_Info as string;
    expect(shown).toBe((await preview(MARKDOWN, 'markdown')).body.html);
    expectNoScript(shown);
  });

  it('switches an HTML description to Markdown without losing its text', async () => {
    const item = await editorOf(t, editor, '30001');
    const html = '<p>Great for <strong>birthdays</strong></p>\n<ul><li>18 inch</li></ul>';
    expect((await putItem(t, editor, '30001', bodyOf(item, { web_Product_Info: html }))).status).toBe(200);
    const asHtml = (await storefront(t, '30001', { category: 3, search: 'x' })).detail!.web_Product_Info;
    const switched = await editorOf(t, editor, '30001');
    expect((await putItem(t, editor, '30001', bodyOf(switched, { productInfoFormat: 'markdown' }))).status).toBe(200);
    const asMarkdown = (await storefront(t, '30001', { category: 3, search: 'x' })).detail!.web_Product_Info;
    expect(asMarkdown.replace(/\s+/g, '')).toBe(asHtml.replace(/\s+/g, ''));
  });

  it('creates an item in Markdown', async () => {
    const res = await adminCall(t, editor, {
      method: 'POST',
      url: '/Items',
      payload: {
        code: '', web_Title: 'Markdown Orbz', web_Product_Info: 'Shiny **orbz**', productInfoFormat: 'markdown', key_Words: '', upc: '', srp: 8, price: 4.5, packaged: 'each',
        caseQty: 1, dimensions: '', color_Family: '', colorGroup: '', brand: '', seO_Title: '', new: true, categories: [4],
        filters: { color: [], sizes: [], events: [], messages: [], shapes: [], themes: [], poscat: [] }, attributes: [], suggestedItems: [], status: 'active',
      },
    });
    expect(res.status).toBe(201);
    const detail = (await storefront(t, res.body.num, { category: 4, search: 'orbz' })).detail!;
    expect(detail.web_Product_Info).toBe('<p>Shiny <strong>orbz</strong></p>');
  });
});
