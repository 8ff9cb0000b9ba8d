import type { Generated } from 'kysely';

/** API keys (migration 2026-11-25T18-10-api-keys). The key itself is never stored. */
export interface ApiKeyTable {
  id: Generated<number>;
  name: string;
  /** The key's first characters, shown to tell keys apart. */
  prefix: string;
  /** SHA-256 (hex) of the key. */
  key_hash: string;
  /** JSON array of scopes. */
  scopes: string;
  created_by: number | null;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  last_used_ip: string | null;
}

declare module '../../platform/db/schema' {
  interface DB {
    api_keys: ApiKeyTable;
  }
}
