import { describe, expect, it } from 'vitest';
import { byBin } from './bins';

describe('shelf order', () => {
  it('puts bins first, numbers in them read as numbers, items without a bin last, ties by item number', () => {
    const lines = [
      { invNum: '30003', bin: '' },
      { invNum: '11002', bin: 'A-10-1' },
      { invNum: '20001', bin: '' },
      { invNum: '40001', bin: 'a-9-2' },
      { invNum: '12001', bin: 'B-01' },
      { invNum: '10001', bin: 'A-10-1' },
    ];
    expect([...lines].sort(byBin).map((l) => `${l.bin || '-'} ${l.invNum}`)).toEqual(['a-9-2 40001', 'A-10-1 10001', 'A-10-1 11002', 'B-01 12001', '- 20001', '- 30003']);
  });
});
