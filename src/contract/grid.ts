import { z } from 'zod';
import { categoryNumParam } from './catalogue';
import { labelled } from './labels';

/**
 * Grid ordering (DESIGN.md §7 "Buying faster", docs/decisions/0043-grid-ordering.md):
 * GET /Inventory/GetGrid answers a category's colour × size grid in one request.
 */

export const GRID_MESSAGES = {
  notAGrid: (category: string) => `${category} has no items that come in several colours and sizes, so it has no order grid`,
  noSuchGroup: (group: string) => `No colours in the colour family "${group}" here`,
  groupTooLong: 'Colour family can be at most 40 characters',
} as const;

export const gridQuery = labelled(
  z.object({
    categoryNum: categoryNumParam,
    /** A colour family (Red, Blue, …, as `groups` lists them), any case; absent or empty: every colour. */
    group: z.string().trim().max(40, GRID_MESSAGES.groupTooLong).optional(),
  }),
  { group: 'Colour family' },
);
export type GridQuery = z.infer<typeof gridQuery>;

export const gridCellSchema = z.object({
  /** Index into `rows` (the colour) and into `columns` (the size). */
  row: z.number().int(),
  column: z.number().int(),
  invNum: z.string(),
  /** The caller's unit price (level and first break, as the listing shows it): only for a signed-in customer. */
  price: z.number().optional(),
  /** Suggested retail price: what a visitor sees, as in the listing. */
  srp: z.number(),
  /** In stock now at West (Fresno) and East (Fairhope), as the listing's flags; out of stock still orders (backorder). */
  inStockWest: z.boolean(),
  inStockEast: z.boolean(),
  /** Sold in multiples of this (1: any quantity); the cart rounds a quantity up to it. */
  orderMultiple: z.number().int(),
});
export type GridCell = z.infer<typeof gridCellSchema>;

export const gridSchema = z.object({
  categoryNum: z.number().int(),
  description: z.string(),
  /** Colour names, in the catalogue's order (lowest item number first). */
  rows: z.array(z.string()),
  /** Sizes, smallest first; a size sold in several packs has one column per pack (`5" 100 ct`). */
  columns: z.array(z.string()),
  /** The colour families of the whole grid (for `group`), in row order. */
  groups: z.array(z.string()),
  /** Filled cells only, row by row; a colour not made in a size has no cell. */
  cells: z.array(gridCellSchema),
});
export type Grid = z.infer<typeof gridSchema>;
