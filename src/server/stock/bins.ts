import { sql } from 'kysely';
import type { Warehouse } from './allocation';
import type { Db } from './queries';

/**
 * Bin locations (DESIGN §7): where an item sits on a warehouse's shelves, on its `item_stock` row
 * ("" for none). Pick lists and the pick screen walk the shelves in bin order.
 */
export type Bins = Record<Warehouse, string>;

/** The items' bins by item number; an item without a row at a warehouse has no bin there. */
export async function readBins(db: Db, nums: readonly string[]): Promise<Map<string, Bins>> {
  const bins = new Map<string, Bins>();
  if (nums.length === 0) return bins;
  const rows = await db
    .selectFrom('items as i')
    .innerJoin('item_stock as s', 's.item_id', 'i.id')
    .select(['i.num', 's.warehouse', 's.bin'])
    .where('i.num', 'in', [...new Set(nums)])
    .execute();
  for (const r of rows) {
    const b = bins.get(r.num) ?? { west: '', east: '' };
    b[r.warehouse] = r.bin;
    bins.set(r.num, b);
  }
  return bins;
}

/** Sets an item's bin at one warehouse; the row is made when the item has none there yet. */
export async function writeBin(db: Db, itemId: number, warehouse: Warehouse, bin: string): Promise<void> {
  await db
    .insertInto('item_stock')
    .values({ item_id: itemId, warehouse, qty: 0, reserved: 0, on_order: 0, bin })
    .onConflict((oc) => oc.columns(['item_id', 'warehouse']).doUpdateSet({ bin: sql`excluded.bin` }))
    .execute();
}

/**
 * Shelf order: items with a bin first, by bin (numbers in a bin compared as numbers, so A-9 comes
 * before A-10), then items without a bin; ties by item number.
 */
export function byBin<T extends { bin: string; invNum: string }>(a: T, b: T): number {
  if (!a.bin !== !b.bin) return a.bin ? -1 : 1;
  return a.bin.localeCompare(b.bin, 'en', { numeric: true, sensitivity: 'base' }) || a.invNum.localeCompare(b.invNum, 'en', { numeric: true });
}

/** What a picker needs of each item at one warehouse: its bin and the UPC its barcode carries. */
export interface ShelfFacts {
  bin: string;
  upc: string;
}

/** Bins at `warehouse` and UPCs of these items, by item number (pick lists, the pick screen). */
export async function shelfFacts(db: Db, warehouse: Warehouse, nums: readonly string[]): Promise<Map<string, ShelfFacts>> {
  if (nums.length === 0) return new Map();
  const rows = await db
    .selectFrom('items as i')
    .leftJoin('item_stock as s', (j) => j.onRef('s.item_id', '=', 'i.id').on('s.warehouse', '=', warehouse))
    .select(['i.num', 'i.upc', 's.bin'])
    .where('i.num', 'in', [...new Set(nums)])
    .execute();
  return new Map(rows.map((r) => [r.num, { bin: r.bin ?? '', upc: r.upc ?? '' }]));
}
