import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, withToken } from '../../customers/testing';
import { bumpCatalogueVersion } from '../queries';
import { seedDemoData } from '../../demo-data';
import { createTestApp, type TestApp } from '../../test-support/test-app';

/**
 * The text a PDF shows: pdfkit writes each run of text as hex strings inside TJ arrays of its
 * (deflated) content streams. Enough to check what a reader would see, without poppler.
 */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  const texts: string[] = [];
  const stream = /(?<!end)stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = stream.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end === -1) break;
    const chunk = bytes.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(chunk).toString('latin1');
    } catch {
      content = chunk.toString('latin1');
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]).join('');
      texts.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
    stream.lastIndex = end;
  }
  return texts.join('\n');
}

const pageCount = (bytes: Buffer) => (bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp((ctx) => seedDemoData(ctx.database.db));
  token = await login(t, 'buyer@example.com', 'balloons123');
}, 120_000);
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /beapi/System/GetCatalogs', () => {
  it('answers 401 without a token', async () => {
    const res = await get('/beapi/System/GetCatalogs');
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect((await get('/beapi/System/GetCatalogs', withToken('not-a-token'))).statusCode).toBe(401);
  });

  it('lists one catalogue per product line and the latex palette, grouped by folder', async () => {
    const res = await get('/beapi/System/GetCatalogs', withToken(token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { folder: 'Product Catalogs', name: 'Premium Latex', url: '/catalogs/premium-latex.pdf', imageUrl: '/images/logos/latex.svg' },
      { folder: 'Product Catalogs', name: 'Foil Balloons', url: '/catalogs/foil.pdf', imageUrl: '/images/logos/foil.svg' },
      { folder: 'Product Catalogs', name: 'Bubble Balloons', url: '/catalogs/bubbles.pdf', imageUrl: '/images/logos/bubbles.svg' },
      { folder: 'Color Charts', name: 'Premium Latex Color Palette', url: '/catalogs/premium-latex-palette.pdf', imageUrl: '/images/categories/1.svg' },
    ]);
  });
});

describe('catalogue PDFs', () => {
  it('serves a real PDF of the bubbles line: cover, items with number, title, pack and SRP', async () => {
    const res = await get('/catalogs/bubbles.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="bubbles.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const index = t.ctx.catalogue.current();
    const bubbles = [...index.categoryMembers(4, 'num')].map((p) => index.items[p]!);
    expect(bubbles.length).toBeGreaterThan(0);
    // A cover, then at least three rows of four items a page (no page without items).
    expect(pageCount(res.rawPayload)).toBeGreaterThanOrEqual(1 + Math.ceil(bubbles.length / 16));
    expect(pageCount(res.rawPayload)).toBeLessThanOrEqual(1 + Math.ceil(bubbles.length / 12));
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Bubble Balloons');
    for (const item of bubbles) {
      expect(text).toContain(item.num);
      expect(text).toContain(`SRP: $${(item.srpCents / 100).toFixed(2)}`);
    }
    expect(text).toMatch(/Pack: \d+ ct pack/);
  });

  it('draws every item of the premium latex and foil lines', async () => {
    for (const [file, categoryNum] of [
      ['premium-latex', 1],
      ['foil', 3],
    ] as const) {
      const res = await get(`/catalogs/${file}.pdf`);
      expect(res.statusCode, file).toBe(200);
      const text = pdfText(res.rawPayload);
      const index = t.ctx.catalogue.current();
      for (const p of index.categoryMembers(categoryNum, 'num')) expect(text).toContain(index.items[p]!.num);
    }
  }, 60_000);

  it('serves the latex colour palette the latex menu links to', async () => {
    const res = await get('/catalogs/premium-latex-palette.pdf');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    for (const colour of t.ctx.catalogue.current().categoryDistincts(1).distinctColors) expect(text).toContain(colour.name);
  });

  it('keeps a generated PDF on disk and answers 304 to a revalidation', async () => {
    const first = await get('/catalogs/bubbles.pdf');
    const files = readdirSync(join(t.dataDir, 'catalogs'));
    expect(files.some((f) => f.startsWith('bubbles.') && f.endsWith('.pdf'))).toBe(true);
    const again = await get('/catalogs/bubbles.pdf', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('is drawn again after the catalogue changes, serving the previous one until then', async () => {
    const index = t.ctx.catalogue.current();
    const item = index.items[index.categoryMembers(4, 'num')[0]!]!;
    const before = await get('/catalogs/bubbles.pdf');
    await t.ctx.database.db.updateTable('items').set({ web_title: 'Zebra Party Bubble Renamed' }).where('num', '=', item.num).execute();
    await bumpCatalogueVersion(t.ctx.database.db);
    await t.ctx.catalogue.refresh();
    // Not held up by a drawing: the previous PDF, at once.
    expect((await get('/catalogs/bubbles.pdf')).headers.etag).toBe(before.headers.etag);
    await t.ctx.catalogs.regenerate();
    const after = await get('/catalogs/bubbles.pdf');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(pdfText(after.rawPayload)).toContain('Zebra Party Bubble Renamed');
    expect(pdfText(before.rawPayload)).not.toContain('Zebra Party Bubble Renamed');
    // The old version's file is removed from disk.
    const files = readdirSync(join(t.dataDir, 'catalogs')).filter((f) => f.startsWith('bubbles.'));
    expect(files).toHaveLength(1);
  });

  it('answers 404 for an unknown catalogue and never reads outside its folder', async () => {
    expect((await get('/catalogs/nope.pdf')).statusCode).toBe(404);
    for (const url of ['/catalogs/..%2fshop.db.pdf', '/catalogs/%2e%2e%2fx.pdf']) {
      const res = await get(url);
      expect([400, 404], url).toContain(res.statusCode);
    }
    expect(existsSync(join(t.dataDir, 'catalogs'))).toBe(true);
  });
});
