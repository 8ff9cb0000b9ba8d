import { describe, expect, it } from 'vitest';
import { firstOf } from './service';

describe('firstOf', () => {
  it('answers the first n in order, as a full sort would', () => {
    const all = Array.from({ length: 500 }, (_, i) => (i * 7919) % 503);
    const byValue = (a: number, b: number) => b - a;
    expect(firstOf(all, 10, byValue)).toEqual([...all].sort(byValue).slice(0, 10));
    expect(firstOf([3, 1, 2], 5, (a, b) => a - b)).toEqual([1, 2, 3]);
    expect(firstOf([], 3, byValue)).toEqual([]);
  });
});
