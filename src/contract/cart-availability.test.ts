import { describe, expect, it } from 'vitest';
import { shipsFrom } from './cart-availability';

describe('shipsFrom', () => {
  it('names the warehouses and what is backordered', () => {
    expect(shipsFrom({ west: 5, east: 0, backordered: 0 })).toBe('West');
    expect(shipsFrom({ west: 0, east: 5, backordered: 0 })).toBe('East');
    expect(shipsFrom({ west: 2, east: 3, backordered: 0 })).toBe('Split West/East');
    expect(shipsFrom({ west: 2, east: 0, backordered: 3 })).toBe('West, 3 backordered');
    expect(shipsFrom({ west: 0, east: 0, backordered: 3 })).toBe('Backordered');
  });
});
