import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveySchema } from '../../../contract/survey';
import { signUpCustomer, type TestCustomer } from '../../orders/testing';
import { seedDemoCatalogue } from '../../catalogue/testing';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { DEMO_SURVEY_ID, seedDemoSurvey } from './demo-survey';
import { insertSurvey } from './queries';

let t: TestApp;
let buyer: TestCustomer;
beforeAll(async () => {
  t = await createTestApp(async (ctx) => {
    const db = ctx.database.db;
    await seedDemoCatalogue(db);
    await seedDemoSurvey(db);
    const text = { title: '', item_num: '', image: '', image_width: 0, image_height: 0, sub_title: '', case_qty: 0 };
    await insertSurvey(db, {
      masterId: 'TRICKY',
      title: 'Tricky',
      subtitle: '',
      createdAt: new Date().toISOString(),
      pages: [
        {
          title: 'Only page',
          questions: [
            {
              title: 'Mixed',
              details: [
                { ...text, type: 'TEXT', info_html: '<p onclick="steal()">Hi <script>alert(1)</script><a href="javascript:alert(1)">x</a><a href="https://example.com">ok</a><img src=x onerror=alert(1)></p>' },
                { ...text, type: 'ITEM', item_num: '99999999', title: 'No longer sold', info_html: '' },
                { ...text, type: 'ITEM', item_num: '17060', title: '', info_html: '' },
              ],
            },
            { title: 'Empty once the gone item is dropped', details: [{ ...text, type: 'ITEM', item_num: '99999998', info_html: '' }] },
          ],
        },
      ],
    });
  });
  buyer = await signUpCustomer(t.app);
});
afterAll(() => t?.close());

const get = (query: string, headers: Record<string, string> = buyer.headers) => t.app.inject({ method: 'GET', url: `/beapi/Survey/GetSurveyInfo${query}`, headers });

describe('GET /Survey/GetSurveyInfo', () => {
  it('answers 401 without a token or with a bad one, whatever the parameters', async () => {
    for (const [query, headers] of [
      ['?masterid=WINTER', {}],
      ['?masterid=WINTER', { 'user-token': 'nope' }],
      ['', {}],
      ['?masterid=NOPE', {}],
    ] as const) {
      const res = await get(query, headers);
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });

  it("answers the WINTER survey in the spec's shape: Christmas, Winter, New Year and Valentine's pages of items", async () => {
    const res = await get('?masterid=WINTER');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const survey = surveySchema.parse(res.json());
    expect(survey.masterId).toBe(DEMO_SURVEY_ID);
    expect(survey.title).toMatch(/Winter/);
    expect(survey.subtitle).not.toBe('');
    expect(survey.pages.map((p) => p.title)).toEqual(['Christmas', 'Winter', 'New Year', "Valentine's Day"]);
    const items = survey.pages.flatMap((p) => p.questions.flatMap((q) => q.detail)).filter((d) => d.type === 'ITEM');
    expect(items.length).toBeGreaterThan(40);
    expect(new Set(items.map((d) => d.itemnum)).size).toBe(items.length);
    for (const d of items) {
      expect(d.itemnum).toMatch(/^\d+$/);
      expect(d.title).not.toBe('');
      expect(d.image).toMatch(/^\/images\/items\//);
      expect(d.imageWidth).toBeGreaterThan(0);
      expect(d.imageHeight).toBeGreaterThan(0);
      expect(d.case_qty).toBeGreaterThan(0);
      expect(d.price).toBeGreaterThan(0);
    }
    // Prices and case quantities are the catalogue's.
    const first = items[0]!;
    const detail = await t.app.inject({ method: 'GET', url: `/beapi/Inventory/GetItemDetail?itemNum=${first.itemnum}`, headers: buyer.headers });
    expect(detail.json()).toMatchObject({ price: first.price, caseQty: first.case_qty });
    // Every page opens with a text block.
    for (const page of survey.pages) expect(page.questions[0]!.detail[0]!.type).toBe('TEXT');
  });

  it('reads the id case-insensitively, and answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await get('?masterid=winter')).json().masterId).toBe('WINTER');
    const unknown = await get('?masterid=SUMMER');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/problem+json');
    expect(unknown.json().detail).toBe('Survey SUMMER not found');
    expect((await get('?masterid=%3Cscript%3E')).statusCode).toBe(400);
    expect((await get('')).statusCode).toBe(400);
  });

  it('sanitises the info HTML and leaves out items the catalogue no longer sells', async () => {
    const survey = surveySchema.parse((await get('?masterid=TRICKY')).json());
    const [question, ...rest] = survey.pages[0]!.questions;
    expect(rest).toEqual([]);
    const [text, item, ...others] = question!.detail;
    expect(others).toEqual([]);
    expect(text!.info).not.toMatch(/script|onclick|onerror|javascript:|<img/i);
    expect(text!.info).toContain('href="https://example.com"');
    expect(text!.info).toContain('Hi');
    // A detail without its own title or image takes the catalogue's.
    expect(item).toMatchObject({ type: 'ITEM', itemnum: '17060' });
    expect(item!.title).toContain('Merry Christmas');
    expect(item!.image).toMatch(/^\/images\/items\/17060/);
  });

  it('is seeded once: a second seed changes nothing', async () => {
    const before = (await get('?masterid=WINTER')).body;
    expect(await seedDemoSurvey(t.ctx.database.db)).toBe(false);
    expect((await get('?masterid=WINTER')).body).toBe(before);
  });

  it("offers items that Review Order can add to the cart in one AddItems call", async () => {
    const survey = surveySchema.parse((await get('?masterid=WINTER')).json());
    const chosen = [survey.pages[0]!, survey.pages[3]!].map((p) => p.questions[0]!.detail.find((d) => d.type === 'ITEM')!);
    const lines = chosen.map((d, i) => ({ invNum: d.itemnum, qty: i + 2 }));
    const res = await t.app.inject({ method: 'POST', url: '/beapi/Shop/AddItems', headers: buyer.headers, payload: lines });
    expect(res.statusCode).toBe(200);
    const cart = res.json();
    expect(cart.items.map((l: { invNum: string; ordQty: number }) => [l.invNum, l.ordQty]).sort()).toEqual(lines.map((l) => [l.invNum, l.qty]).sort());
  });
});
