import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../platform/db/schema';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedStock } from '../stock/testing';

/** Two foil items: a message heart (with a hostile title) and a number shape. */
async function insertItems(db: Kysely<DB>): Promise<void> {
  await db
    .insertInto('categories')
    .values([
      { num: 3, description: 'Foil Balloons', parent_num: 0, kind: 'tree', logo: '', be_cat: 'FOIL', sort_order: 1 },
      { num: 33, description: 'Number Shapes', parent_num: 3, kind: 'tree', logo: '', be_cat: 'NUM', sort_order: 2 },
    ])
    .execute();
  const now = '2026-11-01T00:00:00Z';
  const item = (num: string, category: number, title: string, colour: string) => ({
    num,
    code: num,
    category_num: category,
    web_title: title,
    seo_title: '',
    key_words: '',
    upc: '',
    brand: '',
    color_family: colour,
    color_group: '',
    dimensions: '',
    packaged: '',
    case_qty: 1,
    price_cents: 100,
    srp_cents: 200,
    weight_oz: 1,
    logo: '',
    picture: `/images/items/${num}?v=1`,
    packaged_image: '',
    product_info_html: '',
    is_new: 0,
    active: 1,
    created_at: now,
    updated_at: now,
  });
  const rows = await db
    .insertInto('items')
    .values([
      item('F18-HBD', 3, '18" Happy Birthday Heart <script>alert(1)</script> & Co', 'Red'),
      item('33007', 33, '34" Number 7 Gold Foil Balloon', 'Gold'),
    ])
    .returning(['id', 'num'])
    .execute();
  const id = (num: string) => rows.find((r) => r.num === num)!.id;
  await seedStock(db, rows.map((r) => ({ num: r.num, qtyFr: 1, qtyFh: 1 })), { announce: false });
  await db
    .insertInto('item_facets')
    .values([
      { item_id: id('F18-HBD'), kind: 'shape', name: 'Heart', link: 'heart' },
      { item_id: id('F18-HBD'), kind: 'message', name: 'Happy Birthday', link: 'happy-birthday' },
      { item_id: id('F18-HBD'), kind: 'color', name: 'Red', link: 'red' },
      { item_id: id('33007'), kind: 'shape', name: 'Number', link: 'number' },
    ])
    .execute();
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp((ctx) => insertItems(ctx.database.db));
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('generated item pictures', () => {
  it('draws an item as a cacheable, script-proof SVG', async () => {
    const res = await get('/images/items/F18-HBD?v=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(res.body).toContain('Happy');
    expect(res.body).toContain('&lt;script&gt;');
    expect(res.body).not.toMatch(/<script/i);
  });

  it('letters a number shape with its digit', async () => {
    const res = await get('/images/items/33007?v=1');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/>7<\/text>/);
  });

  it('answers the same drawing again, and caches an unversioned URL only briefly', async () => {
    const first = await get('/images/items/33007?v=1');
    const again = await get('/images/items/33007');
    expect(again.body).toBe(first.body);
    expect(again.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers 404 problem for an unknown item', async () => {
    const res = await get('/images/items/NOPE-1?v=1');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 404, detail: 'Item NOPE-1 not found' });
  });

  it('never reads outside the images folder', async () => {
    writeFileSync(join(t.dataDir, 'secret.png'), 'not for you');
    for (const url of [
      '/images/items/..%2f..%2fetc%2fpasswd',
      '/images/items/..%2fsecret',
      '/images/items/%2e%2e%2fsecret.png',
      '/images/items/..%5csecret',
      '/images/items/../../etc/passwd',
      '/images/items/a%00b',
    ]) {
      const res = await get(url);
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.headers['content-type'], url).toContain('application/problem+json');
      expect(res.body, url).not.toContain('not for you');
    }
  });
});

describe('real photos', () => {
  it('serves a photo placed in the images folder instead of the drawing', async () => {
    const folder = join(t.dataDir, 'images', 'items');
    mkdirSync(folder, { recursive: true });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    writeFileSync(join(folder, 'F18-HBD.png'), png);
    const res = await get('/images/items/F18-HBD?v=2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it('serves a photo even for an item the catalogue does not list', async () => {
    const folder = join(t.dataDir, 'images', 'items');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'OLD-1.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
    const res = await get('/images/items/OLD-1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
  });
});

describe('logos', () => {
  it('draws the product-line and shop logos', async () => {
    for (const name of ['latex', 'foil', 'bubbles', 'shop']) {
      const res = await get(`/images/logos/${name}.svg`);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    }
    expect((await get('/images/logos/shop.svg')).body).toContain('Skyline');
  });

  it('answers 404 for an unknown logo', async () => {
    expect((await get('/images/logos/nope.svg')).statusCode).toBe(404);
  });

  it('draws a category logo with its name, 404 for an unknown category', async () => {
    const res = await get('/images/categories/33.svg?v=1');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Number Shapes');
    expect((await get('/images/categories/999.svg')).statusCode).toBe(404);
    expect((await get('/images/categories/abc.svg')).statusCode).toBe(400);
  });

  it('keeps the pictures out of the API document', async () => {
    const doc = (await get('/beapi/docs/json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/images'))).toBe(false);
  });
});
