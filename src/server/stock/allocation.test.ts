import { describe, expect, it } from 'vitest';
import { allocateStock, nearestWarehouse } from './allocation';

describe('nearestWarehouse', () => {
  it('sends western states to West (Fresno) and the rest to East (Fairhope)', () => {
    expect(nearestWarehouse('CA')).toBe('west');
    expect(nearestWarehouse(' wa ')).toBe('west');
    expect(nearestWarehouse('BC')).toBe('west');
    expect(nearestWarehouse('AL')).toBe('east');
    expect(nearestWarehouse('NY')).toBe('east');
    expect(nearestWarehouse('TX')).toBe('east');
    expect(nearestWarehouse('')).toBe('east');
  });
});

describe('allocateStock', () => {
  it('ships everything from the nearest warehouse when it has enough', () => {
    expect(allocateStock(10, { west: 50, east: 50 }, 'west')).toEqual({ west: 10, east: 0, backordered: 0 });
    expect(allocateStock(10, { west: 50, east: 50 }, 'east')).toEqual({ west: 0, east: 10, backordered: 0 });
  });

  it('takes the rest from the other warehouse, then backorders', () => {
    expect(allocateStock(10, { west: 4, east: 3 }, 'west')).toEqual({ west: 4, east: 3, backordered: 3 });
    expect(allocateStock(10, { west: 4, east: 3 }, 'east')).toEqual({ west: 4, east: 3, backordered: 3 });
    expect(allocateStock(10, { west: 0, east: 7 }, 'west')).toEqual({ west: 0, east: 7, backordered: 3 });
  });

  it('backorders everything when neither warehouse has stock, and ignores negative stock', () => {
    expect(allocateStock(5, { west: 0, east: 0 }, 'east')).toEqual({ west: 0, east: 0, backordered: 5 });
    expect(allocateStock(5, { west: -3, east: -1 }, 'west')).toEqual({ west: 0, east: 0, backordered: 5 });
  });

  it('always accounts for every unit and never takes more than is available', () => {
    for (let qty = 1; qty <= 30; qty += 7) {
      for (const west of [0, 1, 5, 40]) {
        for (const east of [0, 2, 9]) {
          for (const first of ['west', 'east'] as const) {
            const a = allocateStock(qty, { west, east }, first);
            expect(a.west + a.east + a.backordered).toBe(qty);
            expect(a.west).toBeLessThanOrEqual(west);
            expect(a.east).toBeLessThanOrEqual(east);
            expect(Math.min(a.west, a.east, a.backordered)).toBeGreaterThanOrEqual(0);
            if (a.backordered > 0) expect([a.west, a.east]).toEqual([west, east]);
          }
        }
      }
    }
  });
});
