import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';
import { parseCatalogueCsv, toCatalogueItem } from './csv-import';
import { blankItem } from './writes';

const CATEGORIES = new Set([1, 3, 4, 10, 11, 12, 13, 15, 17, 33]);
const HEADER = 'num,category_num,web_title,upc,price,srp';
const parse = (text: string) => parseCatalogueCsv(text, { categoryNums: CATEGORIES });

describe('parseCsv (RFC 4180)', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, and numbers records by their first line', () => {
    const { records, errors } = parseCsv('a,b,c\r\n"x, y","say ""hi""","two\nlines"\r\nlast,,\n');
    expect(errors).toEqual([]);
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['x, y', 'say "hi"', 'two\nlines'] },
      { line: 4, fields: ['last', '', ''] },
    ]);
  });

  it('skips a byte-order mark and blank lines, and reads a last line without a newline', () => {
    const { records } = parseCsv('\ufeffa,b\n\n1,2');
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 3, fields: ['1', '2'] },
    ]);
  });

  it('keeps a quote inside an unquoted field as a character (11" typed by hand)', () => {
    expect(parseCsv('11" Red,x').records[0]!.fields).toEqual(['11" Red', 'x']);
  });

  it('reports a quote that is never closed, and text after a closing quote', () => {
    expect(parseCsv('a\n"open\nstill open').errors).toEqual(['line 2: a quoted field is never closed']);
    expect(parseCsv('a,b\n"x"y,2\n').errors).toEqual([expect.stringMatching(/^line 2: unexpected text after a closing quote/)]);
  });
});

describe('parseCatalogueCsv', () => {
  it('accepts the shipped sample against the demo categories', () => {
    const text = readFileSync(join(import.meta.dirname, '../../../docs/sample-catalogue.csv'), 'utf8');
    const parsed = parse(text);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows).toHaveLength(10);
    expect(parsed.rows[0]!.values.web_title).toBe('11" Red Latex Balloons, 100 ct');
  });

  it('turns dollars into cents without rounding errors', () => {
    const { rows, errors } = parse(`${HEADER}\n1001,11,A,,12.50,25\n1002,11,B,,0.29,$1.1\n1003,11,C,,19.99,1234567.89\n`);
    expect(errors).toEqual([]);
    expect(rows.map((r) => [r.values.price, r.values.srp])).toEqual([
      [1250, 2500],
      [29, 110],
      [1999, 123456789],
    ]);
  });

  it('reports every bad row with its line number and reason', () => {
    const text = [
      'num,category_num,web_title,upc,price,srp,new,poscat,attributes,created_at,qty_west',
      '2001,11,Good item,036000291452,1.00,2.00,yes,12:Latex Balloons,Size=11",2026-01-02,5',
      '2002,99,Unknown category,,1.00,2.00,,,,,',
      '2003,11,Bad check digit,036000291453,1.00,2.00,,,,,',
      '2004,11,Bad price,,12.5x,2.00,,,,,',
      '2005,11,Below cost,,5.00,4.00,,,,,',
      'A12,11,Bad number,,1.00,2.00,,,,,',
      '2007,11,,,1.00,2.00,,,,,',
      '2008,11,Bad flag,,1.00,2.00,maybe,,,,',
      '2009,11,Bad poscat,,1.00,2.00,,Latex,,,',
      '2010,11,Bad attribute,,1.00,2.00,,,Size,,',
      '2011,11,Bad date,,1.00,2.00,,,,21/11/2026,',
      '2012,11,Stock is read-only: not read,,1.00,2.00,,,,,-3',
      '2001,11,Repeated number,,1.00,2.00,,,,,',
      '2014,11,Too few fields',
      '2015,11,Short UPC,12345,1.00,2.00,,,,,',
    ].join('\n');
    const { rows, errors } = parse(text);
    expect(rows.map((r) => r.num)).toEqual(['2001', '2012']);
    expect(errors).toEqual([
      'line 3: category_num: 99 is not a category of the catalogue',
      'line 4: upc: 036000291453 has a wrong check digit (expected 2)',
      'line 5: price: must be a dollar amount like 12.50, got "12.5x"',
      'line 6: srp: must not be below the wholesale price',
      'line 7: num: must be an item number of 1 to 12 digits',
      'line 8: web_title: must not be empty',
      'line 9: new: must be yes or no, got "maybe"',
      'line 10: poscat: each value must look like 12:Latex Balloons, got "Latex"',
      'line 11: attributes: each value must look like Size=11", got "Size"',
      'line 12: created_at: must be a date like 2026-11-21, got "21/11/2026"',
      'line 14: num: item 2001 is already on line 2',
      'line 15: has 3 fields but the header has 11',
      'line 16: upc: must be a 12-digit UPC-A, got "12345"',
    ]);
  });

  it('counts lines of multi-line quoted fields when numbering later rows', () => {
    const { errors } = parse(`${HEADER},product_info_html\n3001,11,A,,1.00,2.00,"<p>one</p>\n<p>two</p>"\n3002,11,B,,x,2.00,\n`);
    expect(errors).toEqual(['line 4: price: must be a dollar amount like 12.50, got "x"']);
  });

  it('rejects a header with unknown, repeated or missing columns before reading rows', () => {
    expect(parse('num,category_num,title,price,price\n1,11,A,1,2\n').errors).toEqual([
      'line 1: unknown column "title"',
      'line 1: column "price" appears twice',
      'line 1: missing required column "web_title"',
      'line 1: missing required column "srp"',
    ]);
    expect(parse('').errors).toEqual(['line 1: the file is empty']);
    expect(parse(`${HEADER}\n`).errors).toEqual(['line 1: the file has no item rows below the header']);
  });

  it('reads flags, treating a blank active cell as shown so a gap never hides an item', () => {
    const { rows } = parse(`${HEADER},new,active\n1,11,A,,1,2,,\n2,11,B,,1,2,Yes,no\n`);
    expect(rows.map((r) => [r.values.new, r.values.active])).toEqual([
      [false, true],
      [true, false],
    ]);
  });

  it('reads header names regardless of case and spacing', () => {
    const { errors, columns } = parse(' NUM , Category_Num,WEB_TITLE,upc,Price,SRP\n1,11,A,,1,2\n');
    expect(errors).toEqual([]);
    expect(columns).toEqual(['num', 'category_num', 'web_title', 'upc', 'price', 'srp']);
  });
});

