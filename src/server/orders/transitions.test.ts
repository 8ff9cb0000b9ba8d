import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_ACTIONS, ORDER_STATUSES, type OrderStatus } from '../../contract/admin/orders';
import { allows, availableActions, settle, statusAfter } from './transitions';

const none = { open: 0, backordered: 0, shipped: 0 };
const someOpen = { open: 3, backordered: 0, shipped: 0 };

describe('order transitions', () => {
  it('accepts only a received order', () => {
    expect(statusAfter('received', 'accept', someOpen)).toBe('accepted');
    for (const s of ORDER_STATUSES.filter((x) => x !== 'received')) expect(statusAfter(s, 'accept', someOpen)).toBeNull();
  });

  it('holds received and accepted orders and releases them to where they were', () => {
    expect(statusAfter('received', 'hold', someOpen)).toBe('on_hold');
    expect(statusAfter('accepted', 'hold', someOpen)).toBe('on_hold');
    expect(statusAfter('partially_shipped', 'hold', someOpen)).toBeNull();
    expect(statusAfter('on_hold', 'release', someOpen, 'accepted')).toBe('accepted');
    expect(statusAfter('on_hold', 'release', someOpen, 'received')).toBe('received');
    expect(statusAfter('on_hold', 'release', someOpen, null)).toBe('received');
    expect(statusAfter('accepted', 'release', someOpen)).toBeNull();
  });

  it('ships accepted and partially shipped orders, to shipped when nothing is left', () => {
    expect(statusAfter('accepted', 'ship', { open: 2, backordered: 0, shipped: 1 })).toBe('partially_shipped');
    expect(statusAfter('accepted', 'ship', { open: 0, backordered: 4, shipped: 1 })).toBe('partially_shipped');
    expect(statusAfter('partially_shipped', 'ship', { open: 0, backordered: 0, shipped: 5 })).toBe('shipped');
    for (const s of ['received', 'on_hold', 'shipped', 'closed', 'cancelled'] as const) expect(statusAfter(s, 'ship', someOpen)).toBeNull();
  });

  it('cancels to cancelled, to shipped when some shipped, or keeps the status when units remain', () => {
    expect(statusAfter('received', 'cancel', none)).toBe('cancelled');
    expect(statusAfter('on_hold', 'cancel', none)).toBe('cancelled');
    expect(statusAfter('partially_shipped', 'cancel', { open: 0, backordered: 0, shipped: 2 })).toBe('shipped');
    expect(statusAfter('accepted', 'cancel', { open: 1, backordered: 0, shipped: 0 })).toBe('accepted');
    expect(statusAfter('shipped', 'cancel', none)).toBeNull();
  });

  it('offers only what the status allows and what there is to act on', () => {
    expect(availableActions('received', someOpen)).toEqual(['accept', 'hold', 'cancel']);
    expect(availableActions('accepted', someOpen)).toEqual(['hold', 'ship', 'cancel']);
    expect(availableActions('accepted', { open: 0, backordered: 3, shipped: 0 })).toEqual(['hold', 'cancel']);
    expect(availableActions('on_hold', someOpen)).toEqual(['release', 'cancel']);
    expect(availableActions('shipped', none)).toEqual([]);
  });

  it('property: nothing leaves cancelled or closed, and an order with nothing open or backordered is shipped or cancelled', () => {
    const status = fc.constantFrom(...ORDER_STATUSES);
    const action = fc.constantFrom(...ORDER_ACTIONS);
    const units = fc.record({ open: fc.nat(50), backordered: fc.nat(50), shipped: fc.nat(50) });
    const held = fc.constantFrom<OrderStatus | null>('received', 'accepted', null);
    fc.assert(
      fc.property(status, action, units, held, (s, a, u, h) => {
        const next = statusAfter(s, a, u, h);
        if (s === 'cancelled' || s === 'closed') return next === null;
        if (next === null) return !allows(s, a);
        if ((a === 'ship' || a === 'cancel') && u.open + u.backordered === 0) return next === (u.shipped > 0 ? 'shipped' : 'cancelled');
        // Offered actions are always allowed ones.
        return availableActions(s, u).every((x) => allows(s, x)) && ORDER_STATUSES.includes(next);
      }),
    );
    expect(settle('accepted', none)).toBe('cancelled');
  });
});
