import { describe, expect, it } from 'vitest';
import { oldestFirst } from './payment-prefill';

describe('Record payment prefills oldest first', () => {
  const open = [
    { invoiceNum: 500001, open: 10.5 },
    { invoiceNum: 500002, open: 20 },
    { invoiceNum: 500003, open: 5 },
  ];

  it('fills each invoice in turn and leaves the rest at 0', () => {
    expect(oldestFirst(2500, open)).toEqual({ 500001: 10.5, 500002: 14.5, 500003: 0 });
  });

  it('caps at what is open: the excess is left for credit on account', () => {
    expect(oldestFirst(10_000, open)).toEqual({ 500001: 10.5, 500002: 20, 500003: 5 });
  });
});
