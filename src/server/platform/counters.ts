import { type Kysely, type RawBuilder, sql } from 'kysely';
import { numbersFromSequences } from './db/dialect';
import type { DB } from './db/schema';

/**
 * The shop's number series and change sequences: the rows of `counters`, platform's table. Every
 * module that numbers or sequences something moves its counter here, in its own transaction. On
 * PostgreSQL a counter's row lock is held from its update to the commit, so callers take counters
 * last (see orders/change-feed.ts): values then commit in order.
 */
export type CounterName =
  | 'order_num'
  | 'shipment_num'
  | 'invoice_num'
  | 'rma_num'
  | 'credit_memo_num'
  | 'order_change_seq'
  | 'stock_seq'
  | 'catalogue_seq'
  | 'sales_history_seq'
  | 'sales_month_seq'
  | 'tax_rates_version'
  | 'search_synonyms_version';

/** Moves a counter by one in one atomic UPDATE … RETURNING, so values are sequential and never repeat. Answers the new value. */
export async function bumpCounter(db: Kysely<DB>, name: CounterName): Promise<number> {
  const row = await db.updateTable('counters').set({ value: sql<number>`value + 1` }).where('name', '=', name).returning('value').executeTakeFirstOrThrow();
  return Number(row.value);
}

/** Number series that PostgreSQL takes from a sequence (`<name>_seq`), not from a counter row. */
export type SequencedNumber = 'rma_num' | 'credit_memo_num';

/**
 * The next number of a series: on PostgreSQL from its sequence, which holds no lock to the commit
 * (so two receipts do not take turns for the whole of their transactions; a rolled-back one
 * leaves a gap); on SQLite, where one writer runs at a time, from its counter as `bumpCounter`.
 */
export async function nextNumber(db: Kysely<DB>, name: SequencedNumber): Promise<number> {
  if (!numbersFromSequences(db)) return bumpCounter(db, name);
  const r = await sql<{ value: string }>`select nextval(${`${name}_seq`}) as value`.execute(db);
  return Number(r.rows[0]!.value);
}

/** Moves each of these counters by one, in one statement. */
export async function bumpCounters(db: Kysely<DB>, names: readonly CounterName[]): Promise<void> {
  if (names.length === 0) return;
  await db.updateTable('counters').set({ value: sql<number>`value + 1` }).where('name', 'in', [...names]).execute();
}

/** Sets a counter to `value` (a bulk load that numbered its rows itself moves the series past them). */
export async function setCounter(db: Kysely<DB>, name: CounterName, value: number): Promise<void> {
  await db.updateTable('counters').set({ value }).where('name', '=', name).execute();
}

/**
 * PostgreSQL: `bumpCounter` as a common table expression `cte` (answering `value`) for a WITH
 * clause, so a statement that does other work moves the counter without a round trip of its own.
 * `after` are conditions on the statement's earlier CTEs: they make those run first, so the counter
 * is still taken after the rows they lock.
 */
export function counterCte(cte: string, name: CounterName, after: readonly RawBuilder<unknown>[] = []): RawBuilder<unknown> {
  return countersCte(cte, [name], after);
}

/** `bumpCounters` as a common table expression `cte` (answering `value` per counter), as `counterCte`. */
export function countersCte(cte: string, names: readonly CounterName[], after: readonly RawBuilder<unknown>[] = []): RawBuilder<unknown> {
  const which = names.length === 1 ? sql`name = ${names[0]}` : sql`name in (${sql.join([...names])})`;
  return sql`${sql.id(cte)} as (update counters set value = value + 1 where ${which}${sql.join(
    after.map((c) => sql` and ${c}`),
    sql``,
  )} returning value)`;
}
