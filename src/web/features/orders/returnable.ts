import type { Order } from '../../../contract/cart';
import type { BuyerReturn } from '../../../contract/returns';

export interface ReturnableLine {
  /** The order line's number, as the order answer gives it. */
  lineNo: number;
  invNum: string;
  title: string;
  shipped: number;
  /** Units already asked back on returns that were not rejected. */
  returned: number;
  /** What may still be asked back: shipped − returned. */
  returnable: number;
}

/**
 * The order's shipped lines and what of each may still be returned (DESIGN.md §7: qty ≤ shipped −
 * already returned, where a rejected return gives its units back). The server checks the same.
 */
export function returnableLines(order: Pick<Order, 'orderNum' | 'lines'>, returns: readonly BuyerReturn[]): ReturnableLine[] {
  const returned = new Map<number, number>();
  for (const r of returns) {
    if (r.orderNum !== order.orderNum || r.status === 'rejected') continue;
    for (const l of r.lines) returned.set(l.lineNo, (returned.get(l.lineNo) ?? 0) + l.qty);
  }
  return order.lines
    .map((l) => {
      const lineNo = l.lineNo;
      const back = returned.get(lineNo) ?? 0;
      return { lineNo, invNum: l.invNum, title: l.web_Title, shipped: l.shipped, returned: back, returnable: Math.max(0, l.shipped - back) };
    })
    .filter((l) => l.shipped > 0);
}

/** True when some unit of the order can still be asked back. */
export const canReturn = (lines: readonly ReturnableLine[]) => lines.some((l) => l.returnable > 0);
