import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrderForm, ORDER_FORM_MESSAGES } from '../../../contract/admin/order-forms';
import type { Survey } from '../../../contract/survey';
import { call, newCustomer, withToken } from '../../customers/testing';
import { adminCall, type StaffSessionForTest, staffWith } from '../../test-support/admin';
import { seedDemoCatalogue } from '../../catalogue/testing';
import { auditCount } from '../../security/admin-support';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { DEMO_SURVEY_ID, seedDemoSurvey } from './demo-survey';

let t: TestApp;
let editor: StaffSessionForTest;
let token: string;
let winter: OrderForm;

beforeAll(async () => {
  t = await createTestApp(async (ctx) => {
    await seedDemoCatalogue(ctx.database.db);
    await seedDemoSurvey(ctx.database.db);
  });
  editor = await staffWith(t, ['catalogue']);
  token = (await newCustomer(t)).token;
  winter = (await adminCall(t, editor, { method: 'GET', url: `/OrderForms/${DEMO_SURVEY_ID}` })).body;
}, 120_000);
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const admin = (method: Method, url: string, payload?: object) => adminCall(t, editor, { method, url, ...(payload ? { payload } : {}) });
const buyerSees = (id: string) => call(t, { method: 'GET', url: `/Survey/GetSurveyInfo?masterid=${id}`, headers: withToken(token) });
/** The form as the editor sends it back: pages and sections with their ids, items by number. */
const bodyOf = (f: OrderForm) => ({
  title: f.title,
  subtitle: f.subtitle,
  active: f.active,
  opensAt: f.opensAt,
  closesAt: f.closesAt,
  version: f.version,
  pages: f.pages.map((p) => ({ id: p.id, title: p.title, sections: p.sections.map((s) => ({ id: s.id, title: s.title, items: s.items.map((i) => i.itemNum) })) })),
});
const itemsSeen = (s: Survey) => s.pages.map((p) => `${p.title}: ${p.questions.flatMap((q) => q.detail.filter((d) => d.type === 'ITEM').map((d) => d.itemnum)).join(' ')}`);
const nums = () => winter.pages.flatMap((p) => p.sections.flatMap((s) => s.items.map((i) => i.itemNum)));

