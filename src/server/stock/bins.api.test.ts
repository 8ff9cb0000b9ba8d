import { describe, expect, it } from 'vitest';
import { adminCall, type StaffSessionForTest, staffWith } from '../test-support/admin';
import { withShop } from '../test-support/shop';

const { t, staff: { owner } } = withShop({ catalogue: true, staff: { owner: 'demo owner' } });

const setBin = (who: StaffSessionForTest, num: string, payload: object) => adminCall(t, who, { method: 'PUT', url: `/Stock/${num}/Bin`, payload });
const binsOf = async (num: string) => (await adminCall(t, owner, { method: 'GET', url: `/Stock/${num}` })).body.bins as { west: string; east: string };

describe('bin locations', () => {
  it('sets, shows and clears an item\'s bin per warehouse, each change audited with before and after', async () => {
    const set = await setBin(owner, '11002', { warehouse: 'west', bin: ' A-03-2 ' });
    expect(set.status).toBe(200);
    expect(set.headers['cache-control']).toBe('no-store');
    expect(set.body).toEqual({ invNum: '11002', warehouse: 'west', bin: 'A-03-2' });
    expect(await binsOf('11002')).toEqual({ west: 'A-03-2', east: '' });

    expect((await setBin(owner, '11002', { warehouse: 'east', bin: 'E-1' })).status).toBe(200);
    expect(await binsOf('11002')).toEqual({ west: 'A-03-2', east: 'E-1' });

    expect((await setBin(owner, '11002', { warehouse: 'west', bin: '' })).body.bin).toBe('');
    expect(await binsOf('11002')).toEqual({ west: '', east: 'E-1' });

    const audit = await adminCall(t, owner, { method: 'GET', url: '/Audit?target=item:11002&action=stock.bin' });
    expect(audit.body.items.map((a: { summary: string }) => JSON.parse(a.summary))).toEqual([
      { warehouse: 'west', before: 'A-03-2', after: '' },
      { warehouse: 'east', before: '', after: 'E-1' },
      { warehouse: 'west', before: '', after: 'A-03-2' },
    ]);
  });

  it('sets a bin on an item that has no stock row yet', async () => {
    await t.ctx.database.db.deleteFrom('item_stock').where('item_id', '=', (await t.ctx.database.db.selectFrom('items').select('id').where('num', '=', '11003').executeTakeFirstOrThrow()).id).execute();
    expect((await setBin(owner, '11003', { warehouse: 'east', bin: 'B-7' })).status).toBe(200);
    const stock = (await adminCall(t, owner, { method: 'GET', url: '/Stock/11003' })).body;
    expect(stock).toMatchObject({ east: { available: 0, onHand: 0 }, bins: { west: '', east: 'B-7' } });
  });

  it('refuses a bin that is not a short shelf location, in words that name the field', async () => {
    for (const bin of ['A'.repeat(21), 'A\n3', '-A', 'A;3']) {
      const res = await setBin(owner, '11002', { warehouse: 'west', bin });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain('Bin is a shelf location of up to 20 letters, digits, dashes or dots, such as A-03-2');
    }
    expect((await setBin(owner, '99999', { warehouse: 'west', bin: 'A-1' })).status).toBe(404);
  });

  it('keeps a member limited to one warehouse to that warehouse\'s bins', async () => {
    const west = await staffWith(t, ['warehouse'], 'west');
    expect((await setBin(west, '12001', { warehouse: 'west', bin: 'W-2' })).status).toBe(200);
    const other = await setBin(west, '12001', { warehouse: 'east', bin: 'E-2' });
    expect(other.status).toBe(403);
    expect(other.body.detail).toBe('You may set bins at West only');
    expect(await binsOf('12001')).toEqual({ west: 'W-2', east: '' });
    const reader = await staffWith(t, ['catalogue']);
    expect((await setBin(reader, '12001', { warehouse: 'west', bin: 'X-1' })).status).toBe(403);
  });
});
