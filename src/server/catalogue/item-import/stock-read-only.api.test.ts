import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, type ImportJob } from '../../../contract/admin/item-import';
import { adminCall } from '../../test-support/admin';
import { withShop } from '../../test-support/shop';
import { parseCsv } from '../csv';
import { multipart } from '../photos/test-images';

/**
 * Issue 27 point 2: the catalogue CSV's stock columns are read-only. Units received between an
 * export and the import of that file (with one price changed) stay received; the dry run counts
 * the price as the one change and says the stock columns were not imported.
 */

const { t, staff: { editor, owner } } = withShop({ catalogue: true, staff: { editor: ['catalogue'], owner: 'demo owner' } });

const STOCK_IGNORED = IMPORT_MESSAGES.stockIgnored(['qty_west', 'qty_east', 'reserve_west', 'reserve_east', 'on_order_west', 'on_order_east']);

const stockOf = async (num: string) => (await adminCall(t, owner, { method: 'GET', url: `/Stock/${num}` })).body;
const movementsOf = async (num: string) => (await adminCall(t, owner, { method: 'GET', url: `/Stock/${num}/Movements` })).body as { reason: string; delta: number }[];

const exportCsv = async (query: string) => {
  const res = await adminCall(t, editor, { method: 'GET', url: `/Items/Export.csv${query}` });
  expect(res.status).toBe(200);
  return Buffer.from(res.body as Buffer).toString('utf8');
};

function upload(file: string, dryRun: '0' | '1') {
  const body = multipart([{ name: 'file', value: Buffer.from(file), filename: 'items.csv', type: 'text/csv' }]);
  return adminCall(t, editor, { method: 'POST', url: `/Items/Import?dryRun=${dryRun}`, payload: body.payload, headers: body.headers });
}

/** The file with cells changed: `column` → value, on item `num`'s row. */
function withCells(csv: string, num: string, cells: Record<string, string>): string {
  const { records } = parseCsv(csv);
  const header = records[0]!.fields;
  const lines = records.map((r) => (r.fields[0] === num ? r.fields.map((f, i) => cells[header[i]!] ?? f) : r.fields));
  return lines.map((fields) => fields.map((f) => (/[",\r\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(',')).join('\r\n');
}

async function applied(csv: string): Promise<ImportJob> {
  const res = await upload(csv, '0');
  expect(res.status).toBe(202);
  for (let i = 0; i < 200; i++) {
    const job = await adminCall(t, editor, { method: 'GET', url: `/Items/Import/${res.body.jobId}` });
    if (job.body.status !== 'running') return job.body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the import did not finish');
}

describe('a catalogue CSV round trip and stock', () => {
  it('export, receive 10 units, import the file with one price changed: 1 changed (the price), the 10 units stay', async () => {
    const csv = await exportCsv('?category=11');
    const received = await adminCall(t, owner, { method: 'POST', url: '/Stock/Adjust', payload: { invNum: '11002', warehouse: 'west', delta: 10, reason: 'received', note: 'PO 4411' } });
    expect(received.status).toBe(200);
    const before = await stockOf('11002');
    expect(before.west).toEqual({ available: 60, onHand: 60 });
    const moves = await movementsOf('11002');

    const file = withCells(csv, '11002', { price: '7.77' });
    const dry = await upload(file, '1');
    expect(dry.status).toBe(200);
    expect(dry.body).toEqual({ new: [], changed: [{ num: '11002', fields: [{ name: 'price', old: '10.00', new: '7.77' }] }], unchanged: 2, errors: [], notices: [STOCK_IGNORED] });

    expect(await applied(file)).toMatchObject({ status: 'done', changed: 1, unchanged: 2 });
    expect(await stockOf('11002')).toEqual(before);
    expect(await movementsOf('11002')).toEqual(moves);
    expect((await adminCall(t, editor, { method: 'GET', url: '/Items/11002' })).body.price).toBe(7.77);
  });

  it('stock cells edited in the file change nothing: the dry run says so, the apply leaves stock as it is', async () => {
    const csv = await exportCsv('?category=12');
    const before = await stockOf('12001');
    const file = withCells(csv, '12001', { qty_west: '0', qty_east: '999999', reserve_west: '5', on_order_east: '70' });
    const dry = await upload(file, '1');
    expect(dry.body).toEqual({ new: [], changed: [], unchanged: 1, errors: [], notices: [STOCK_IGNORED] });
    expect(await applied(file)).toMatchObject({ status: 'done', changed: 0, unchanged: 1 });
    expect(await stockOf('12001')).toEqual(before);
    // A file with only some of them names just those.
    const some = 'num,category_num,web_title,price,srp,qty_east\r\n12001,12,16" Red Latex,10.00,19.99,3\r\n';
    expect((await upload(some, '1')).body).toEqual({ new: [], changed: [], unchanged: 1, errors: [], notices: [IMPORT_MESSAGES.stockIgnored(['qty_east'])] });
  });

  it('a new item from a file with stock columns starts with none', async () => {
    const file = 'num,category_num,web_title,price,srp,qty_west,qty_east\r\n11088,11,11" Mint Latex,9.00,19.00,40,40\r\n';
    expect((await upload(file, '1')).body).toMatchObject({ new: [{ num: '11088', title: '11" Mint Latex' }], notices: [IMPORT_MESSAGES.stockIgnored(['qty_west', 'qty_east'])] });
    expect(await applied(file)).toMatchObject({ status: 'done', new: 1 });
    expect(await stockOf('11088')).toMatchObject({ west: { available: 0, onHand: 0 }, east: { available: 0, onHand: 0 } });
  });
});
