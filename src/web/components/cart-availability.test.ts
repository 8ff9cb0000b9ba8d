import { describe, expect, it } from 'vitest';
import { backorderNotice } from './cart-availability';

describe('backorderNotice', () => {
  it('says nothing when the line is in stock', () => {
    expect(backorderNotice({ qty: 40, west: 30, east: 10, backordered: 0 })).toBeNull();
  });

  it('says how many units wait for stock and how many ship now', () => {
    expect(backorderNotice({ qty: 40, west: 20, east: 8, backordered: 12 })).toBe(
      '12 units of the 40 in your cart will be backordered: only 28 units are in stock now. Backordered units ship when new stock arrives.',
    );
    expect(backorderNotice({ qty: 2, west: 1, east: 0, backordered: 1 })).toBe(
      '1 unit of the 2 in your cart will be backordered: only 1 unit is in stock now. Backordered units ship when new stock arrives.',
    );
  });

  it('says when nothing is in stock', () => {
    expect(backorderNotice({ qty: 5, west: 0, east: 0, backordered: 5 })).toBe('5 units of the 5 in your cart will be backordered: none are in stock now. Backordered units ship when new stock arrives.');
  });
});
