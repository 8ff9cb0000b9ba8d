import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, IMPORT_MESSAGES, type ImportJob } from '../../../contract/admin/item-import';
import { call, newCustomer, type TestCustomer, withToken } from '../../customers/testing';
import { adminCall } from '../../test-support/admin';
import { withShop } from '../../test-support/shop';
import { COLUMN_NAMES } from '../csv-columns';
import { parseCsv } from '../csv';
import { multipart } from '../photos/test-images';

/**
 * The catalogue CSV in the back office, through the real API on a real database (both): the
 * export, the dry run (writes nothing), the apply as a job the storefront's prices follow, and
 * files that are refused whole.
 */

let buyer: TestCustomer;

const { t, staff: { editor } } = withShop({ catalogue: true, staff: { editor: ['catalogue'] } });
beforeAll(async () => {
  buyer = await newCustomer(t);
}, 60_000);

const exportCsv = async (query = '') => {
  const res = await adminCall(t, editor, { method: 'GET', url: `/Items/Export.csv${query}` });
  expect(res.status).toBe(200);
  return Buffer.from(res.body as Buffer).toString('utf8');
};

function upload(file: Buffer | string, dryRun: '0' | '1', filename = 'items.csv') {
  const body = multipart([{ name: 'file', value: Buffer.from(file), filename, type: 'text/csv' }]);
  return adminCall(t, editor, { method: 'POST', url: `/Items/Import?dryRun=${dryRun}`, payload: body.payload, headers: body.headers });
}

