import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixtureCatalogue } from '../../catalogue/test-fixture';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-app';
import { dialectOps, searchTerms } from './dialect';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
  await loadFixtureCatalogue(tdb.database.db);
});
afterAll(() => tdb?.drop());

describe('full-text search on this database', () => {
  const search = async (text: string) => {
    const ids = await dialectOps(tdb.database.dialect).searchItemIds(tdb.database.db, searchTerms(text));
    const rows = ids.length ? await tdb.database.db.selectFrom('items').select('num').where('id', 'in', ids).execute() : [];
    return rows.map((r) => r.num).sort();
  };

  it('matches whole words and word prefixes in title, keywords, number, code and UPC', async () => {
    expect(await search('heart')).toEqual(['30001']);
    expect(await search('hea')).toEqual(['30001']);
    expect(await search('classic')).toEqual(['11001']);
    expect(await search('12001')).toEqual(['12001']);
    expect(await search('c-40001')).toEqual(['40001']);
    expect(await search('071234330072')).toEqual(['33007']);
  });

  it('needs every term and ignores case, accents and punctuation', async () => {
    expect(await search('RED latex')).toEqual(['11001', '12001']);
    expect(await search('réd, 16"')).toEqual(['12001']);
    expect(await search('red star')).toEqual([]);
  });

  it('treats query syntax as plain text', async () => {
    expect(await search('"red" OR * NEAR(')).toEqual([]);
    expect(await search('red:* | !latex')).toEqual(['11001', '12001']);
    expect(await search('   ')).toEqual([]);
  });

  it('follows updates and deletes of items', async () => {
    await tdb.database.db.updateTable('items').set({ web_title: 'Sapphire Bubble' }).where('num', '=', '40001').execute();
    expect(await search('sapphire')).toEqual(['40001']);
    expect(await search('clear')).toEqual([]);
    await tdb.database.db.deleteFrom('items').where('num', '=', '40001').execute();
    expect(await search('sapphire')).toEqual([]);
  });
});
