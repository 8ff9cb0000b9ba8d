/** Platform's own tables: settings, named counters and the buyers' idempotency keys. */
export interface MetaTable {
  key: string;
  value: string;
}

/** Named sequences: document numbers and the change feeds' `*_seq`. */
export interface CounterTable {
  name: string;
  value: number;
}

export interface IdempotencyKeyTable {
  customer_id: number;
  key: string;
  request_hash: string;
  order_id: number | null;
  created_at: string;
}

declare module './schema' {
  interface DB {
    meta: MetaTable;
    counters: CounterTable;
    idempotency_keys: IdempotencyKeyTable;
  }
}
