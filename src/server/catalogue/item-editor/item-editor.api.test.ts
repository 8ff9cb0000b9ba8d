import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_MESSAGES, type ItemEditor } from '../../../contract/admin/items';
import { newCustomer } from '../../customers/testing';
import { adminCall, type StaffSessionForTest, staffWith } from '../../test-support/admin';
import { loadFixtureCatalogue } from '../test-fixture';
import { auditCount } from '../../security/admin-support';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { bodyOf, editorOf, putItem, storefront } from './test-helpers';

let t: TestApp;
let editor: StaffSessionForTest;
let buyerToken: string;

beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db));
  editor = await staffWith(t, ['catalogue']);
  buyerToken = (await newCustomer(t)).token;
});
afterAll(() => t?.close());

describe('the editor JSON', () => {
  it('answers an item with the storefront’s field names, its categories, filters, status and version', async () => {
    const item = await editorOf(t, editor, '11001');
    expect(item).toMatchObject({
      num: '11001', code: 'C-11001', web_Title: '11" Red Latex', key_Words: 'classic party', upc: '071234110018', price: 12.5, srp: 19.99,
      caseQty: 10, packaged: '100 ct bag', color_Family: 'Red', colorGroup: 'ltx11', brand: 'Skyline', new: false, categories: [11],
      filters: { color: ['Red'], sizes: ['11"'], events: [], messages: [], shapes: [], themes: [], poscat: ['12'] },
      attributes: [{ name: 'Finish', value: 'Standard' }], suggestedItems: ['11002', '30001'], status: 'active', photos: [], version: 1,
    });
    expect(item.web_Product_Info).toContain('<script>');
    expect((await editorOf(t, editor, '11002')).categories).toEqual([11, 900]);
    expect((await adminCall(t, editor, { method: 'GET', url: '/Items/99999' })).status).toBe(404);
  });
});

describe('editing an item', () => {
  it('shows every edited field on the storefront at once: listing, search and detail', async () => {
    const before = await editorOf(t, editor, '12001');
    const res = await putItem(t, editor, '12001', bodyOf(before, {
      code: 'RED-16', web_Title: '16" Scarlet Latex', key_Words: 'crimson gala', upc: '036000291452', price: 11.25, srp: 24.5, caseQty: 12,
      packaged: '50 ct bag', dimensions: '16 in', color_Family: 'Scarlet', brand: 'Skyline Pro', seO_Title: 'Scarlet balloons', new: true,
      web_Product_Info: '<p>Deep <b>red</b></p><img src=x onerror=alert(1)>', attributes: [{ name: 'Finish', value: 'Matte' }], suggestedItems: ['11001'],
      filters: { ...before.filters, events: ['Valentine’s Day'] },
    }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ web_Title: '16" Scarlet Latex', price: 11.25, version: 2, filters: { events: ['Valentine’s Day'] } });

    const seen = await storefront(t, '12001', { category: 1, search: 'crimson', token: buyerToken });
    expect(seen.listed).toMatchObject({ code: 'RED-16', web_Title: '16" Scarlet Latex', srp: 24.5, price: 11.25, new: true });
    expect(seen.found).toMatchObject({ num: '12001', web_Title: '16" Scarlet Latex' });
    expect(seen.detail).toMatchObject({
      code: 'RED-16', web_Title: '16" Scarlet Latex', seO_Title: 'Scarlet balloons', upc: '036000291452', key_Words: 'crimson gala', srp: 24.5, price: 11.25,
      caseQty: 12, packaged: '50 ct bag', dimensions: '16 in', color_Family: 'Scarlet', brand: 'Skyline Pro', new: true,
      web_Product_Info: '<p>Deep <b>red</b></p>', attributes: [{ name: 'Finish', value: 'Matte' }],
    });
    expect(seen.detail.suggestedItems.map((s: { num: string }) => s.num)).toEqual(['11001']);
    // The new filter value lists and filters; the old search words find it no more.
    const filtered = await adminlessGet('/Inventory/GetPagedItemsForCategory?categoryNum=1&events=valentines-day');
    expect(filtered.items.map((i: { num: string }) => i.num)).toEqual(['12001']);
    expect((await storefront(t, '12001', { category: 1, search: 'RED-16 scarlet' })).found).toBeDefined();
    expect((await storefront(t, '12001', { category: 1, search: '071234120017' })).found).toBeUndefined();
  });

  it('moves an item to another category and into a collection', async () => {
    const before = await editorOf(t, editor, '30003');
    const res = await putItem(t, editor, '30003', bodyOf(before, { categories: [33, 900] }));
    expect(res.status).toBe(200);
    expect(res.body.categories).toEqual([33, 900]);
    expect((await storefront(t, '30003', { category: 33, search: 'dinosaur' })).listed).toBeDefined();
    expect((await adminlessGet('/Inventory/GetPagedItemsForNVCategory?categoryNum=900')).items.map((i: { num: string }) => i.num)).toContain('30003');
  });

  it('refuses a stale version with 409 and the other change in the body', async () => {
    const opened = await editorOf(t, editor, '11003');
    const other = await staffWith(t, ['manager']);
    expect((await putItem(t, other, '11003', bodyOf(opened, { price: 9.99 }))).status).toBe(200);
    const audits = await auditCount(t);
    const res = await putItem(t, editor, '11003', bodyOf(opened, { web_Title: 'Mine' }));
    expect(res.status).toBe(409);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body.detail).toBe(ITEM_MESSAGES.stale);
    expect(res.body.current).toMatchObject({ num: '11003', price: 9.99, web_Title: '11" Pastel Pink Latex', version: opened.version + 1 });
    expect(await auditCount(t)).toBe(audits);
    expect((await editorOf(t, editor, '11003')).web_Title).toBe('11" Pastel Pink Latex');
  });

  it('checks the UPC: 12 digits with a right check digit, and not another item’s', async () => {
    const item = await editorOf(t, editor, '30002');
    const audits = await auditCount(t);
    const wrongDigit = await putItem(t, editor, '30002', bodyOf(item, { upc: '036000291453' }));
    expect(wrongDigit.status).toBe(400);
    expect(wrongDigit.body.detail).toBe(ITEM_MESSAGES.upcCheckDigit(2));
    expect((await putItem(t, editor, '30002', bodyOf(item, { upc: '12345' }))).body.detail).toBe(ITEM_MESSAGES.upcFormat);
    const taken = await putItem(t, editor, '30002', bodyOf(item, { upc: '071234110018' }));
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe(ITEM_MESSAGES.upcTaken('071234110018', '11001'));
    expect(await editorOf(t, editor, '30002')).toEqual(item);
    expect(await auditCount(t)).toBe(audits);
  });

  it('answers 400 to bad types, unknown fields and broken rules, changing nothing', async () => {
    const item = await editorOf(t, editor, '30001');
    const audits = await auditCount(t);
    const bad: Record<string, unknown>[] = [
      { price: '12.50' }, { price: -1 }, { price: 1.234 }, { srp: 1 }, { caseQty: 0 }, { caseQty: 2.5 }, { new: 'yes' }, { status: 'gone' },
      { version: 'x' }, { web_Title: '' }, { web_Title: 'a\u202Eb' }, { categories: [] }, { categories: [999] }, { categories: [11, 12] }, { categories: [900] },
      { filters: { ...item.filters, poscat: ['777'] } }, { filters: { ...item.filters, bogus: [] } }, { suggestedItems: ['77777'] }, { num: '11001' }, { surprise: 1 },
    ];
    for (const over of bad) {
      const res = await putItem(t, editor, '30001', { ...bodyOf(item), ...over });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    expect(await editorOf(t, editor, '30001')).toEqual(item);
    expect(await auditCount(t)).toBe(audits);
  });
});

