import { describe, expect, it } from 'vitest';
import { type AdminDistributor, DISTRIBUTOR_MESSAGES } from '../../contract/admin/distributors';
import { call } from '../customers/testing';
import { adminCall } from '../test-support/admin';
import { withShop } from '../test-support/shop';
import { auditCount } from '../security/admin-support';

const { t, staff: { editor } } = withShop({ staff: { editor: ['catalogue'] } });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const admin = (method: Method, url: string, payload?: object) => adminCall(t, editor, { method, url, ...(payload ? { payload } : {}) });
const whereToBuy = async (query: string) => (await call(t, { method: 'GET', url: `/Distributors/Search?${query}` })).body.distributors as { name: string; distanceMiles: number | null }[];
const cheyenne = { name: 'Frontier Balloons', address: '1 Capitol Ave', city: 'Cheyenne', state: 'wy', zip: '82001', phone: '(307) 555-0100', website: 'frontier.example', latitude: 41.14, longitude: -104.82 };
const importCsv = (csv: string, dryRun: '0' | '1') => admin('POST', `/Distributors/Import?dryRun=${dryRun}`, { csv });
const countRows = async () => Number((await t.ctx.database.db.selectFrom('distributors').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('distributors in the back office', () => {
  it('adds one that Where to Buy shows at once, by state and by ZIP code', async () => {
    const res = await admin('POST', '/Distributors', cheyenne);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Frontier Balloons', state: 'WY', website: 'https://frontier.example', version: 1 });
    expect((await whereToBuy('state=WY')).map((d) => d.name)).toEqual(['Frontier Balloons']);
    const near = await whereToBuy('zip=82001&radiusMiles=25');
    expect(near[0]).toMatchObject({ name: 'Frontier Balloons' });
  });

  it('lists with search, state filter and pages', async () => {
    await admin('POST', '/Distributors', { ...cheyenne, name: 'Laramie Party', city: 'Laramie', zip: '82070', latitude: 41.31, longitude: -105.59 });
    await admin('POST', '/Distributors', { ...cheyenne, name: 'Boise Balloons', city: 'Boise', state: 'ID', zip: '83702', latitude: 43.61, longitude: -116.2 });
    const wy = await admin('GET', '/Distributors?state=wy');
    expect(wy.body).toMatchObject({ total: 2, page: 1 });
    expect(wy.body.items.map((d: AdminDistributor) => d.city)).toEqual(['Cheyenne', 'Laramie']);
    expect((await admin('GET', '/Distributors?q=boise')).body.items.map((d: AdminDistributor) => d.name)).toEqual(['Boise Balloons']);
    expect((await admin('GET', '/Distributors?q=8207')).body.total).toBe(1);
    const paged = await admin('GET', '/Distributors?pageSize=1&page=2');
    expect(paged.body).toMatchObject({ total: 3, page: 2, pageSize: 1 });
    expect(paged.body.items).toHaveLength(1);
    expect((await admin('GET', '/Distributors?q=100%25')).body.total).toBe(0);
  });

  it('edits with optimistic concurrency and deletes, audited, and Where to Buy follows', async () => {
    const [d] = (await admin('GET', '/Distributors?q=Frontier')).body.items as AdminDistributor[];
    const audits = await auditCount(t);
    const { id, ...fields } = d!;
    const saved = await admin('PUT', `/Distributors/${id}`, { ...fields, name: 'Frontier Party' });
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(2);
    expect((await whereToBuy('state=WY')).map((x) => x.name)).toContain('Frontier Party');
    const stale = await admin('PUT', `/Distributors/${id}`, { ...fields, name: 'Too late' });
    expect(stale.status).toBe(409);
    expect(stale.body.detail).toBe(DISTRIBUTOR_MESSAGES.stale);
    expect(stale.body.current).toMatchObject({ name: 'Frontier Party', version: 2 });
    expect((await admin('DELETE', `/Distributors/${id}`)).status).toBe(204);
    expect((await whereToBuy('state=WY')).map((x) => x.name)).toEqual(['Laramie Party']);
    expect((await admin('DELETE', `/Distributors/${id}`)).status).toBe(404);
    expect(await auditCount(t)).toBe(audits + 2);
  });

  it('refuses bad fields with 400, changing nothing', async () => {
    const before = await countRows();
    const audits = await auditCount(t);
    const cases: [object, RegExp][] = [
      [{ ...cheyenne, latitude: 91 }, /Latitude must be a number from -90 to 90/],
      [{ ...cheyenne, longitude: -180.5 }, /Longitude must be a number from -180 to 180/],
      [{ ...cheyenne, latitude: '41.1' }, /Latitude must be a number/],
      [{ ...cheyenne, state: 'WYO' }, /State must be a two-letter/],
      [{ ...cheyenne, zip: '8200' }, /ZIP code must be 5 digits/],
      [{ ...cheyenne, website: 'javascript:alert(1)' }, /Website must be a web address/],
      [{ ...cheyenne, name: '' }, /Name is required/],
      [{ ...cheyenne, city: 'Chey\nenne' }, /City must not contain line breaks/],
      [{ ...cheyenne, id: 5 }, /./],
    ];
    for (const [body, detail] of cases) {
      const res = await admin('POST', '/Distributors', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail, JSON.stringify(body)).toMatch(detail);
    }
    expect(await countRows()).toBe(before);
    expect(await auditCount(t)).toBe(audits);
  });
});

describe('importing distributors by CSV', () => {
  const header = 'id,name,address,city,state,zip,phone,website,latitude,longitude';

  it('reports what it would add and change, and rows in error with their line, writing nothing', async () => {
    const laramie = ((await admin('GET', '/Distributors?q=Laramie')).body.items as AdminDistributor[])[0]!;
    const boise = ((await admin('GET', '/Distributors?q=Boise')).body.items as AdminDistributor[])[0]!;
    const csv = [
      header,
      ',Casper Balloons,"100 N Center St, Suite 2",Casper,WY,82601,,https://casper.example,42.85,-106.32',
      `${laramie.id},Laramie Party,1 Capitol Ave,Laramie,WY,82070,(307) 555-0199,https://frontier.example,41.31,-105.59`,
      ',boise balloons,1 Capitol Ave,Boise,ID,83702,(307) 555-0100,https://frontier.example,43.61,-116.2',
      ',Bad Latitude,1 Main St,Rawlins,WY,82301,,,95,-107.2',
      '999999,Ghost,1 Main St,Rawlins,WY,82301,,,41.79,-107.2',
      ',Casper Balloons,2 Other St,Casper,WY,82601,,,42.85,-106.32',
      ',Not A Number,1 Main St,Rawlins,WY,82301,,,north,-107.2',
    ].join('\n');
    const before = await countRows();
    const audits = await auditCount(t);
    const res = await importCsv(csv, '1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      applied: false,
      added: [{ row: 2, name: 'Casper Balloons', city: 'Casper', state: 'WY' }],
      changed: [
        { row: 3, id: laramie.id, name: 'Laramie Party', fields: [{ name: 'phone', old: '(307) 555-0100', new: '(307) 555-0199' }] },
        // Matched by name (any case) and ZIP code: the same distributor, renamed.
        { row: 4, id: boise.id, name: 'Boise Balloons', fields: [{ name: 'name', old: 'Boise Balloons', new: 'boise balloons' }] },
      ],
      unchanged: 0,
      errors: [
        { row: 5, message: DISTRIBUTOR_MESSAGES.latitude },
        { row: 6, message: DISTRIBUTOR_MESSAGES.unknownId('999999') },
        { row: 7, message: DISTRIBUTOR_MESSAGES.duplicateRow(2) },
        { row: 8, message: DISTRIBUTOR_MESSAGES.latitude },
      ],
    });
    expect(boise.name).toBe('Boise Balloons');
    // Applying a file with errors applies nothing.
    expect((await importCsv(csv, '0')).body.applied).toBe(false);
    expect(await countRows()).toBe(before);
    expect(await auditCount(t)).toBe(audits);
  });

  it('applies a clean file in one go, and Where to Buy shows it', async () => {
    const laramie = ((await admin('GET', '/Distributors?q=Laramie')).body.items as AdminDistributor[])[0]!;
    // Columns in another order, in any case; a column left out keeps the stored value.
    const csv = [
      'Name,City,State,ZIP,Address,Latitude,Longitude,ID',
      'Casper Balloons,Casper,WY,82601,"100 N Center St, Suite 2",42.85,-106.32,',
      `Laramie Party & Co,Laramie,WY,82070,1 Capitol Ave,41.31,-105.59,${laramie.id}`,
      'Boise Balloons,Boise,ID,83702,1 Capitol Ave,43.61,-116.2,',
    ].join('\r\n');
    const audits = await auditCount(t);
    const res = await importCsv(csv, '0');
    expect(res.body).toMatchObject({ applied: true, added: [{ row: 2, name: 'Casper Balloons' }], changed: [{ row: 3, fields: [{ name: 'name', new: 'Laramie Party & Co' }] }], errors: [] });
    expect(res.body).toMatchObject({ unchanged: 1 });
    expect(res.body.changed).toHaveLength(1);
    expect((await whereToBuy('state=WY')).map((d) => d.name).sort()).toEqual(['Casper Balloons', 'Laramie Party & Co']);
    const stored = ((await admin('GET', `/Distributors/${laramie.id}`)).body as AdminDistributor);
    expect(stored).toMatchObject({ phone: laramie.phone, website: laramie.website, version: laramie.version + 1 });
    expect(await auditCount(t)).toBe(audits + 1);
  });

  it('refuses a file whose header is wrong or that is not CSV', async () => {
    const cases: [string, string][] = [
      ['name,address,city,state,zip,latitude,longitude,fax\n', DISTRIBUTOR_MESSAGES.unknownColumn('fax')],
      ['name,address,city,state,zip\nA,B,C,WY,82001\n', DISTRIBUTOR_MESSAGES.header(['latitude', 'longitude'])],
      ['', DISTRIBUTOR_MESSAGES.emptyFile],
      [`${header}\n`, DISTRIBUTOR_MESSAGES.emptyFile],
    ];
    for (const [csv, message] of cases) {
      const res = await importCsv(csv, '0');
      expect(res.body.applied).toBe(false);
      expect(res.body.errors.map((e: { message: string }) => e.message)).toContain(message);
    }
    const broken = await importCsv(`${header}\n,"Open quote,1 Main St,Rawlins,WY,82301,,,41.79,-107.2\n`, '1');
    expect(broken.body.errors[0]).toMatchObject({ row: 2, message: 'a quoted field is never closed' });
    expect((await admin('POST', '/Distributors/Import', { file: 'x' })).status).toBe(400);
  });
});
