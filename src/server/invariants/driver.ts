import { SeededRandom } from '../catalogue/demo/random';
import { type Break, checkInvariants, type CheckResult } from './checker';
import { type OrderBook, pickOperation, Tally } from './operations';
import type { ReadOnlyDb } from './read-only-db';
import type { InvariantShop } from './setup';

/**
 * The invariant driver (docs/decisions/0028): batches of random operations from concurrent
 * clients through the HTTP API, and after each batch, when nothing is in flight, the checker.
 * Every random choice comes from `seed` (each client has its own stream), so a run can be replayed
 * with the same seed; the interleaving of the clients is the machine's.
 */

export interface BatchReport {
  batch: number;
  operations: number;
  seconds: number;
  check: CheckResult;
  /** Answers no operation expected (5xx, or a status the operation should not get). */
  unexpected: string[];
}

export class InvariantDriver {
  readonly tally = new Tally();
  private readonly book: OrderBook = { orders: [], payments: [], returns: [] };
  private batches = 0;

  constructor(
    private readonly shop: InvariantShop,
    private readonly checkerDb: ReadOnlyDb,
    readonly seed: number,
  ) {}

  /**
   * Opening stock of the run's items: a count at each warehouse through the API, a few units above
   * what is held back, so backorders happen. Answers the unexpected answers.
   */
  async stockUp(): Promise<string[]> {
    const rng = new SeededRandom(this.seed);
    for (const invNum of this.shop.items) {
      const now = this.tally.record('stock read', await this.shop.owner.call('GET', `/Stock/${invNum}`), [200]);
      for (const warehouse of ['west', 'east'] as const) {
        const { available, onHand } = (now.body?.[warehouse] ?? { available: 0, onHand: 0 }) as { available: number; onHand: number };
        const body = { invNum, warehouse, setTo: onHand - available + rng.int(0, 25), reason: 'count', note: 'invariant run' };
        this.tally.record('adjust setTo', await this.shop.owner.call('POST', '/Stock/Adjust', body), [200], 'stock.adjust');
      }
    }
    return [...this.tally.unexpected];
  }

  /** `operations` operations from `clients` clients at once; then the invariants. */
  async batch(clients: number, operations: number): Promise<BatchReport> {
    this.batches += 1;
    const batch = this.batches;
    const unexpectedBefore = this.tally.unexpected.length;
    const started = Date.now();
    let left = operations;
    await Promise.all(
      Array.from({ length: clients }, async (_, i) => {
        const rng = new SeededRandom(this.seed * 7919 + batch * 104_729 + i);
        const buyer = this.shop.buyers[i % this.shop.buyers.length]!;
        while (left > 0) {
          left -= 1;
          const op = pickOperation(rng);
          try {
            await op.run({ shop: this.shop, rng, buyer, book: this.book, tally: this.tally });
          } catch (err) {
            this.tally.unexpected.push(`${op.name}: ${String(err)}`);
          }
          this.tally.operations += 1;
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const check = await checkInvariants(this.checkerDb, { staffChanges: this.tally.staffChanges });
    return { batch, operations, seconds, check, unexpected: this.tally.unexpected.slice(unexpectedBefore) };
  }
}

/** Breaks by invariant, each with up to `examples` subjects: what a failed run prints. */
export function describeBreaks(breaks: readonly Break[], examples = 5): string {
  const byInvariant = new Map<string, Break[]>();
  for (const b of breaks) byInvariant.set(b.invariant, [...(byInvariant.get(b.invariant) ?? []), b]);
  return [...byInvariant]
    .map(([invariant, list]) => `${invariant}: ${list.length}\n${list.slice(0, examples).map((b) => `    ${b.subject}: ${b.detail}`).join('\n')}`)
    .join('\n');
}

/** Answers by operation and status, one line each. */
export function describeTally(tally: Tally): string {
  return [...tally.statuses]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, byStatus]) => `  ${kind.padEnd(16)} ${[...byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ')}`)
    .join('\n');
}
