import type { Generated } from 'kysely';

/** Row types of the content tables (migration 2026-11-21T12-00-content). */
export interface ContactMessageTable {
  id: Generated<number>;
  reference: string;
  name: string;
  email: string;
  company: string;
  phone: string;
  subject: string;
  message: string;
  created_at: string;
}

export interface DistributorTable {
  id: Generated<number>;
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  website: string;
  latitude: number;
  longitude: number;
  /** Moves by one with every edit (migration 2026-11-26T00-20-content-admin). */
  version: Generated<number>;
}

/** A storefront text page in Markdown (migration 2026-11-26T00-20-content-admin). */
export interface ContentPageTable {
  slug: string;
  title: string;
  markdown: string;
  updated_at: string;
  version: Generated<number>;
}

declare module '../platform/db/schema' {
  interface DB {
    contact_messages: ContactMessageTable;
    distributors: DistributorTable;
    content_pages: ContentPageTable;
  }
}
