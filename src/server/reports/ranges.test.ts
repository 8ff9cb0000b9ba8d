import { describe, expect, it } from 'vitest';
import { buckets, previousRange, resolveRange, splitRange } from './ranges';

describe('report ranges', () => {
  it('defaults to the 30 days up to today and compares with the 30 before', () => {
    const r = resolveRange({}, '2026-11-26');
    expect(r).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(previousRange(r)).toEqual({ from: '2026-09-28', to: '2026-10-27' });
  });

  it('reads whole months from the monthly summaries and the edge days from the daily ones', () => {
    expect(splitRange({ from: '2025-11-27', to: '2026-11-26' })).toEqual({
      days: [{ from: '2025-11-27', to: '2025-11-30' }, { from: '2026-11-01', to: '2026-11-26' }],
      months: { from: '2025-12', to: '2026-10' },
    });
    expect(splitRange({ from: '2024-02-01', to: '2024-02-29' })).toEqual({ days: [], months: { from: '2024-02', to: '2024-02' } });
    expect(splitRange({ from: '2026-11-03', to: '2026-11-20' })).toEqual({ days: [{ from: '2026-11-03', to: '2026-11-20' }], months: null });
    expect(splitRange({ from: '2026-10-15', to: '2026-11-10' })).toEqual({ days: [{ from: '2026-10-15', to: '2026-11-10' }], months: null });
    expect(splitRange({ from: '2025-12-31', to: '2026-02-01' })).toEqual({
      days: [{ from: '2025-12-31', to: '2025-12-31' }, { from: '2026-02-01', to: '2026-02-01' }],
      months: { from: '2026-01', to: '2026-01' },
    });
  });

  it('buckets by ISO week (Monday first) and by calendar month, clipped to the range', () => {
    // 2026-11-26 is a Thursday.
    expect(buckets({ from: '2026-11-26', to: '2026-12-08' }, 'week')).toEqual([
      { from: '2026-11-26', to: '2026-11-29' },
      { from: '2026-11-30', to: '2026-12-06' },
      { from: '2026-12-07', to: '2026-12-08' },
    ]);
    expect(buckets({ from: '2026-01-15', to: '2026-03-02' }, 'month').map((b) => b.to)).toEqual(['2026-01-31', '2026-02-28', '2026-03-02']);
    expect(buckets({ from: '2026-01-01', to: '2026-01-03' }, 'day')).toHaveLength(3);
  });
});
