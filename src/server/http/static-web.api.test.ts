import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

/** The built web app as a browser receives it: index.html per landing page, cached assets. */

let t: TestApp;

beforeAll(async () => {
  const web = join(process.env.TMPDIR ?? '/tmp', `shop-web-static-${process.pid}-${Date.now()}`);
  mkdirSync(join(web, 'assets'), { recursive: true });
  mkdirSync(join(web, '.vite'), { recursive: true });
  writeFileSync(join(web, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/index-1.js"></script></head><body></body></html>');
  for (const f of ['index-1.js', 'shared-1.js', 'products-page-1.js', 'products-page-1.css']) writeFileSync(join(web, 'assets', f), '/* built */');
  // The shape of Vite's build manifest: the entry, one page importing a chunk the entry also has.
  const manifest = {
    'main.tsx': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'] },
    '_shared-1.js': { file: 'assets/shared-1.js' },
    'features/catalogue/products-page.tsx': { file: 'assets/products-page-1.js', isDynamicEntry: true, imports: ['_shared-1.js'], css: ['assets/products-page-1.css'] },
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