describe('creating an item', () => {
  const fields = {
    code: 'NEW-1', web_Title: 'Aurora Orbz', web_Product_Info: '<p>Shiny</p>', key_Words: 'aurora orbz', upc: '', srp: 8, price: 4.5, packaged: 'each',
    caseQty: 25, dimensions: '', color_Family: 'Silver', colorGroup: '', brand: 'Skyline', seO_Title: '', new: true, categories: [3],
    filters: { color: ['Silver'], sizes: [], events: [], messages: [], shapes: ['Orbz'], themes: [], poscat: ['30'] }, attributes: [], suggestedItems: [], status: 'active',
  };

  it('answers 201 with the next free number of its category, and buyers find it at once', async () => {
    const res = await adminCall(t, editor, { method: 'POST', url: '/Items', payload: fields });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ num: '30004', web_Title: 'Aurora Orbz', version: 1, status: 'active', categories: [3] });
    const seen = await storefront(t, '30004', { category: 3, search: 'orbz' });
    expect(seen.listed).toMatchObject({ web_Title: 'Aurora Orbz', srp: 8, new: true });
    expect(seen.found).toBeDefined();
    expect(seen.detail).toMatchObject({ num: '30004', packaged: 'each' });
  });

  it('takes a given number, and refuses a taken one or a taken UPC with 409', async () => {
    expect((await adminCall(t, editor, { method: 'POST', url: '/Items', payload: { ...fields, num: '55555', upc: '042100005264' } })).status).toBe(201);
    const taken = await adminCall(t, editor, { method: 'POST', url: '/Items', payload: { ...fields, num: '55555' } });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe(ITEM_MESSAGES.numTaken('55555'));
    const upc = await adminCall(t, editor, { method: 'POST', url: '/Items', payload: { ...fields, num: '55556', upc: '042100005264' } });
    expect(upc.status).toBe(409);
    expect((await adminCall(t, editor, { method: 'GET', url: '/Items/55556' })).status).toBe(404);
  });
});

