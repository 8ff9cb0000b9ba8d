import type { Generated } from 'kysely';

/** Price levels and quantity breaks (migration 2026-11-26T04-10-price-levels). */
export interface PriceLevelTable {
  id: Generated<number>;
  name: string;
  /** Percent off list in basis points: 0..10000 (12.5% is 1250). */
  percent_off_bp: number;
  /** Moves with every change of the level or its named prices: cache keys carry it. */
  version: Generated<number>;
  created_at: string;
}

export interface PriceLevelPriceTable {
  level_id: number;
  item_id: number;
  price_cents: number;
}

export interface ItemPriceBreakTable {
  item_id: number;
  min_qty: number;
  price_cents: number;
}

declare module '../../platform/db/schema' {
  interface DB {
    price_levels: PriceLevelTable;
    price_level_prices: PriceLevelPriceTable;
    item_price_breaks: ItemPriceBreakTable;
  }
}
