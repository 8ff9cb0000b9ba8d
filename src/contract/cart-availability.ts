import { z } from 'zod';

/**
 * Where each cart line would ship from today (issue 8): the same allocation rule as checkout
 * (server/stock/allocation.ts), for the cart's current ship-to. A forecast: stock is taken at
 * checkout, so it can change until then.
 */
export const cartLineAvailabilitySchema = z.object({
  invNum: z.string(),
  qty: z.number().int(),
  /** Units from West (Fresno), East (Fairhope), and backordered. */
  west: z.number().int(),
  east: z.number().int(),
  backordered: z.number().int(),
});
export type CartLineAvailability = z.infer<typeof cartLineAvailabilitySchema>;

export const cartAvailabilitySchema = z.object({
  /** The cart's ship-to ('' = the billing address). */
  shipToCode: z.string(),
  /** "City, ST" of the destination. */
  destination: z.string(),
  /** The warehouse nearest the destination: lines ship from it first. */
  nearest: z.enum(['west', 'east']),
  lines: z.array(cartLineAvailabilitySchema),
});
export type CartAvailability = z.infer<typeof cartAvailabilitySchema>;

/** A line's allocation in the shop's words. */
export function shipsFrom(a: Pick<CartLineAvailability, 'west' | 'east' | 'backordered'>): string {
  const from = a.west > 0 && a.east > 0 ? 'Split West/East' : a.west > 0 ? 'West' : a.east > 0 ? 'East' : '';
  if (a.backordered === 0) return from;
  return from ? `${from}, ${a.backordered} backordered` : 'Backordered';
}
