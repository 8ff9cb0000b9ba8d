import { describe, expect, it } from 'vitest';
import { LowStockTable } from './low-stock';

const item = (num: string) => ({ num, title: `Item ${num}` });

describe('LowStockTable', () => {
  it('answers the items with the fewest units at either warehouse first, and forgets restocked ones', () => {
    const low = new LowStockTable();
    low.note(item('1'), 50, 40);
    low.note(item('2'), 12, 30);
    low.note(item('3'), 40, -2);
    low.note(item('4'), 5, 6);
    expect(low.lowest(10).map((l) => [l.invNum, l.west, l.east])).toEqual([['3', 40, -2], ['4', 5, 6], ['2', 12, 30]]);
    expect(low.lowest(2).map((l) => l.invNum)).toEqual(['3', '4']);
    low.note(item('3'), 40, 13);
    low.note(item('4'), 1, 6);
    expect(low.lowest(10).map((l) => l.invNum)).toEqual(['4', '2']);
    expect(low.size).toBe(2);
  });
});
