import type { CompiledQuery, Kysely } from 'kysely';
import { runHot } from '../db/database';
import type { DB } from '../db/schema';

type Db = Kysely<DB>;
type Compilable<R> = { compile(): CompiledQuery<R> };

/** Stands for the n-th argument while a query is compiled once; never reaches a database. */
class Slot {
  constructor(readonly n: number) {}
}

/**
 * A query of the hot paths, built and compiled by Kysely once per dialect and then run with new
 * arguments: building and compiling a query cost more CPU than running it on SQLite
 * (docs/decisions/0006-hot-path.md). `build` must use each argument only as a bound value
 * (never to choose the shape of the query); values it writes itself stay as compiled.
 *
 * Outside a transaction it runs past Kysely's executor (`runHot`): SQLite reads go to the read
 * connection, PostgreSQL queries are named prepared statements (docs/decisions/0008-cart-hot-path.md).
 */
export function preparedQuery<A extends unknown[], R>(build: (db: Db, ...args: A) => Compilable<R>): (db: Db, ...args: A) => Promise<R[]> {
  const byAdapter = new Map<unknown, { query: CompiledQuery<R>; slots: (Slot | null)[] }>();
  return async (db, ...args) => {
    const adapter = db.getExecutor().adapter.constructor;
    let prepared = byAdapter.get(adapter);
    if (!prepared) {
      const query = build(db, ...(args.map((_a, i) => new Slot(i)) as A)).compile();
      prepared = { query, slots: query.parameters.map((p) => (p instanceof Slot ? p : null)) };
      byAdapter.set(adapter, prepared);
    }
    const { query, slots } = prepared;
    const parameters = query.parameters.map((p, i) => (slots[i] ? args[slots[i].n] : p));
    const hot = runHot(db, query, parameters);
    if (hot) return hot;
    const result = await db.executeQuery<R>({ ...query, parameters });
    return result.rows;
  };
}
