import { describe, expect, it } from 'vitest';
import { parsePasted } from './line-entry';

describe('pasted order lines', () => {
  it('reads "NUM QTY" per line with a tab, comma or spaces, a bare number as 1, and names what it cannot read', () => {
    expect(parsePasted('11002 24\n17060\t3\r\n\n  17061, 2  \n40001\nhello world\n12-3 x')).toEqual({
      lines: [
        { invNum: '11002', qty: 24 },
        { invNum: '17060', qty: 3 },
        { invNum: '17061', qty: 2 },
        { invNum: '40001', qty: 1 },
      ],
      unreadable: ['hello world', '12-3 x'],
    });
  });
});
