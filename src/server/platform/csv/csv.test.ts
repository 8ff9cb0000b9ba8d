import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../catalogue/csv';
import { csvCell, csvLine, readCell } from './csv';

describe('CSV cells', () => {
  it('quotes what a spreadsheet would read as a formula, and escapes quotes, commas and line breaks', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    for (const lead of ['+', '-', '@', '\t']) expect(csvCell(`${lead}1`)).toBe(`'${lead}1`);
    expect(csvCell('Party, Inc.')).toBe('"Party, Inc."');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(null)).toBe('');
    expect(csvLine(['a', 1, 'b c'])).toBe('a,1,b c\r\n');
  });

  it('reads back exactly what it wrote (the catalogue import), quotes in front of a formula character included', () => {
    const values = ['-5 Red', '=1+1', '+1 Gold', '@SUM(A1)', "'=already", "''-twice", "'plain", "it's", '', '11" Red, 100 ct', 'a "b" c', '\tTab', '\rCR', "'"];
    const { records } = parseCsv(csvLine(values));
    expect(records[0]!.fields.map(readCell)).toEqual(values);
    for (const f of records[0]!.fields) expect(f).not.toMatch(/^[=+\-@\t\r]/);
  });
});