describe('toCatalogueItem', () => {
  const now = '2026-11-21T12:00:00.000Z';

  it('fills a new item from the row and sensible defaults', () => {
    const { rows } = parse(`${HEADER},colors,events,sizes,poscat,dimensions\n4001,3,"It's a Boy",,3.00,6.00,Light Blue|Gold,Baby Shower,"18""",20:Foil Balloons,"18"" x 18"""\n`);
    const item = toCatalogueItem(rows[0]!, undefined, now);
    expect(item).toMatchObject({ num: '4001', categoryNum: 3, webTitle: "It's a Boy", priceCents: 300, srpCents: 600, caseQty: 1, active: true });
    expect(item.picture).toBe('/images/items/4001?v=1');
    expect(item.createdAt).toBe(now);
    expect(item.facets).toEqual([
      { kind: 'color', name: 'Light Blue', link: 'light-blue' },
      { kind: 'color', name: 'Gold', link: 'gold' },
      { kind: 'event', name: 'Baby Shower', link: 'baby-shower' },
      { kind: 'size', name: '18"', link: '18"' },
      { kind: 'poscat', name: 'Foil Balloons', link: '20' },
      { kind: 'dimension', name: '18" x 18"', link: '18" x 18"' },
    ]);
  });

  it('keeps what the file leaves out and replaces only the facet kinds it has', () => {
    const existing = {
      ...blankItem('5001', '2025-01-01T00:00:00.000Z'),
      categoryNum: 11,
      webTitle: 'Old title',
      keyWords: 'kept words',
      facets: [
        { kind: 'color' as const, name: 'Red', link: 'red' },
        { kind: 'theme' as const, name: 'Sports', link: 'sports' },
      ],
      attributes: [{ name: 'Finish', value: 'Standard' }],
    };
    const { rows } = parse(`${HEADER},colors\n5001,11,New title,,2.00,4.00,\n`);
    const item = toCatalogueItem(rows[0]!, existing, now);
    expect(item).toMatchObject({ webTitle: 'New title', keyWords: 'kept words', createdAt: '2025-01-01T00:00:00.000Z' });
    expect(item.facets).toEqual([{ kind: 'theme', name: 'Sports', link: 'sports' }]);
    expect(item.attributes).toEqual([{ name: 'Finish', value: 'Standard' }]);
  });
});
