import { describe, expect, it } from 'vitest';
import { addableLines, PASTE_REASONS, parsePastedList } from './paste-list-parse';

const pairs = (text: string) => parsePastedList(text).map((l) => [l.invNum, l.qty, l.reason]);

describe('parsePastedList', () => {
  it('reads a number and a quantity separated by a space, comma, tab or semicolon', () => {
    expect(pairs('11012 24\n11013,6\n11014\t12\n11015;3\n11016   2')).toEqual([
      ['11012', 24, ''],
      ['11013', 6, ''],
      ['11014', 12, ''],
      ['11015', 3, ''],
      ['11016', 2, ''],
    ]);
  });

  it('reads two spreadsheet columns and a single column (quantity 1), skipping blank lines', () => {
    expect(pairs('11012\t24\r\n\r\n11013\t6\r\n')).toEqual([
      ['11012', 24, ''],
      ['11013', 6, ''],
    ]);
    expect(pairs('11012\n11013')).toEqual([
      ['11012', 1, ''],
      ['11013', 1, ''],
    ]);
  });

  it('reads a CSV file with or without a header, quoted fields and extra columns', () => {
    expect(pairs('\uFEFFitem,qty\n11012,24\n"11013","6"\n')).toEqual([
      ['11012', 24, ''],
      ['11013', 6, ''],
    ]);
    expect(pairs('Item #,Quantity,Description\n11012,24,Red')).toEqual([['11012', 24, '']]);
    expect(pairs('11012,24\n11013,6')).toEqual([
      ['11012', 24, ''],
      ['11013', 6, ''],
    ]);
  });

  it('names a bad quantity and a line that is not an item number, keeping its line number', () => {
    const lines = parsePastedList('11012 0\n11013 -2\n11014 1.5\n11015 abc\n11016 10000\n11017 24.0\n$$$ 4');
    expect(lines.map((l) => [l.lineNo, l.qty, l.reason])).toEqual([
      [1, null, PASTE_REASONS.badQuantity],
      [2, null, PASTE_REASONS.badQuantity],
      [3, null, PASTE_REASONS.badQuantity],
      [4, null, PASTE_REASONS.badQuantity],
      [5, null, PASTE_REASONS.badQuantity],
      [6, 24, ''],
      [7, 4, PASTE_REASONS.badNumber],
    ]);
  });

  it('merges duplicates into the first line, whatever the case', () => {
    const lines = parsePastedList('11012 24\nab1 2\n11012 6\nAB1 1');
    expect(lines.map((l) => [l.invNum, l.qty, l.reason])).toEqual([
      ['11012', 30, ''],
      ['ab1', 3, ''],
      ['11012', 6, 'Duplicate: merged into line 1'],
      ['AB1', 1, 'Duplicate: merged into line 2'],
    ]);
    const tooMuch = parsePastedList('11012 9000\n11012 1000');
    expect(tooMuch[0]).toMatchObject({ qty: null, reason: PASTE_REASONS.tooLarge });
  });

  it('answers the lines to add: valid, not merged, and known', () => {
    const lines = parsePastedList('11012 24\n99999 1\n11013 x\n11012 1\n11014 2');
    expect(addableLines(lines, (n) => n !== '99999')).toEqual([
      { invNum: '11012', qty: 25 },
      { invNum: '11014', qty: 2 },
    ]);
  });

  it('parses 500 lines quickly', () => {
    const text = Array.from({ length: 500 }, (_, i) => `${10000 + i}\t${(i % 50) + 1}`).join('\n');
    const start = performance.now();
    expect(parsePastedList(text)).toHaveLength(500);
    expect(performance.now() - start).toBeLessThan(100);
  });
});
