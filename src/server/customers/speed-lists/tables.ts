import type { Generated } from 'kysely';

/** Row types of the speed list tables (migration 2026-11-21T15-00-speed-lists). */
export interface SpeedListTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  /** Lower-cased name, unique per customer. */
  name_key: string;
  created_at: string;
  updated_at: string;
}

export interface SpeedListLineTable {
  list_id: number;
  item_num: string;
  qty: number;
  position: number;
}

declare module '../../platform/db/schema' {
  interface DB {
    speed_lists: SpeedListTable;
    speed_list_lines: SpeedListLineTable;
  }
}
