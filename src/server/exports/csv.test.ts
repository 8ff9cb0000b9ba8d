import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './csv';

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
});
