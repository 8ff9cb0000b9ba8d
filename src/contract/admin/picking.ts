import { z } from 'zod';
import { warehouseSchema } from './staff-session';

/**
 * The pick screen (DESIGN §7 "The back office in plain words, on a phone"): accepted orders' open
 * units at one warehouse, by item in shelf order (bin, items without a bin last, then item
 * number), as `GET /beapi/Admin/PickList?warehouse=&orders=` answers them. The PDF has the same
 * lines in the same order.
 */

export const pickListOrderSchema = z.object({ orderNum: z.number().int(), orgName: z.string(), units: z.number().int() });

export const pickListLineSchema = z.object({
  invNum: z.string(),
  title: z.string(),
  /** The item's bin at this warehouse ("" for none). */
  bin: z.string(),
  /** The UPC its barcode carries ("" for none). */
  upc: z.string(),
  /** Units to pick over all the orders. */
  totalQty: z.number().int(),
  orders: z.array(z.object({ orderNum: z.number().int(), lineNo: z.number().int(), qty: z.number().int() })),
});
export type PickListLine = z.infer<typeof pickListLineSchema>;

export const pickListSchema = z.object({
  warehouse: warehouseSchema,
  /** The orders covered, oldest first, with the company and the units to pick for each. */
  orders: z.array(pickListOrderSchema),
  items: z.array(pickListLineSchema),
});
export type PickList = z.infer<typeof pickListSchema>;

/** "1 order", "3 orders": counts in the words a person reads. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
