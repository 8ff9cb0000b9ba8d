import { z } from 'zod';
import { requiredSingleLine, singleLine } from '../text';
import { warehouseSchema } from './staff';

/** Stock by warehouse, adjustments and the movements history (DESIGN.md §5 "Stock"). */

export const STOCK_REASONS = ['received', 'count', 'damaged', 'returned', 'other'] as const;
/** Kinds of movement: the adjustment reasons, and what the shop itself does. */
export const MOVEMENT_REASONS = [...STOCK_REASONS, 'checkout', 'ship', 'cancel', 'backorder', 'import', 'return'] as const;
export type MovementReason = (typeof MOVEMENT_REASONS)[number];
/** Each kind of movement in words, as the stock history shows it. */
export const MOVEMENT_WORDS: Record<MovementReason, string> = {
  received: 'Received',
  count: 'Stock count',
  damaged: 'Damaged',
  returned: 'Returned',
  other: 'Other',
  checkout: 'Ordered',
  ship: 'Shipped',
  cancel: 'Cancelled',
  backorder: 'Backorder filled',
  import: 'Import',
  return: 'Return received',
};

export const STOCK_MESSAGES = {
  belowZero: (available: number) => `That would leave ${available} available: stock cannot go below zero`,
  deltaOrSetTo: 'Enter the units to add or remove, or the units counted on hand.',
  itemNotFound: (num: string) => `Item ${num} not found`,
  otherWarehouse: (warehouse: 'west' | 'east') => `You may adjust stock at ${warehouse === 'west' ? 'West' : 'East'} only`,
  otherWarehouseBin: (warehouse: 'west' | 'east') => `You may set bins at ${warehouse === 'west' ? 'West' : 'East'} only`,
  bin: 'Bin is a shelf location of up to 20 letters, digits, dashes or dots, such as A-03-2',
} as const;

/** A bin location on a warehouse's shelves ("A-03-2"); empty text clears it. */
export const BIN_PATTERN = /^$|^[A-Za-z0-9][A-Za-z0-9 ./-]{0,19}$/;
export const binSchema = z.string().trim().regex(BIN_PATTERN, STOCK_MESSAGES.bin);

export const warehouseStockSchema = z.object({ available: z.number().int(), onHand: z.number().int() });
export const itemStockSchema = z.object({
  invNum: z.string(),
  title: z.string(),
  west: warehouseStockSchema,
  east: warehouseStockSchema,
  /** Where the item sits at each warehouse ("" for no bin). */
  bins: z.object({ west: z.string(), east: z.string() }),
});
export type ItemStock = z.infer<typeof itemStockSchema>;

export const invNumParam = z.object({ invNum: z.string().regex(/^[A-Za-z0-9-]{1,20}$/, 'Unknown item number') });

export const stockAdjustBody = z
  .object({
    invNum: z.string().regex(/^[A-Za-z0-9-]{1,20}$/, 'Unknown item number'),
    warehouse: warehouseSchema,
    /** Changes available units (negative takes them away). */
    delta: z.number().int().min(-1_000_000).max(1_000_000).refine((v) => v !== 0, 'Units to add or remove cannot be 0.').optional(),
    /** A count of units on hand. */
    setTo: z.number().int().min(0).max(10_000_000).optional(),
    reason: z.enum(STOCK_REASONS),
    note: singleLine(500).default(''),
  })
  .refine((b) => (b.delta === undefined) !== (b.setTo === undefined), { message: STOCK_MESSAGES.deltaOrSetTo });
export type StockAdjustBody = z.infer<typeof stockAdjustBody>;

export const stockAdjustResultSchema = z.object({ invNum: z.string(), warehouse: warehouseSchema, available: z.number().int(), onHand: z.number().int() });

/** PUT /Stock/{invNum}/Bin: the item's bin at one warehouse (empty clears it). */
export const stockBinBody = z.object({ warehouse: warehouseSchema, bin: binSchema });
export type StockBinBody = z.infer<typeof stockBinBody>;
export const stockBinResultSchema = z.object({ invNum: z.string(), warehouse: warehouseSchema, bin: z.string() });
export type StockBinResult = z.infer<typeof stockBinResultSchema>;

export const stockMovementSchema = z.object({
  at: z.string(),
  warehouse: warehouseSchema,
  delta: z.number().int(),
  reason: z.enum(MOVEMENT_REASONS),
  /** "order 100123", "shipment 5", the adjustment's note. */
  ref: z.string(),
  actor: z.string(),
  /**
   * Which figure `delta` changed: 'available' for every reason but 'ship'; a shipment leaves
   * available stock as it was (its units were allocated at checkout) and takes them off on hand.
   */
  affects: z.enum(['available', 'onHand']),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;
export const stockMovementsSchema = z.array(stockMovementSchema);

export const stockSearchQuery = z.object({ q: requiredSingleLine(100) });
export const stockSearchSchema = z.array(itemStockSchema);

/** The Movements answer: newest first, at most `limit` rows (the newest). */
export const stockMovementsQuery = z.object({ limit: z.coerce.number().int().min(1).max(1000).default(200) });

/** The dashboard's low stock: at most this many units available at a warehouse. */
export const LOW_STOCK_THRESHOLD = 12;
