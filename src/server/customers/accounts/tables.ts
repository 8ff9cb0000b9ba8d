import type { Generated } from 'kysely';
import type { CustomerStatus } from '../../../contract/accounts';

/**
 * Row types of the account tables (migration 2026-11-21T11-00-accounts). Booleans are integers
 * 0/1 and times ISO-8601 text, like the rest of the schema.
 */
/** The postal address and day phone, kept alike on an account (its billing address) and on a ship-to. */
export interface AddressColumns {
  address_line1: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  day_phone: string;
}

export interface CustomerTable extends AddressColumns {
  id: Generated<number>;
  code: string;
  email: string;
  /** Lower-cased email: unique, so an address is registered once whatever its case. */
  email_key: string;
  email_verified: number;
  password_hash: string;
  org_name: string;
  first_name: string;
  last_name: string;
  web: string;
  /** Null: the billing address is the default ship-to. */
  default_ship_to_id: number | null;
  /** JSON array of strings. */
  permissions: string;
  security_question: string;
  /** argon2id of the normalised answer; never the answer itself. */
  security_answer_hash: string;
  find_a_pro: number;
  prod_info_email: number;
  prod_info_fax: number;
  created_at: string;
  updated_at: string;
  /** An email change waiting for its link to be opened; '' when none (DESIGN.md §3 "Email change"). */
  pending_email: Generated<string>;
  /** Hash of the session that asked for the pending change: the one kept when it completes. */
  pending_email_session: Generated<string>;
  /** 'pending' | 'active' | 'suspended' (migration 2026-11-26T00-40): only active customers see prices and order. */
  status: Generated<CustomerStatus>;
  /** Moves with every back-office change of the account (optimistic concurrency). */
  version: Generated<number>;
  /** What the back office's search matches (company | contact | email | ZIP, lower case): kept by the database, never written here. */
  search_key: Generated<string>;
  /** The customer's price level (migration 2026-11-26T04-10); null: list prices. */
  price_level_id: Generated<number | null>;
  /** Trade terms and credit (migration 2026-11-26T04-20-terms-credit-payments). */
  terms_kind: Generated<'prepaid' | 'net'>;
  /** Net N days (1..365); kept but unused while the customer is prepaid. */
  terms_days: Generated<number>;
  credit_limit_cents: Generated<number>;
}


/** A staff member's note on a customer (append-only). */
export interface CustomerNoteTable {
  id: Generated<number>;
  customer_id: number;
  /** Null once the staff member is deleted. */
  staff_id: number | null;
  text: string;
  created_at: string;
}

export interface ShipToTable extends AddressColumns {
  id: Generated<number>;
  code: string;
  customer_id: number;
  org_name: string;
  first_name: string;
  last_name: string;
  contact: string;
  email: string;
  created_at: string;
  updated_at: string;
}

export interface SessionTable {
  id: Generated<number>;
  customer_id: number;
  /** SHA-256 of the token, hex; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  /** When this session last entered the password (sign-in, ConfirmPassword); null: never. */
  password_at: string | null;
  /** The staff member acting for the customer in this session (act-as, decision 0035); null: the buyer's own. */
  acting_staff_id: Generated<number | null>;
}

/** Password-reset and email-verification tokens share this shape. */
export interface OneTimeTokenTable {
  id: Generated<number>;
  customer_id: number;
  token_hash: string;
  /** Verification: the address being verified (a later email change makes the link void). */
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface LoginFailureTable {
  id: Generated<number>;
  /** Lower-cased email as typed, whether or not such a customer exists. */
  account_key: string;
  address: string;
  created_at: string;
}

declare module '../../platform/db/schema' {
  interface DB {
    customers: CustomerTable;
    ship_tos: ShipToTable;
    sessions: SessionTable;
    password_reset_tokens: OneTimeTokenTable;
    email_verification_tokens: OneTimeTokenTable;
    /** "This was not me" links of an email change; `email` is the old address to restore. */
    email_revert_tokens: OneTimeTokenTable;
    login_failures: LoginFailureTable;
    customer_notes: CustomerNoteTable;
  }
}
