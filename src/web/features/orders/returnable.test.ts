import { describe, expect, it } from 'vitest';
import type { BuyerReturn } from '../../../contract/returns';
import { canReturn, returnableLines } from './returnable';

const line = (lineNo: number, invNum: string, shipped: number) => ({ lineNo, invNum, web_Title: `Balloon ${invNum}`, shipped });
const order = { orderNum: 100, lines: [line(1, '17060', 5), line(2, '17061', 0), line(3, '17062', 2)] } as never;
const ret = (status: BuyerReturn['status'], lines: [number, number][], orderNum = 100) =>
  ({ rmaNum: 1, orderNum, status, lines: lines.map(([lineNo, qty]) => ({ lineNo, qty })) }) as BuyerReturn;

describe('what a buyer may still return', () => {
  it('lists shipped lines only, each up to what shipped', () => {
    expect(returnableLines(order, []).map((l) => [l.lineNo, l.invNum, l.returnable])).toEqual([
      [1, '17060', 5],
      [3, '17062', 2],
    ]);
  });

  it('takes off what other returns of the order ask back, but not a rejected one or another order’s', () => {
    const lines = returnableLines(order, [ret('requested', [[1, 2]]), ret('received', [[3, 2]]), ret('rejected', [[1, 3]]), ret('approved', [[1, 1]], 999)]);
    expect(lines.map((l) => [l.lineNo, l.returned, l.returnable])).toEqual([
      [1, 2, 3],
      [3, 2, 0],
    ]);
    expect(canReturn(lines)).toBe(true);
    expect(canReturn(returnableLines(order, [ret('approved', [[1, 5], [3, 2]])]))).toBe(false);
  });

  it('goes by the line numbers the order gives, not by position, after an edit removed a line', () => {
    const edited = { orderNum: 100, lines: [line(1, '17060', 5), line(3, '17062', 2)] } as never;
    expect(returnableLines(edited, [ret('requested', [[3, 1]])]).map((l) => [l.lineNo, l.invNum, l.returnable])).toEqual([
      [1, '17060', 5],
      [3, '17062', 1],
    ]);
  });
});
