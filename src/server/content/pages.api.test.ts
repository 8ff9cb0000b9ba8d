import { describe, expect, it } from 'vitest';
import { type AdminPage, PAGE_MESSAGES } from '../../contract/admin/pages';
import { call } from '../customers/testing';
import { adminCall, staffWith } from '../test-support/admin';
import { withShop } from '../test-support/shop';
import { auditCount } from '../security/admin-support';

const { t, staff: { editor } } = withShop({ staff: { editor: ['catalogue'] } });

const buyerPage = (slug: string) => call(t, { method: 'GET', url: `/Content/Pages/${slug}` });
const load = async (slug: string) => (await adminCall(t, editor, { method: 'GET', url: `/Pages/${slug}` })).body as AdminPage;
const save = (slug: string, payload: object) => adminCall(t, editor, { method: 'PUT', url: `/Pages/${slug}`, payload });

describe('the storefront’s text pages', () => {
  it('are seeded from the texts the storefront carried, rendered from Markdown', async () => {
    const list = await adminCall(t, editor, { method: 'GET', url: '/Pages' });
    expect(list.body.map((p: AdminPage) => p.slug)).toEqual(['about', 'degradability', 'privacy', 'terms']);
    const about = await buyerPage('about');
    expect(about.status).toBe(200);
    expect(about.headers['cache-control']).toBe('no-cache');
    expect(about.body).toMatchObject({ slug: 'about', title: 'About Skyline Balloons', description: 'Balloons made and sold by people who have been in the business since 1981.' });
    expect(about.body.html).toContain('<h2 id="whatwemake">What we make</h2>');
    const degradability = await buyerPage('degradability');
    expect(degradability.body.html).toContain('<a href="#safeballoonpractices" rel="noopener noreferrer">Safe balloon practices</a>');
    expect(degradability.body.html).toContain('<h2 id="safeballoonpractices">');
    expect(degradability.body.html).toContain('<li>Never inhale helium. It can cause serious injury or death.</li>');
    expect((await buyerPage('nope')).status).toBe(404);
  });

  it('show an edit to buyers at once, audited, with the version moved on', async () => {
    const before = await load('terms');
    const audits = await auditCount(t);
    const res = await save('terms', { title: 'Terms of sale', markdown: 'Our terms.\n\n## Payment\n\nNet **30** days. [Ask us](mailto:hello@example.com)', version: before.version });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Terms of sale', version: before.version + 1 });
    const seen = await buyerPage('terms');
    expect(seen.body.title).toBe('Terms of sale');
    expect(seen.body.html).toBe('<p>Our terms.</p>\n<h2 id="payment">Payment</h2>\n<p>Net <strong>30</strong> days. <a href="mailto:hello@example.com" rel="noopener noreferrer">Ask us</a></p>\n');
    expect(await auditCount(t)).toBe(audits + 1);
    const audit = await adminCall(t, editor, { method: 'GET', url: '/Audit?target=page:terms' });
    // The catalogue role may not read the audit log; the owner may.
    expect([200, 403]).toContain(audit.status);
    const row = await t.ctx.database.db.selectFrom('audit_log').selectAll().where('target', '=', 'page:terms').executeTakeFirstOrThrow();
    expect(row.action).toBe('page.update');
    expect(JSON.parse(row.summary)).toMatchObject({ title: ['Terms and conditions', 'Terms of sale'] });
  });

  it('refuse a stale version with 409 and the page as it is now, changing nothing', async () => {
    const page = await load('privacy');
    expect((await save('privacy', { title: 'First', markdown: 'One', version: page.version })).status).toBe(200);
    const audits = await auditCount(t);
    const stale = await save('privacy', { title: 'Second', markdown: 'Two', version: page.version });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe(PAGE_MESSAGES.stale);
    expect(stale.body.current).toMatchObject({ title: 'First', markdown: 'One', version: page.version + 1 });
    expect((await buyerPage('privacy')).body.title).toBe('First');
    expect(await auditCount(t)).toBe(audits);
  });

  it('never let a script or an event handler reach a buyer’s page', async () => {
    const page = await load('about');
    const hostile = [
      '# Hello <script>alert(1)</script>',
      '',
      '<img src=x onerror=alert(2)>',
      '',
      '<p onclick="alert(3)" style="color:red">text</p>',
      '',
      '[click](javascript:alert(4)) [data](data:text/html;base64,PHNjcmlwdD4=) <a href="//evil.example">x</a>',
      '',
      '<iframe src="https://evil.example"></iframe><svg onload=alert(5)></svg>',
      '',
      '## Head <b onmouseover=alert(6)>x</b>',
    ].join('\n');
    expect((await save('about', { title: 'About', markdown: hostile, version: page.version })).status).toBe(200);
    const preview = await adminCall(t, editor, { method: 'POST', url: '/Pages/Preview', payload: { markdown: hostile } });
    const seen = await buyerPage('about');
    // The preview is exactly what buyers get.
    expect(preview.body.html).toBe(seen.body.html);
    for (const bad of ['<script', 'onerror', 'onclick', 'onload', 'onmouseover', 'javascript:', 'data:', 'style=', '<iframe', '<svg', '<img', '//evil']) {
      expect(seen.body.html.toLowerCase()).not.toContain(bad);
    }
    expect(seen.body.html).toContain('Hello');
  });

  it('refuse bad input with 400 and change nothing', async () => {
    const page = await load('degradability');
    const audits = await auditCount(t);
    const bad: [object, RegExp][] = [
      [{ title: '', markdown: 'x', version: page.version }, /Title is required/],
      [{ title: 'T', markdown: 'x', version: 0 }, /Version/],
      [{ title: 'T', markdown: 'x'.repeat(100_001), version: page.version }, /Text \(Markdown\) is too long/],
      [{ title: 'T\nU', markdown: 'x', version: page.version }, /Title must not contain line breaks/],
      [{ title: 'T', markdown: 'x', version: page.version, extra: 1 }, /./],
      [{ title: 'T', version: page.version }, /Text \(Markdown\) is required/],
    ];
    for (const [payload, detail] of bad) {
      const res = await save('degradability', payload);
      expect(res.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.body.detail).toMatch(detail);
    }
    expect((await save('Not A Slug', { title: 'T', markdown: 'x', version: 1 })).status).toBe(400);
    expect((await save('missing', { title: 'T', markdown: 'x', version: 1 })).status).toBe(404);
    expect(await auditCount(t)).toBe(audits);
    expect((await load('degradability')).version).toBe(page.version);
  });

  it('may be read by the catalogue role but not by the warehouse', async () => {
    const warehouse = await staffWith(t, ['warehouse']);
    expect((await adminCall(t, warehouse, { method: 'GET', url: '/Pages' })).status).toBe(403);
    expect((await adminCall(t, warehouse, { method: 'POST', url: '/Pages/Preview', payload: { markdown: 'x' } })).status).toBe(403);
  });
});
