import { describe, expect, it } from 'vitest';
import type { Cart } from '../../../contract/cart';
import { cartJson, inventoryDataOf } from './cart-json';

const item = (num: string, title: string) => ({ num, title, picture: `/pictures/${num}.jpg` });

function cart(lines: { num: string; title: string; qty: number; price: number }[]): Cart {
  return {
    items: lines.map((l) => ({ invNum: l.num, ordQty: l.qty, price: l.price, extended: Math.round(l.price * l.qty * 100) / 100, inventoryData: inventoryDataOf(item(l.num, l.title)) })),
    numberOfItems: lines.length,
    totalQuantity: lines.reduce((n, l) => n + l.qty, 0),
    subtotal: 40.5,
    discount: 4.05,
    total: 36.45,
    comments: 'Leave at the "back" door\nthanks — ✓',
    couponsApplied: [{ num: 3, code: 'TEN', name: 'Ten off', kind: 'percent', applies: true, reason: '' }],
    shipToCode: 'WH2',
    freeShipping: false,
    unavailableItems: ['99999'],
    tax: 2.64,
    taxRate: 7.25,
    taxBasis: 'taxable',
  };
}

describe('cartJson', () => {
  it('gives exactly what JSON.stringify gives', () => {
    for (const c of [
      cart([]),
      cart([{ num: '12001', title: 'Red latex 11"', qty: 3, price: 12.5 }]),
      cart([
        { num: '12001', title: 'Red latex 11"', qty: 9999, price: 0.07 },
        { num: 'A\\B', title: 'Ballon « Joyeux anniversaire » 🎈', qty: 1, price: 1234.56 },
      ]),
    ]) {
      expect(cartJson(c)).toBe(JSON.stringify(c));
      // Again, now from the kept fragments.
      expect(cartJson(c)).toBe(JSON.stringify(c));
    }
  });

  it('gives the same when a catalogue part comes with another number or price than before', () => {
    const c = cart([{ num: '12001', title: 'Red latex 11"', qty: 2, price: 12.5 }]);
    expect(cartJson(c)).toBe(JSON.stringify(c));
    const line = c.items[0]!;
    for (const changed of [{ ...line, price: 13 }, { ...line, invNum: '12002' }, { ...line, ordQty: 7, extended: 87.5 }]) {
      const other = { ...c, items: [changed] };
      expect(cartJson(other)).toBe(JSON.stringify(other));
    }
  });

  it('keeps one catalogue part per catalogue item object', () => {
    const red = item('12001', 'Red');
    expect(inventoryDataOf(red)).toBe(inventoryDataOf(red));
    expect(inventoryDataOf({ ...red, title: 'Red, renamed' }).description).toBe('Red, renamed');
  });
});
