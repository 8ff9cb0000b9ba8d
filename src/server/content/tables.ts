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
}

export interface ContentTables {
  contact_messages: ContactMessageTable;
  distributors: DistributorTable;
}
