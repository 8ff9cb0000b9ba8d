import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, type StaffSessionForTest, staffWith } from '../../test-support/admin';
import { loadFixtureCatalogue } from '../test-fixture';
import { pdfText } from '../../platform/pdf/pdf-text';
import { bodyOf, editorOf, putItem } from '../item-editor/test-helpers';
import { createTestApp, type TestApp } from '../../test-support/test-app';

/**
 * The landing page's catalogue PDFs follow the catalogue without holding requests up: after a
 * price edit the PDF served is the previous one until it is redrawn (here with the back office's
 * Regenerate; in production also by itself, CATALOG_PDF_DEBOUNCE_MS after the last change).
 */

let t: TestApp;
let editor: StaffSessionForTest;

beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db));
  editor = await staffWith(t, ['catalogue']);
}, 60_000);
afterAll(() => t?.close());

const bubbles = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/catalogs/bubbles.pdf' });
  expect(res.statusCode).toBe(200);
  return { etag: res.headers.etag, text: (await pdfText(res.rawPayload)).text };
};

describe('POST /beapi/Admin/Catalogs/Regenerate', () => {
  it('after a price edit, the PDF read back shows the new price once regenerated', async () => {
    const before = await bubbles();
    expect(before.text).toContain('SRP: $19.99');

    const item = await editorOf(t, editor, '40001');
    expect((await putItem(t, editor, '40001', bodyOf(item, { price: 11.5, srp: 24.75 }))).status).toBe(200);
    // Meanwhile: the previous PDF, at once.
    expect((await bubbles()).etag).toBe(before.etag);

    const res = await adminCall(t, editor, { method: 'POST', url: '/Catalogs/Regenerate' });
    expect(res.status).toBe(200);
    expect(res.body.catalogs.map((c: { file: string }) => c.file)).toContain('bubbles');
    const after = await bubbles();
    expect(after.etag).not.toBe(before.etag);
    expect(after.text).toContain('SRP: $24.75');
    expect(after.text).not.toContain('SRP: $19.99');
    const audit = await t.ctx.database.db.selectFrom('audit_log').select('actor').where('action', '=', 'catalogs.regenerate').execute();
    expect(audit).toHaveLength(1);
  });

  it('is refused to staff without catalogue:write', async () => {
    const desk = await staffWith(t, ['orders']);
    expect((await adminCall(t, desk, { method: 'POST', url: '/Catalogs/Regenerate' })).status).toBe(403);
  });
});

describe('redrawing by itself', () => {
  it('draws the catalogues again in the background once the catalogue has been quiet', async () => {
    const before = await bubbles();
    const item = await editorOf(t, editor, '40001');
    expect((await putItem(t, editor, '40001', bodyOf(item, { srp: 26.5 }))).status).toBe(200);
    t.ctx.catalogs.watch(1000);
    try {
      let now = before;
      for (let i = 0; i < 60 && now.etag === before.etag; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        now = await bubbles();
      }
      expect(now.text).toContain('SRP: $26.50');
    } finally {
      t.ctx.catalogs.stop();
    }
  });
});