/** The file with one cell changed: `column` of item `num`. */
function withCell(csv: string, num: string, column: string, value: string): string {
  const { records } = parseCsv(csv);
  const at = records[0]!.fields.indexOf(column);
  const lines = records.map((r) => (r.fields[0] === num ? r.fields.map((f, i) => (i === at ? value : f)) : r.fields));
  return lines.map((fields) => fields.map((f) => (/[",\r\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(',')).join('\r\n');
}

async function storefrontPrice(num: string): Promise<number> {
  const res = await call(t, { method: 'GET', url: `/Inventory/GetItemDetail?itemNum=${num}`, headers: withToken(buyer.token) });
  return res.body.price;
}

async function finished(jobId: string): Promise<ImportJob> {
  for (let i = 0; i < 200; i++) {
    const res = await adminCall(t, editor, { method: 'GET', url: `/Items/Import/${jobId}` });
    expect(res.status).toBe(200);
    if (res.body.status !== 'running') return res.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not finish');
}

/** The dry run's notice for a file with the export's stock columns, which the import ignores. */
const STOCK_IGNORED = IMPORT_MESSAGES.stockIgnored(['qty_west', 'qty_east', 'reserve_west', 'reserve_east', 'on_order_west', 'on_order_east']);

const imports = async () => (await t.ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'item.import').execute()).length;

describe('GET /beapi/Admin/Items/Export.csv', () => {
  it('answers every column the import reads, one line per item matching the filters, not stored', async () => {
    const res = await adminCall(t, editor, { method: 'GET', url: '/Items/Export.csv?category=1&q=red' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const { records } = parseCsv(Buffer.from(res.body as Buffer).toString('utf8'));
    expect(records[0]!.fields).toEqual(COLUMN_NAMES);
    expect(records.slice(1).map((r) => r.fields[0])).toEqual(['11001', '12001']);
  });

  it('refuses an unknown category with a clear 400', async () => {
    const res = await adminCall(t, editor, { method: 'GET', url: '/Items/Export.csv?category=777' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Category 777 not found');
  });
});

describe('POST /beapi/Admin/Items/Import', () => {
  it('round trip: an exported file imports as all unchanged', async () => {
    const csv = await exportCsv();
    const items = parseCsv(csv).records.length - 1;
    expect(items).toBeGreaterThan(5);
    const res = await upload(csv, '1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ new: [], changed: [], unchanged: items, errors: [], notices: [STOCK_IGNORED] });
  });

  it('dry run of one changed price shows old → new and writes nothing', async () => {
    const csv = withCell(await exportCsv('?category=11'), '11002', 'price', '7.77');
    const audits = await imports();
    const res = await upload(csv, '1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ new: [], changed: [{ num: '11002', fields: [{ name: 'price', old: '10.00', new: '7.77' }] }], unchanged: 2, errors: [], notices: [STOCK_IGNORED] });
    expect(await storefrontPrice('11002')).toBe(10);
    expect(await imports()).toBe(audits);
  });

  it('apply runs as a job: the storefront then shows the new price, with one audit row for the import', async () => {
    const csv = withCell(await exportCsv('?category=11'), '11002', 'price', '7.77');
    const audits = await imports();
    const res = await upload(csv, '0');
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ changed: [{ num: '11002', fields: [{ name: 'price', old: '10.00', new: '7.77' }] }], unchanged: 2, errors: [] });
    const job = await finished(res.body.jobId);
    expect(job).toEqual({ jobId: res.body.jobId, status: 'done', total: 1, done: 1, new: 0, changed: 1, unchanged: 2, error: null });
    expect(await storefrontPrice('11002')).toBe(7.77);
    expect(await imports()).toBe(audits + 1);
    // Applied twice: nothing left to change.
    expect((await upload(csv, '1')).body).toMatchObject({ changed: [], unchanged: 3 });
  });

  it('adds a new item from a new row', async () => {
    const csv = 'num,category_num,web_title,price,srp\r\n11077,11,11" Lime Latex,9.00,19.00\r\n';
    const dry = await upload(csv, '1');
    expect(dry.body).toEqual({ new: [{ num: '11077', title: '11" Lime Latex' }], changed: [], unchanged: 0, errors: [], notices: [] });
    const res = await upload(csv, '0');
    expect((await finished(res.body.jobId)).status).toBe('done');
    expect(await storefrontPrice('11077')).toBe(9);
  });

  it('a file with one bad row applies nothing, and names the row and its message', async () => {
    let csv = withCell(await exportCsv('?category=11'), '11001', 'price', '5.55');
    csv = withCell(csv, '11003', 'price', '12.5x');
    const dry = await upload(csv, '1');
    expect(dry.status).toBe(200);
    expect(dry.body.errors).toEqual([{ row: 4, message: 'price: must be a dollar amount like 12.50, got "12.5x"' }]);
    const audits = await imports();
    const res = await upload(csv, '0');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.body.detail).toBe(IMPORT_MESSAGES.hasErrors(1));
    expect(res.body.rows).toEqual([{ row: 4, message: 'price: must be a dollar amount like 12.50, got "12.5x"' }]);
    expect(await storefrontPrice('11001')).not.toBe(5.55);
    expect(await imports()).toBe(audits);
    expect(await t.ctx.database.db.selectFrom('import_jobs').select('id').where('status', '=', 'running').execute()).toEqual([]);
  });

  it('refuses what is not a catalogue CSV with a clear 400, and writes nothing', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const cases: [Buffer | string, string][] = [
      [png, IMPORT_MESSAGES.notCsv],
      [Buffer.from([0xff, 0xfe, 0x6e, 0x00, 0x75, 0x00]), IMPORT_MESSAGES.notCsv],
      ['', IMPORT_MESSAGES.empty],
      ['\ufeff\r\n\r\n', IMPORT_MESSAGES.empty],
      ['hello, world\r\n', IMPORT_MESSAGES.badHeader('unknown column "hello"; unknown column "world"; missing required column "num"; missing required column "category_num"; missing required column "web_title"; missing required column "price"; missing required column "srp"')],
    ];
    const jobs = await t.ctx.database.db.selectFrom('import_jobs').select('id').execute();
    for (const [file, message] of cases) {
      for (const dryRun of ['1', '0'] as const) {
        const res = await upload(file, dryRun);
        expect(res.status, message).toBe(400);
        expect(res.body.detail).toBe(message);
      }
    }
    expect(await t.ctx.database.db.selectFrom('import_jobs').select('id').execute()).toEqual(jobs);
  });

  it('refuses a file over the limit, a request without the file and one that is not multipart', async () => {
    const huge = Buffer.alloc(IMPORT_LIMITS.maxBytes + 1024, 'a');
    expect((await upload(huge, '1')).body.detail).toBe(IMPORT_MESSAGES.tooLarge);
    const other = multipart([{ name: 'note', value: 'no file' }]);
    const none = await adminCall(t, editor, { method: 'POST', url: '/Items/Import?dryRun=1', payload: other.payload, headers: other.headers });
    expect(none.body.detail).toBe(IMPORT_MESSAGES.noFile);
    const json = await adminCall(t, editor, { method: 'POST', url: '/Items/Import?dryRun=1', payload: { file: 'x' } });
    expect(json.status).toBe(400);
    expect(json.body.detail).toBe(IMPORT_MESSAGES.notMultipart);
  });

  it('answers 404 for an unknown job', async () => {
    const res = await adminCall(t, editor, { method: 'GET', url: '/Items/Import/6f1c1c2e-9d43-4b6a-9a55-8e8c4f1f2b10' });
    expect(res.status).toBe(404);
  });
});
