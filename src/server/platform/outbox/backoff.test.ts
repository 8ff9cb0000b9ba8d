import { describe, expect, it } from 'vitest';
import { backoffMs } from './outbox';

const policy = { maxAttempts: 8, baseDelayMs: 1000, maxDelayMs: 60_000 };

describe('backoffMs', () => {
  it('doubles from the base after each failed attempt, half fixed and half random', () => {
    expect([1, 2, 3, 4].map((a) => backoffMs(policy, a, 0))).toEqual([500, 1000, 2000, 4000]);
    expect([1, 2, 3, 4].map((a) => backoffMs(policy, a, 1))).toEqual([1000, 2000, 4000, 8000]);
  });

  it('never waits longer than the cap', () => {
    expect(backoffMs(policy, 30, 1)).toBe(60_000);
    expect(backoffMs(policy, 30, 0)).toBe(30_000);
  });
});