describe('hidden and discontinued items', () => {
  it('leave listings and search but keep their detail page', async () => {
    for (const status of ['hidden', 'discontinued'] as const) {
      const item = await editorOf(t, editor, '33007');
      expect((await putItem(t, editor, '33007', bodyOf(item, { status }))).status).toBe(200);
      const seen = await storefront(t, '33007', { category: 3, search: 'number gold' });
      expect(seen.listed).toBeUndefined();
      expect(seen.found).toBeUndefined();
      expect(seen.detail).toMatchObject({ num: '33007', web_Title: 'Number 7 Gold' });
    }
    const list = await adminCall(t, editor, { method: 'GET', url: '/Items?status=discontinued' });
    expect(list.body.items.map((i: { num: string }) => i.num)).toEqual(['33007']);
    const back = await editorOf(t, editor, '33007');
    expect((await putItem(t, editor, '33007', bodyOf(back, { status: 'active' }))).status).toBe(200);
    expect((await storefront(t, '33007', { category: 3, search: 'number gold' })).found).toBeDefined();
  });

  it('changes the status of a selection in bulk', async () => {
    const res = await adminCall(t, editor, { method: 'POST', url: '/Items/Bulk/Status', payload: { nums: ['30001', '30002', '99999'], status: 'hidden' } });
    expect(res.body).toEqual({ updated: 2, unchanged: 0, missing: ['99999'] });
    expect((await storefront(t, '30001', { category: 3, search: 'heart' })).listed).toBeUndefined();
    const again = await adminCall(t, editor, { method: 'POST', url: '/Items/Bulk/Status', payload: { nums: ['30001', '30002'], status: 'active' } });
    expect(again.body).toEqual({ updated: 2, unchanged: 0, missing: [] });
    expect((await storefront(t, '30001', { category: 3, search: 'heart' })).listed).toBeDefined();
  });
});

describe('bulk price change by percent', () => {
  it('previews old → new for a category, and applying does exactly that', async () => {
    const payload = { category: 1, percent: 10 };
    const before = await adminCall(t, editor, { method: 'GET', url: '/Items?category=1&pageSize=200' });
    const audits = await auditCount(t);
    const preview = await adminCall(t, editor, { method: 'POST', url: '/Items/Bulk/Price?dryRun=1', payload });
    expect(preview.status).toBe(200);
    expect(await auditCount(t)).toBe(audits);
    expect((await adminCall(t, editor, { method: 'GET', url: '/Items?category=1&pageSize=200' })).body).toEqual(before.body);
    expect(preview.body.changed).toBeGreaterThan(0);
    const row = preview.body.rows.find((r: { num: string }) => r.num === '11001');
    expect(row).toMatchObject({ oldPrice: 12.5, newPrice: 13.75, oldSrp: 19.99, newSrp: 19.99 });

    const applied = await adminCall(t, editor, { method: 'POST', url: '/Items/Bulk/Price?dryRun=0', payload });
    expect({ ...applied.body, dryRun: true }).toEqual(preview.body);
    for (const r of preview.body.rows) expect((await editorOf(t, editor, r.num)).price).toBe(r.newPrice);
    expect((await storefront(t, '11001', { category: 1, search: 'red', token: buyerToken })).listed?.price).toBe(13.75);
    expect(await auditCount(t)).toBe(audits + 1);
  });

  it('leaves an item whose price would pass its SRP, and reports it', async () => {
    const res = await adminCall(t, editor, { method: 'POST', url: '/Items/Bulk/Price?dryRun=1', payload: { nums: ['11002'], percent: 150 } });
    expect(res.body).toMatchObject({ changed: 0, refused: [{ num: '11002', message: ITEM_MESSAGES.priceAboveSrp }] });
    const both = await adminCall(t, editor, { method: 'POST', url: '/Items/Bulk/Price?dryRun=1', payload: { nums: ['11002'], percent: 150, srp: true } });
    expect(both.body.rows[0]).toMatchObject({ oldPrice: 11, newPrice: 27.5, oldSrp: 19.99, newSrp: 49.98 });
    expect((await adminCall(t, editor, { method: 'POST', url: '/Items/Bulk/Price', payload: { nums: ['11002'], category: 1, percent: 5 } })).status).toBe(400);
  });
});

describe('permissions', () => {
  it('lets the catalogue role, owners and managers in, and refuses the warehouse with 403', async () => {
    const warehouse = await staffWith(t, ['warehouse']);
    const item = await editorOf(t, editor, '40001');
    expect((await adminCall(t, warehouse, { method: 'GET', url: '/Items' })).status).toBe(403);
    expect((await adminCall(t, warehouse, { method: 'GET', url: '/Items/40001' })).status).toBe(403);
    expect((await putItem(t, warehouse, '40001', bodyOf(item, { price: 1 }))).status).toBe(403);
    expect((await adminCall(t, warehouse, { method: 'POST', url: '/Items/Bulk/Price?dryRun=1', payload: { nums: ['40001'], percent: 5 } })).status).toBe(403);
    expect((await editorOf(t, editor, '40001')).price).toBe(item.price);
    for (const roles of [['owner'], ['manager']] as const) {
      expect((await adminCall(t, await staffWith(t, [...roles]), { method: 'GET', url: '/Items?q=bubble' })).body.items.map((i: ItemEditor) => i.num)).toEqual(['40001']);
    }
  });
});

async function adminlessGet(url: string) {
  const res = await t.app.inject({ method: 'GET', url: `/beapi${url}` });
  return res.json();
}
