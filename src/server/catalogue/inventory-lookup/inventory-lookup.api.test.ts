import { beforeAll, describe, expect, it } from 'vitest';
import { call, newCustomer, type TestCustomer, withToken } from '../../customers/testing';
import { withShop } from '../../test-support/shop';

const { t } = withShop({ catalogue: true });
let a: TestCustomer;
beforeAll(async () => {
  a = await newCustomer(t);
});

const lookupUpc = (query: string, token?: string) => call(t, { method: 'GET', url: `/Inventory/LookupUpc?${query}`, headers: token ? withToken(token) : {} });

describe('GET /Inventory/LookupUpc', () => {
  it('answers each code in order: the item with stock and price, or the reason', async () => {
    const res = await lookupUpc('upc=071234110018&upc=071234110019&upc=12345&upc=0071234300013&upc=036000291452', a.token);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.map((m: { upc: string; reason: string }) => [m.upc, m.reason])).toEqual([
      ['071234110018', ''],
      ['071234110019', 'Check digit is wrong'],
      ['12345', 'Not a 12- or 13-digit code'],
      // EAN-13 with a leading 0 is the UPC-A of item 30001.
      ['0071234300013', ''],
      ['036000291452', 'No item has this UPC'],
    ]);
    expect(res.body[0].item).toMatchObject({ num: '11001', web_Title: '11" Red Latex', price: 12.5, availableWest: 50, availableEast: 0, caseQty: 10 });
    expect(res.body[3].item.num).toBe('30001');
    expect(res.body[1].item).toBeNull();
  });

  it('takes comma-separated codes and ignores spaces and dashes in a code', async () => {
    const res = await lookupUpc(`upc=${encodeURIComponent('0 71234 12001 7, 071234-400010')}`, a.token);
    expect(res.body.map((m: { item: { num: string } | null }) => m.item?.num)).toEqual(['12001', '40001']);
  });

  it('is public, but shows prices only with a token', async () => {
    const res = await lookupUpc('upc=071234110018');
    expect(res.status).toBe(200);
    expect(res.body[0].item.num).toBe('11001');
    expect(res.body[0].item).not.toHaveProperty('price');
  });

  it('refuses no code and too many codes', async () => {
    expect((await lookupUpc('')).status).toBe(400);
    expect((await lookupUpc('upc=')).status).toBe(400);
    const many = Array.from({ length: 101 }, () => 'upc=071234110018').join('&');
    expect((await lookupUpc(many)).body.errors).toEqual(['Look up at most 100 codes at a time']);
  });
});

describe('GET /Inventory/LookupItems', () => {
  it('answers each number in order: the item, or why there is none', async () => {
    const res = await call(t, { method: 'GET', url: '/Inventory/LookupItems?invNum=30002&invNum=99999&invNum=no%20good', headers: withToken(a.token) });
    expect(res.status).toBe(200);
    expect(res.body.map((m: { invNum: string; reason: string }) => [m.invNum, m.reason])).toEqual([
      ['30002', ''],
      ['99999', 'No item has this number'],
      ['no good', 'Not an item number'],
    ]);
    expect(res.body[0].item).toMatchObject({ num: '30002', price: 10, availableWest: 50, availableEast: 50 });
  });

  it('looks up 500 numbers in one call', async () => {
    const query = Array.from({ length: 500 }, (_, i) => `invNum=${i % 2 ? '11001' : `X${i}`}`).join('&');
    const res = await call(t, { method: 'GET', url: `/Inventory/LookupItems?${query}`, headers: withToken(a.token) });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(500);
    expect(res.body.filter((m: { item: unknown }) => m.item).length).toBe(250);
  });
});
