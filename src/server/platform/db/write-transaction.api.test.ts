import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedQuery } from '../http/prepared-query';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-app';
import { writeTransaction } from './database';

/**
 * writeTransaction on this database: on SQLite calls that arrive together share one commit, each
 * in its own savepoint; on PostgreSQL each is its own transaction. Either way a call that fails
 * changes nothing and the others are kept, and a call is answered only once its change is
 * committed (read back here through another connection: SQLite's read connection, another
 * pooled PostgreSQL connection).
 */
let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(() => tdb?.drop());

const counter = preparedQuery((db, name: string) => db.selectFrom('counters').select('value').where('name', '=', name));
const committed = async (name: string) => (await counter(tdb.database.db, name))[0]?.value;

class Refused extends Error {}

describe('writeTransaction', () => {
  it('keeps every call that succeeds and nothing of one that fails, answering each after its commit', async () => {
    const db = tdb.database.db;
    const seenAtAnswer = new Map<string, number | undefined>();
    const calls = Array.from({ length: 12 }, (_, i) =>
      writeTransaction(db, async (trx) => {
        await trx.insertInto('counters').values({ name: `wt-${i}`, value: i }).execute();
        if (i === 4) throw new Refused(`call ${i} refused after writing`);
        // A statement the database refuses (the name exists): only this call's changes go.
        if (i === 7) await trx.insertInto('counters').values({ name: 'wt-7', value: 0 }).execute();
        return i;
      }).then(async (value) => {
        seenAtAnswer.set(`wt-${value}`, await committed(`wt-${value}`));
        return value;
      }),
    );
    const results = await Promise.allSettled(calls);

    results.forEach((r, i) => {
      if (i === 4) expect(r.status === 'rejected' && r.reason instanceof Refused).toBe(true);
      else if (i === 7) expect(r.status).toBe('rejected');
      else expect(r).toEqual({ status: 'fulfilled', value: i });
    });
    for (let i = 0; i < 12; i++) {
      const expected = i === 4 || i === 7 ? undefined : i;
      expect(await committed(`wt-${i}`)).toBe(expected);
      if (expected !== undefined) expect(seenAtAnswer.get(`wt-${i}`)).toBe(i);
    }
  });

  it('runs prepared queries inside the call: a call reads its own writes, and a failed one leaves none', async () => {
    const insert = preparedQuery((db, name: string, value: number) => db.insertInto('counters').values({ name, value }).returning('value'));
    const calls = ['wp-1', 'wp-2', 'wp-3'].map((name, i) =>
      writeTransaction(tdb.database.db, async (trx) => {
        await insert(trx, name, i);
        const [row] = await counter(trx, name);
        if (i === 1) throw new Refused('refused after a prepared write');
        return row?.value;
      }),
    );
    const results = await Promise.allSettled(calls);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'refused'))).toEqual([0, 'refused', 2]);
    expect([await committed('wp-1'), await committed('wp-2'), await committed('wp-3')]).toEqual([0, undefined, 2]);
  });

  it('goes on after a failed call', async () => {
    await expect(writeTransaction(tdb.database.db, async () => Promise.reject(new Refused('no')))).rejects.toBeInstanceOf(Refused);
    await writeTransaction(tdb.database.db, (trx) => trx.insertInto('counters').values({ name: 'wt-after', value: 1 }).execute());
    expect(await committed('wt-after')).toBe(1);
  });
});
