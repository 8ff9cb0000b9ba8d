import { describe, expect, it } from 'vitest';
import { priceLevelLabel } from './pricing';

describe('a price level as pickers name it', () => {
  it('adds the percent once', () => {
    expect(priceLevelLabel({ name: 'Gold', percentOff: 10 })).toBe('Gold (10% off)');
    expect(priceLevelLabel({ name: 'Gold (10% off)', percentOff: 10 })).toBe('Gold (10% off)');
    expect(priceLevelLabel({ name: 'Gold 12.5 % off', percentOff: 12.5 })).toBe('Gold 12.5 % off');
    expect(priceLevelLabel({ name: 'Gold (10% off)', percentOff: 15 })).toBe('Gold (10% off) (15% off)');
    expect(priceLevelLabel({ name: 'Contract prices', percentOff: 0 })).toBe('Contract prices');
  });
});
