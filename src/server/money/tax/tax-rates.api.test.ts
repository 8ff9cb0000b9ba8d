import { describe, expect, it } from 'vitest';
import { adminCall } from '../../test-support/admin';
import { withShop } from '../../test-support/shop';
import { multipart } from '../../catalogue/testing';

/**
 * Issue 31: the tax table in the back office (decision 0042). The nexus states at their base
 * rates; a ZIP rate CSV imported all or nothing, a bad row named by its line; the version that
 * orders will record moves with each import.
 */

const { t, staff: { accounts, desk, owner } } = withShop({ env: { TAX_NEXUS_STATES: 'CA,AL' }, staff: { accounts: ['accounts'], desk: ['orders'], owner: 'demo owner' } });

const rates = async () => {
  const res = await adminCall(t, desk, { method: 'GET', url: '/TaxRates' });
  expect(res.status).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.body;
};

function upload(csv: string | Buffer, who = accounts) {
  const body = multipart([{ name: 'file', value: Buffer.isBuffer(csv) ? csv : Buffer.from(csv), filename: 'rates.csv', type: 'text/csv' }]);
  return adminCall(t, who, { method: 'POST', url: '/TaxRates/Import', payload: body.payload, headers: body.headers });
}

describe('tax rates in the back office', () => {
  it('lists CA and AL at their base rates, with no ZIP rates yet', async () => {
    expect(await rates()).toEqual({
      version: 'states-2024-01-01',
      nexusStates: [
        { state: 'AL', rate: '4', shippingTaxable: false },
        { state: 'CA', rate: '7.25', shippingTaxable: false },
      ],
      zipRates: [],
    });
  });

  it('imports ZIP rates, adds and replaces, keeps the ones the file does not list, and moves the version', async () => {
    const first = await upload('zip,rate,shippingTaxable\n93706,8.35,false\n36602,10,true\n');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ version: 'states-2024-01-01+zip-1', added: 2, updated: 0, unchanged: 0 });
    const second = await upload('zip,rate,shippingTaxable\r\n93706,8.375,false\r\n90210,9.5,false\r\n');
    expect(second.body).toEqual({ version: 'states-2024-01-01+zip-2', added: 1, updated: 1, unchanged: 0 });
    const now = await rates();
    expect(now.version).toBe('states-2024-01-01+zip-2');
    expect(now.zipRates.map((z: { zip: string; state: string; rate: string; shippingTaxable: boolean }) => [z.zip, z.state, z.rate, z.shippingTaxable])).toEqual([
      ['36602', 'AL', '10', true],
      ['90210', 'CA', '9.5', false],
      ['93706', 'CA', '8.375', false],
    ]);
    expect(now.zipRates[0].importedBy).toMatch(/^staff:/);
    const audit = await adminCall(t, owner, { method: 'GET', url: '/Audit?action=tax.rates.import' });
    expect(audit.body.items).toHaveLength(2);
  });

  it('a bad row names its line and imports nothing, not even the good rows before it', async () => {
    const before = await rates();
    const cases: [string, string][] = [
      ['zip,rate,shippingTaxable\n93706,7.9,false\n10001,8,false\n', 'Line 3: ZIP 10001 is in NY, where the shop collects no sales tax. Nothing was imported.'],
      ['zip,rate,shippingTaxable\n93706,7.9,false\n90210,21,false\n', 'Line 3: rate 21 % is out of range (0 to 20 %). Nothing was imported.'],
      ['zip,rate,shippingTaxable\n93706,7.9,false\n9021,8,false\n', 'Line 3: "9021" is not a 5-digit ZIP code. Nothing was imported.'],
      ['zip,rate,shippingTaxable\n93706,seven,false\n', 'Line 2: rate "seven" is not a percent such as 8.35. Nothing was imported.'],
      ['ZIP;Rate\n93706;7.9\n', 'The first line must be the header zip,rate,shippingTaxable. Nothing was imported.'],
    ];
    for (const [csv, detail] of cases) {
      const res = await upload(csv);
      expect(res.status, csv).toBe(400);
      expect(res.body.detail).toBe(detail);
    }
    const notCsv = await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0xff, 0xfe]));
    expect(notCsv.status).toBe(400);
    expect(await rates()).toEqual(before);
  });

  it('only money staff import; the order desk reads', async () => {
    const res = await upload('zip,rate,shippingTaxable\n93706,7.9,false\n', desk);
    expect(res.status).toBe(403);
    expect((await rates()).zipRates.find((z: { zip: string }) => z.zip === '93706').rate).not.toBe('7.9');
  });
});
