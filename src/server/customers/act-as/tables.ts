/** A one-time link to view the shop as a customer (migration 2026-11-30T02-00-act-as, decision 0035). */
export interface ActAsLinkTable {
  /** SHA-256 of the token, hex; the token itself is never stored. */
  token_hash: string;
  customer_id: number;
  staff_id: number;
  created_at: string;
  expires_at: string;
  /** Set by the one exchange that wins; null while unused. */
  used_at: string | null;
}

declare module '../../platform/db/schema' {
  interface DB {
    act_as_links: ActAsLinkTable;
  }
}
