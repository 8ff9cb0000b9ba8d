import { useQuery } from '@tanstack/react-query';
import type { Cart } from '../../contract/cart';
import { type CartLineAvailability, cartAvailabilitySchema } from '../../contract/cart-availability';
import { apiGet } from '../lib/api-client';

const FAILED = 'Failed to get stock availability';

/**
 * Where each cart line would ship from today (GET /Shop/GetCartAvailability: checkout's own
 * allocation rule, for the cart's ship-to), as the cart and the checkout review show it. The key
 * carries what the forecast depends on, so any change of lines or ship-to fetches it again.
 */
export function useCartAvailability(cart: Cart) {
  const signature = cart.items.map((i) => `${i.invNum}:${i.ordQty}`).join(',');
  return useQuery({
    queryKey: ['cart', 'availability', cart.shipToCode, signature],
    queryFn: () => apiGet('/Shop/GetCartAvailability', cartAvailabilitySchema, FAILED),
  });
}

/**
 * After an item was added: its cart line's forecast, or null when it cannot be had (the add itself
 * succeeded, so a failed forecast only leaves the notice out).
 */
export async function lineAvailability(invNum: string): Promise<CartLineAvailability | null> {
  try {
    const a = await apiGet('/Shop/GetCartAvailability', cartAvailabilitySchema, FAILED);
    return a.lines.find((l) => l.invNum === invNum) ?? null;
  } catch {
    return null;
  }
}

const units = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;

/**
 * The buyer's words for a line that stock cannot cover (DESIGN.md §3: a line ships from the
 * warehouse nearest the ship-to, then the other; the rest is backordered and ships when new stock
 * arrives, oldest orders first). Null when the whole line is in stock.
 */
export function backorderNotice(line: Pick<CartLineAvailability, 'qty' | 'west' | 'east' | 'backordered'>): string | null {
  if (line.backordered <= 0) return null;
  const inStock = line.west + line.east;
  const now = inStock === 0 ? 'none are in stock now' : `only ${units(inStock)} ${inStock === 1 ? 'is' : 'are'} in stock now`;
  return `${units(line.backordered)} of the ${line.qty} in your cart will be backordered: ${now}. Backordered units ship when new stock arrives.`;
}
