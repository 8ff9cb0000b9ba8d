/**
 * Which warehouse ships what (DESIGN.md §3): each line ships from the warehouse nearest the
 * destination first, then from the other; whatever neither holds is backordered.
 */

export type Warehouse = 'west' | 'east';

export interface Allocation {
  west: number;
  east: number;
  backordered: number;
}

/** States and provinces nearer Fresno than Fairhope. */
const WESTERN = new Set([
  // US
  'AK', 'AZ', 'CA', 'CO', 'HI', 'ID', 'MT', 'NM', 'NV', 'OR', 'UT', 'WA', 'WY',
  // Canada
  'AB', 'BC', 'NT', 'YT',
]);

/** The warehouse nearest a destination state (two-letter code, any case). */
export function nearestWarehouse(state: string): Warehouse {
  return WESTERN.has(state.trim().toUpperCase()) ? 'west' : 'east';
}

/**
 * Splits `qty` units of one line between the warehouses. `available` is what each warehouse can
 * ship now (negative values count as nothing). Pure: the caller locks and decrements the stock.
 */
export function allocateStock(qty: number, available: Record<Warehouse, number>, first: Warehouse): Allocation {
  const second: Warehouse = first === 'west' ? 'east' : 'west';
  const fromFirst = Math.min(qty, Math.max(0, available[first]));
  const fromSecond = Math.min(qty - fromFirst, Math.max(0, available[second]));
  const result: Allocation = { west: 0, east: 0, backordered: qty - fromFirst - fromSecond };
  result[first] = fromFirst;
  result[second] = fromSecond;
  return result;
}

/** Which warehouse ships an order first: the pick-up point for will-call, else the one nearest the destination. */
export function firstWarehouse(shippingCode: string, state: string): Warehouse {
  if (shippingCode === 'willcall-west') return 'west';
  if (shippingCode === 'willcall-east') return 'east';
  return nearestWarehouse(state);
}
