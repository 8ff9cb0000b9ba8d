import { describe, expect, it } from 'vitest';
import { breakPriceCents, levelPriceCents, percentOffCents, roundUpToMultiple, unitPriceCents } from './unit-price';

const item = { id: 7, priceCents: 320 };
const breaks = [
  { minQty: 48, priceCents: 270 },
  { minQty: 12, priceCents: 290 },
];

describe('unit price rule', () => {
  it('takes a percent off list, rounded to the cent (half up)', () => {
    expect(percentOffCents(320, 2000)).toBe(256);
    expect(percentOffCents(999, 1250)).toBe(874); // 874.125
    expect(percentOffCents(5, 5000)).toBe(3); // 2.5 → 3
    expect(percentOffCents(320, 0)).toBe(320);
    expect(percentOffCents(320, 10_000)).toBe(0);
  });

  it('uses the level’s named price before its percent, and list price without a level', () => {
    const level = { percentOffBp: 2000, named: new Map([[7, 299]]) };
    expect(levelPriceCents(item, level)).toBe(299);
    expect(levelPriceCents({ id: 8, priceCents: 320 }, level)).toBe(256);
    expect(levelPriceCents(item, null)).toBe(320);
  });

  it('takes the highest break at or below the quantity', () => {
    expect(breakPriceCents(breaks, 11)).toBeNull();
    expect(breakPriceCents(breaks, 12)).toBe(290);
    expect(breakPriceCents(breaks, 47)).toBe(290);
    expect(breakPriceCents(breaks, 48)).toBe(270);
  });

  it('charges the lower of the level price and the break price', () => {
    const tenOff = { percentOffBp: 1000, named: new Map<number, number>() }; // 288
    expect(unitPriceCents(item, null, breaks, 1)).toBe(320);
    expect(unitPriceCents(item, null, breaks, 12)).toBe(290);
    expect(unitPriceCents(item, tenOff, breaks, 12)).toBe(288);
    expect(unitPriceCents(item, tenOff, breaks, 48)).toBe(270);
    expect(unitPriceCents(item, tenOff, [], 100)).toBe(288);
  });

  it('rounds a quantity up to the case pack', () => {
    expect(roundUpToMultiple(1, 12)).toBe(12);
    expect(roundUpToMultiple(12, 12)).toBe(12);
    expect(roundUpToMultiple(13, 12)).toBe(24);
    expect(roundUpToMultiple(5, 1)).toBe(5);
  });
});