describe('order forms in the back office', () => {
  it('lists the forms with their counts, and shows one with its pages, sections and item titles', async () => {
    const list = await admin('GET', '/OrderForms');
    expect(list.body).toEqual([expect.objectContaining({ masterId: 'WINTER', active: true, version: 1, pageCount: winter.pages.length, itemCount: nums().length })]);
    expect(winter.pages[0]!.sections[0]!.items[0]).toEqual({ itemNum: expect.any(String), title: expect.any(String), available: true });
    expect(winter.pages[0]!.sections[0]!.items[0]!.title).not.toBe('');
  });

  it('creates a form, fills it with pages, sections and items, and buyers see it at once in that order', async () => {
    const created = await admin('POST', '/OrderForms', { masterId: 'spring', title: 'Spring order form', subtitle: 'Easter and Mother’s Day' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ masterId: 'SPRING', pages: [], version: 1 });
    const [a, b, c, d] = nums();
    const saved = await admin('PUT', '/OrderForms/SPRING', {
      ...bodyOf(created.body),
      pages: [
        { title: 'Easter', sections: [{ title: 'Latex', items: [b, a] }, { title: 'Foil', items: [c] }] },
        { title: 'Mother’s Day', sections: [{ title: 'Hearts', items: [d] }] },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(2);
    const seen = await buyerSees('spring');
    expect(seen.status).toBe(200);
    expect(itemsSeen(seen.body)).toEqual([`Easter: ${b} ${a} ${c}`, `Mother’s Day: ${d}`]);
    expect(seen.body.pages[0].questions.map((q: { title: string }) => q.title)).toEqual(['Latex', 'Foil']);
    const first = seen.body.pages[0].questions[0].detail[0];
    expect(first.title).toBe(saved.body.pages[0].sections[0].items[0].title);
    expect(first.price).toBeGreaterThan(0);
  });

  it('renames, reorders, moves and deletes, and buyers see it at once', async () => {
    const form = (await admin('GET', '/OrderForms/SPRING')).body as OrderForm;
    const body = bodyOf(form);
    const [easter, mothers] = body.pages;
    const audits = await auditCount(t);
    const res = await admin('PUT', '/OrderForms/SPRING', {
      ...body,
      pages: [
        { ...mothers!, title: 'For Mom', sections: [...mothers!.sections, { ...easter!.sections[1]!, items: [...easter!.sections[1]!.items].reverse() }] },
        { ...easter!, sections: [{ ...easter!.sections[0]!, items: [...easter!.sections[0]!.items].reverse() }] },
      ],
    });
    expect(res.status).toBe(200);
    const [a, b, c, d] = nums();
    expect(itemsSeen((await buyerSees('SPRING')).body)).toEqual([`For Mom: ${d} ${c}`, `Easter: ${a} ${b}`]);
    // Drop the Easter page and one item.
    const now = bodyOf(res.body);
    const dropped = await admin('PUT', '/OrderForms/SPRING', { ...now, pages: [{ ...now.pages[0]!, sections: [{ ...now.pages[0]!.sections[0]!, items: [] }, now.pages[0]!.sections[1]!] }] });
    expect(dropped.status).toBe(200);
    expect(itemsSeen((await buyerSees('SPRING')).body)).toEqual([`For Mom: ${c}`]);
    expect(dropped.body.pages).toHaveLength(1);
    expect(await auditCount(t)).toBe(audits + 2);
  });

  it('keeps a section’s introduction text when its items change', async () => {
    const body = bodyOf(winter);
    const firstSection = body.pages[0]!.sections[0]!;
    const removed = firstSection.items[0]!;
    const res = await admin('PUT', `/OrderForms/${DEMO_SURVEY_ID}`, { ...body, pages: [{ ...body.pages[0]!, sections: [{ ...firstSection, items: firstSection.items.slice(1) }, ...body.pages[0]!.sections.slice(1)] }, ...body.pages.slice(1)] });
    expect(res.status).toBe(200);
    const seen = (await buyerSees(DEMO_SURVEY_ID)).body as Survey;
    expect(seen.pages[0]!.questions[0]!.detail[0]!.type).toBe('TEXT');
    expect(seen.pages[0]!.questions[0]!.detail.map((d) => d.itemnum)).not.toContain(removed);
    winter = res.body;
  });

  it('shows a form to buyers only while it is open and active', async () => {
    const form = (await admin('GET', '/OrderForms/SPRING')).body as OrderForm;
    let body = bodyOf(form);
    const cases: [Partial<typeof body>, number][] = [
      [{ closesAt: '2020-01-01T00:00:00Z' }, 404],
      [{ closesAt: null, opensAt: '2099-01-01T00:00:00Z' }, 404],
      [{ opensAt: null }, 200],
      [{ active: false }, 404],
      [{ active: true, opensAt: '2020-01-01T00:00:00Z', closesAt: '2099-01-01T00:00:00Z' }, 200],
    ];
    for (const [patch, status] of cases) {
      const res = await admin('PUT', '/OrderForms/SPRING', { ...body, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(200);
      expect((await buyerSees('SPRING')).status, JSON.stringify(patch)).toBe(status);
      body = bodyOf(res.body);
    }
    expect(body).toMatchObject({ opensAt: '2020-01-01T00:00:00.000Z', closesAt: '2099-01-01T00:00:00.000Z', active: true });
  });

  it('refuses unknown items, pages and sections, an item twice and bad times with 400, changing nothing', async () => {
    const form = (await admin('GET', '/OrderForms/SPRING')).body as OrderForm;
    const body = bodyOf(form);
    const page = body.pages[0]!;
    const withItems = (items: string[]) => ({ ...body, pages: [{ ...page, sections: [{ ...page.sections[0]!, items }] }] });
    const [a] = nums();
    const cases: [object, string | RegExp][] = [
      [withItems(['99999999']), ORDER_FORM_MESSAGES.unknownItem('99999999')],
      [withItems([a!, a!]), ORDER_FORM_MESSAGES.duplicateItem(a!)],
      [withItems(['12-34']), /Item numbers are 1 to 12 digits/],
      [{ ...body, pages: [{ ...page, id: 987654 }] }, ORDER_FORM_MESSAGES.unknownPage(987654)],
      [{ ...body, pages: [{ ...page, sections: [{ id: 987655, title: 'X', items: [] }] }] }, ORDER_FORM_MESSAGES.unknownSection(987655)],
      [{ ...body, pages: [{ ...page, id: winter.pages[0]!.id }] }, ORDER_FORM_MESSAGES.unknownPage(winter.pages[0]!.id)],
      [{ ...body, opensAt: '2026-12-01T00:00:00Z', closesAt: '2026-11-01T00:00:00Z' }, ORDER_FORM_MESSAGES.closeBeforeOpen],
      [{ ...body, closesAt: 'soon' }, /Closes must be a date and time/],
      [{ ...body, title: ' ' }, /Title is required/],
      [{ ...body, pages: [{ ...page, title: '' }] }, /Title in row 1 of Pages is required/],
    ];
    const audits = await auditCount(t);
    const seen = itemsSeen((await buyerSees('SPRING')).body);
    for (const [payload, detail] of cases) {
      const res = await admin('PUT', '/OrderForms/SPRING', payload);
      expect(res.status, JSON.stringify(payload).slice(0, 200)).toBe(400);
      if (typeof detail === 'string') expect(res.body.detail).toBe(detail);
      else expect(res.body.detail).toMatch(detail);
    }
    expect((await admin('GET', '/OrderForms/SPRING')).body.version).toBe(form.version);
    expect(itemsSeen((await buyerSees('SPRING')).body)).toEqual(seen);
    expect(await auditCount(t)).toBe(audits);
    expect((await admin('POST', '/OrderForms', { masterId: 'has space', title: 'X' })).status).toBe(400);
    expect((await admin('GET', '/OrderForms/NOPE')).status).toBe(404);
  });

  it('refuses a stale version with 409 and the form as it is now, and a taken id', async () => {
    const form = (await admin('GET', '/OrderForms/SPRING')).body as OrderForm;
    expect((await admin('PUT', '/OrderForms/SPRING', { ...bodyOf(form), title: 'First' })).status).toBe(200);
    const stale = await admin('PUT', '/OrderForms/SPRING', { ...bodyOf(form), title: 'Second' });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe(ORDER_FORM_MESSAGES.stale);
    expect(stale.body.current).toMatchObject({ title: 'First', version: form.version + 1 });
    const taken = await admin('POST', '/OrderForms', { masterId: 'Spring', title: 'Again' });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toBe(ORDER_FORM_MESSAGES.idTaken('SPRING'));
  });

  it('deletes a form only at the version seen: a stale one is 409 and stays; buyers then get 404', async () => {
    const made = (await admin('POST', '/OrderForms', { masterId: 'summer', title: 'Summer order form' })).body as OrderForm;
    const [a] = nums();
    const filled = (await admin('PUT', '/OrderForms/SUMMER', { ...bodyOf(made), pages: [{ title: 'Pool party', sections: [{ title: 'Latex', items: [a] }] }] })).body as OrderForm;
    expect((await buyerSees('summer')).status).toBe(200);
    const audits = await auditCount(t);

    const stale = await admin('DELETE', `/OrderForms/SUMMER?version=${made.version}`);
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe(ORDER_FORM_MESSAGES.staleDelete);
    expect((await buyerSees('summer')).status).toBe(200);
    expect(await auditCount(t)).toBe(audits);

    const gone = await admin('DELETE', `/OrderForms/summer?version=${filled.version}`);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ masterId: 'SUMMER', deleted: true });
    expect((await buyerSees('summer')).status).toBe(404);
    expect((await admin('GET', '/OrderForms/SUMMER')).status).toBe(404);
    expect((await admin('GET', '/OrderForms')).body.map((f: OrderForm) => f.masterId)).not.toContain('SUMMER');
    expect(await auditCount(t)).toBe(audits + 1);
    const pages = await t.ctx.database.db.selectFrom('survey_pages').select('id').where('master_id', '=', 'SUMMER').execute();
    expect(pages).toEqual([]);

    expect((await admin('DELETE', `/OrderForms/SUMMER?version=${filled.version}`)).status).toBe(404);
    expect((await admin('DELETE', '/OrderForms/WINTER')).status).toBe(400);
  });
});
