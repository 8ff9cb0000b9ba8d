import type { Actor } from '../platform/audit/audit';
import type { Db } from './queries';
import type { LowStockTable } from './low-stock';

/**
 * What stock asks of modules it may not import, given at composition (context.ts): units added
 * by an adjustment or a count go to waiting backorders (flows/backorders.ts), whose buyers are
 * mailed (flows/backorder-mail.ts), in the same transaction; and the catalogue finds items by
 * words and holds the low-stock table of its index.
 */
export interface BackorderFill {
  /** Gives units of these items to waiting backorders; `changed` collects the item ids whose stock moved. */
  fill(trx: Db, itemNums: readonly string[], actor: Actor, changed?: number[]): Promise<Filled[]>;
  /** The buyers' "your backorder is on its way" mails, written to the outbox in `trx`. */
  mail(trx: Db, filled: readonly Filled[]): Promise<void>;
}

export interface FilledLine {
  lineNo: number;
  invNum: string;
  title: string;
  west: number;
  east: number;
}

/** What one order received: the caller mails the buyer after the commit. */
export interface Filled {
  orderNum: number;
  customerId: number;
  lines: FilledLine[];
}

export interface ItemFinder {
  refresh(): Promise<unknown>;
  findItemNums(text: string, limit: number): string[];
  current(): { lowStock: LowStockTable };
}
