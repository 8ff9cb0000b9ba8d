import { describe, expect, it } from 'vitest';
import { planCancel, planShipment } from './line-changes';

const line = (lineNo: number, q: { w?: number; e?: number; b?: number; s?: number; c?: number }) => ({
  line_no: lineNo,
  item_num: `I${lineNo}`,
  title: `Item ${lineNo}`,
  price_cents: 100,
  qty_west: q.w ?? 0,
  qty_east: q.e ?? 0,
  qty_backordered: q.b ?? 0,
  qty_shipped: q.s ?? 0,
  qty_cancelled: q.c ?? 0,
});

describe('line changes', () => {
  const lines = [line(1, { w: 3, e: 2, b: 1 }), line(2, { e: 4 })];

  it('ships what is open at one warehouse, everything there without lines', () => {
    const all = planShipment(lines, 'east');
    expect(all.changes).toEqual([expect.objectContaining({ line_no: 1, qty_east: 0, qty_shipped: 2 }), expect.objectContaining({ line_no: 2, qty_east: 0, qty_shipped: 4 })]);
    expect(planShipment(lines, 'west', [{ lineNo: 1, qty: 2 }]).changes).toEqual([expect.objectContaining({ line_no: 1, qty_west: 1, qty_east: 2, qty_shipped: 2 })]);
  });

  it('refuses more than open, unknown and repeated lines, and nothing to ship', () => {
    expect(() => planShipment(lines, 'west', [{ lineNo: 2, qty: 1 }])).toThrow('Line 2 has only 0 open at west');
    expect(() => planShipment(lines, 'west', [{ lineNo: 7, qty: 1 }])).toThrow('Line 7 is not on this order');
    expect(() => planShipment(lines, 'west', [{ lineNo: 1, qty: 1 }, { lineNo: 1, qty: 1 }])).toThrow('Line 1 is listed twice');
    expect(() => planShipment([line(1, { e: 1 })], 'west')).toThrow('Nothing is open to ship from west');
  });

  it('cancels backordered units first, then West, then East, and releases the open ones', () => {
    const { changes, released } = planCancel(lines, [{ lineNo: 1, qty: 5 }]);
    expect(changes).toEqual([expect.objectContaining({ line_no: 1, qty_backordered: 0, qty_west: 0, qty_east: 1, qty_cancelled: 5 })]);
    expect(released).toEqual([
      { itemNum: 'I1', warehouse: 'west', units: 3 },
      { itemNum: 'I1', warehouse: 'east', units: 1 },
    ]);
    expect(() => planCancel(lines, [{ lineNo: 2, qty: 5 }])).toThrow('Line 2 has only 4 units that can be cancelled');
    expect(() => planCancel([line(1, { s: 2 })])).toThrow('Nothing is left to cancel on this order');
  });
});
