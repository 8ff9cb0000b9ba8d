import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';

/** The built web app as a browser receives it: index.html per landing page, cached assets. */

let t: TestApp;

beforeAll(async () => {
  const web = join(process.env.TMPDIR ?? '/tmp', `shop-web-static-${process.pid}-${Date.now()}`);
  mkdirSync(join(web, 'assets'), { recursive: true });
  mkdirSync(join(web, '.vite'), { recursive: true });
  writeFileSync(join(web, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/index-1.js"></script></head><body></body></html>');
  for (const f of ['index-1.js', 'shared-1.js', 'products-page-1.js', 'products-page-1.css', 'grid-page-1.js']) writeFileSync(join(web, 'assets', f), '/* built */');
  // The back office's own build (vite.config.ts): dist/web/admin/index.html and its chunks.
  mkdirSync(join(web, 'admin', 'assets'), { recursive: true });
  writeFileSync(join(web, 'admin', 'index.html'), '<!doctype html><html><head><title>Back office</title><script type="module" src="/admin/assets/index-9.js"></script></head><body></body></html>');
  writeFileSync(join(web, 'admin', 'assets', 'index-9.js'), '/* built admin */');
  // The shape of Vite's build manifest: the entry, one page importing a chunk the entry also has.
  const manifest = {
    'main.tsx': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'] },
    '_shared-1.js': { file: 'assets/shared-1.js' },
    'features/catalogue/products-page.tsx': { file: 'assets/products-page-1.js', isDynamicEntry: true, imports: ['_shared-1.js'], css: ['assets/products-page-1.css'] },
    'features/catalogue/grid-page.tsx': { file: 'assets/grid-page-1.js', isDynamicEntry: true, imports: ['_shared-1.js'] },
  };
  writeFileSync(join(web, '.vite', 'manifest.json'), JSON.stringify(manifest));
  t = await createTestApp(undefined, { webDir: web });
}, 60_000);
afterAll(() => t?.close());

describe('the built web app', () => {
  it("names a landing page's own code and CSS in its index.html, not the entry's", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/products?categoryNum=11' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/products-page-1.js">');
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/products-page-1.css">');
    expect(res.body).not.toContain('href="/assets/shared-1.js"');
    expect(res.body.indexOf('products-page-1.js')).toBeLessThan(res.body.indexOf('</head>'));
  });

  it('preloads the order grid for every category\'s grid page, and only there', async () => {
    for (const url of ['/order-grid/1', '/order-grid/27?group=Pastel']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/grid-page-1.js">');
    }
    for (const url of ['/order-grid', '/order-grid/1/more', '/products']) {
      expect((await t.app.inject({ method: 'GET', url })).body).not.toContain('grid-page-1.js');
    }
  });

  it('sends the plain index.html for any other client route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/cart' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('modulepreload');
    expect(res.body).toContain('/assets/index-1.js');
  });

  it('lets the browser revalidate index.html and keep hashed assets for a year', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/products' });
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({ method: 'GET', url: '/products', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const other = await t.app.inject({ method: 'GET', url: '/cart', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(other.statusCode).toBe(200);
    const asset = await t.app.inject({ method: 'GET', url: '/assets/products-page-1.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('the back office app', () => {
  it('answers /admin and every path under it with the admin page, never the storefront', async () => {
    for (const url of ['/admin', '/admin/', '/admin/orders?status=received', '/admin/orders/100123', '/admin/signin?next=%2Fstock']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body, url).toContain('/admin/assets/index-9.js');
      expect(res.body, url).not.toContain('/assets/index-1.js');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('keeps the storefront for every other path, including look-alikes', async () => {
    for (const url of ['/administrator', '/adminx/orders', '/orders', '/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('/assets/index-1.js');
      expect(res.body, url).not.toContain('/admin/assets/');
    }
  });

  it('serves its hashed chunks for a year and 404s a missing one instead of sending a page', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/admin/assets/index-9.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/admin/assets/gone-1.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/problem+json');
  });

  it('revalidates the admin page by its own ETag', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/admin/orders' });
    const again = await t.app.inject({ method: 'GET', url: '/admin/stock', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const store = await t.app.inject({ method: 'GET', url: '/cart', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(store.statusCode).toBe(200);
  });

  it('leaves /beapi/Admin to the API: an unknown admin call is a 404 problem, not a page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/beapi/Admin/NoSuchThing' });
    expect(res.statusCode).not.toBe(200);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});
