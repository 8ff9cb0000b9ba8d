import { CART, type ShippingCode } from '../../../contract/cart';

/**
 * Shipping prices (DESIGN.md §3). Priced from the order's
 * merchandise value (after discounts) and its destination: carriers charge by weight and zone,
 * and for balloons value tracks weight closely enough for a wholesale price list.
 *
 * | option        | price                         | days |
 * |---------------|-------------------------------|------|
 * | ground        | $9.95 + 5% (free from $500)   | 3 (7 remote) |
 * | 2-day         | $19.95 + 8%                   | 2    |
 * | next-day      | $39.95 + 12%                  | 1    |
 * | will-call     | free, ready next business day | 1    |
 *
 * Remote destinations (Alaska, Hawaii, Puerto Rico, outside the US) pay double.
 */

export interface Destination {
  state: string;
  country: string;
}

export interface ShippingRate {
  code: ShippingCode;
  name: string;
  description: string;
  amountCents: number;
  estimatedDays: number;
}

export interface ShippingQuote {
  merchandiseCents: number;
  destination: Destination;
  /** A free-shipping coupon applies. */
  freeShippingCoupon: boolean;
}

const REMOTE_STATES = new Set(['AK', 'HI', 'PR', 'GU', 'VI', 'AS', 'MP']);
const US = /^(us|usa|u\.s\.a?\.?|united states( of america)?)$/i;

export function isRemote(d: Destination): boolean {
  const country = d.country.trim();
  return (country !== '' && !US.test(country)) || REMOTE_STATES.has(d.state.trim().toUpperCase());
}

/** Free ground shipping: a free-shipping coupon, or an order of at least $500 after discounts. */
export function groundIsFree(q: Pick<ShippingQuote, 'merchandiseCents' | 'freeShippingCoupon'>): boolean {
  return q.freeShippingCoupon || q.merchandiseCents >= CART.freeGroundFromCents;
}

const carrier = (baseCents: number, percent: number, q: ShippingQuote) =>
  Math.round((baseCents + (q.merchandiseCents * percent) / 100) * (isRemote(q.destination) ? 2 : 1));

/** Every option offered for an order, cheapest carrier first, then the two pick-up points. */
export function shippingRates(q: ShippingQuote): ShippingRate[] {
  const remote = isRemote(q.destination);
  const free = groundIsFree(q);
  return [
    {
      code: 'ground',
      name: 'Ground',
      description: free ? 'Ground delivery, free for this order' : `Ground delivery, free from $${CART.freeGroundFromCents / 100}`,
      amountCents: free ? 0 : carrier(995, 5, q),
      estimatedDays: remote ? 7 : 3,
    },
    { code: '2day', name: '2-Day', description: 'Second business day delivery', amountCents: carrier(1995, 8, q), estimatedDays: 2 },
    { code: 'nextday', name: 'Next Day', description: 'Next business day delivery', amountCents: carrier(3995, 12, q), estimatedDays: 1 },
    {
      code: 'willcall-west',
      name: 'Will Call West (Fresno)',
      description: 'Pick up at our West warehouse in Fresno, CA; ready the next business day',
      amountCents: 0,
      estimatedDays: 1,
    },
    {
      code: 'willcall-east',
      name: 'Will Call East (Fairhope)',
      description: 'Pick up at our East warehouse in Fairhope, AL; ready the next business day',
      amountCents: 0,
      estimatedDays: 1,
    },
  ];
}
