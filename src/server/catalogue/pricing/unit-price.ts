/**
 * The one unit-price rule (docs/decisions/0021-pricing.md). Every buyer-side price (listing,
 * search, detail, lookup, cart, checkout, speed lists, survey) comes from here. Integer cents in,
 * integer cents out; the percent is in basis points (12.5% off is 1250).
 */

/** What a price level says about prices: a percent off list, and the items it names a price for. */
export interface LevelPricing {
  percentOffBp: number;
  /** item id → the level's own unit price in cents. */
  named: ReadonlyMap<number, number>;
}

/** From `minQty` units on, this unit price. */
export interface PriceBreak {
  minQty: number;
  priceCents: number;
}

/** list × (1 − percent/100), rounded to the cent (half a cent up), in integers only. */
export function percentOffCents(listCents: number, percentOffBp: number): number {
  return Math.floor((listCents * (10_000 - percentOffBp) + 5_000) / 10_000);
}

/** The level's price of an item: its named price, else the percent off list; list price without a level. */
export function levelPriceCents(item: { id: number; priceCents: number }, level: LevelPricing | null): number {
  if (!level) return item.priceCents;
  return level.named.get(item.id) ?? percentOffCents(item.priceCents, level.percentOffBp);
}

/** The price of the highest break whose `minQty` ≤ qty; null when none applies. `breaks` in any order. */
export function breakPriceCents(breaks: readonly PriceBreak[], qty: number): number | null {
  let best: PriceBreak | null = null;
  for (const b of breaks) if (b.minQty <= qty && (!best || b.minQty > best.minQty)) best = b;
  return best ? best.priceCents : null;
}

/** A line's unit price for this customer at this quantity: the lower of the level's price and the break's. */
export function unitPriceCents(item: { id: number; priceCents: number }, level: LevelPricing | null, breaks: readonly PriceBreak[], qty: number): number {
  const levelPrice = levelPriceCents(item, level);
  const breakPrice = breakPriceCents(breaks, qty);
  return breakPrice === null ? levelPrice : Math.min(levelPrice, breakPrice);
}

/** The quantity rounded up to the next multiple of the item's case pack (1: any quantity). */
export function roundUpToMultiple(qty: number, multiple: number): number {
  return multiple <= 1 ? qty : Math.ceil(qty / multiple) * multiple;
}
