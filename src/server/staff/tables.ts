import type { Generated } from 'kysely';

/** Row types of the staff tables (migration 2026-11-25T10-00-back-office). */
export interface StaffTable {
  id: Generated<number>;
  /** Lower case. */
  email: string;
  name: string;
  password_hash: string;
  /** JSON array of role names. */
  roles: string;
  warehouse: 'west' | 'east' | null;
  active: Generated<number>;
  /** Base32; set at enrolment, used once `totp_enabled` is 1. */
  totp_secret: string | null;
  /** A new authenticator's secret, set up but not confirmed yet: `totp_secret` stays in force until it is. */
  totp_pending_secret: string | null;
  totp_enabled: Generated<number>;
  /** The last time step whose code was accepted: a code works once. */
  totp_last_step: Generated<number>;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface StaffSessionTable {
  /** SHA-256 of the cookie's token; the token itself is never stored. */
  token_hash: string;
  staff_id: number;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  /** Absolute end (7 days); the idle end is last_seen_at + 8 hours. */
  expires_at: string;
  ip: string;
  user_agent: string;
}

/** A wrong TOTP code, counted per member whatever the address (decision 0027). */
export interface StaffCodeFailureTable {
  id: Generated<number>;
  staff_id: number;
  address: string;
  created_at: string;
}

/** A one-time link to set a password (an owner's "reset sign-in"); the token itself is never stored. */
export interface StaffSignInLinkTable {
  token_hash: string;
  staff_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

declare module '../platform/db/schema' {
  interface DB {
    staff: StaffTable;
    staff_sessions: StaffSessionTable;
    staff_code_failures: StaffCodeFailureTable;
    staff_sign_in_links: StaffSignInLinkTable;
  }
}
