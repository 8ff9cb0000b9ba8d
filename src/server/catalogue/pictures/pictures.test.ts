// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { FacetKind } from '../tables';
import { CatalogueIndex } from '../catalogue-index';
import type { ItemRow } from '../read-index/types';
import { itemRow } from '../index-test-source';
import { balloonColour } from './colours';
import { type BalloonShape, designName, glyphFromText, type PictureFacts, pictureFactsFor } from './facts';
import { itemPictureSvg } from './item-svg';
import { categoryLogoSvg, productLineLogoSvg, shopLogoSvg } from './logos';

/** Parses as XML the way a browser does for an SVG file; fails the test on any well-formedness error. */
function parseSvg(svg: string): Document {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  expect(doc.documentElement.tagName).toBe('svg');
  return doc;
}

const texts = (doc: Document) => [...doc.getElementsByTagName('text')].map((t) => t.textContent ?? '');

const facts = (more: Partial<PictureFacts>): PictureFacts => ({
  num: 'X1',
  title: 'Test balloon',
  colorName: 'Red',
  shape: 'round',
  isFoil: false,
  isBubble: false,
  ...more,
});

describe('item pictures', () => {
  it('draws a red latex balloon as a square SVG in the chart red', () => {
    const svg = itemPictureSvg(facts({ title: '11" Red Latex', size: '11"' }));
    const doc = parseSvg(svg);
    expect(doc.documentElement.getAttribute('viewBox')).toBe('0 0 400 400');
    expect(svg).toContain(balloonColour('Red').hex);
    expect(doc.querySelector('title')?.textContent).toBe('11" Red Latex');
  });

  it('escapes titles and messages from the catalogue', () => {
    const title = 'Party <script>alert("x")</script> & Co\u0007';
    const svg = itemPictureSvg(facts({ title, message: 'Love <b>you</b> & me', isFoil: true, shape: 'heart' }));
    expect(svg).not.toMatch(/<script/i);
    expect(svg).not.toContain('<b>');
    expect(svg).toContain('&amp;');
    const doc = parseSvg(svg);
    expect(doc.querySelector('title')?.textContent).toBe('Party <script>alert("x")</script> & Co ');
    expect(doc.getElementsByTagName('script')).toHaveLength(0);
    expect(texts(doc).join(' ')).toContain('<b>you</b>');
  });

  it('letters a foil message on the balloon', () => {
    const doc = parseSvg(itemPictureSvg(facts({ shape: 'heart', isFoil: true, message: 'Happy Birthday' })));
    const words = texts(doc).join(' ');
    expect(words).toContain('Happy');
    expect(words).toContain('Birthday');
  });

  it('draws a number shape as its digit', () => {
    const doc = parseSvg(itemPictureSvg(facts({ shape: 'number', numberGlyph: '7', colorName: 'Gold', isFoil: true })));
    expect(texts(doc)).toContain('7');
  });

  it('draws every shape, in latex, foil and bubble, as well-formed SVG', () => {
    const shapes: BalloonShape[] = ['round', 'heart', 'star', 'number', 'cylinder', 'cube', 'twistee', 'bubble'];
    for (const shape of shapes) {
      for (const kind of [{}, { isFoil: true }, { isBubble: true }]) {
        parseSvg(itemPictureSvg(facts({ shape, ...kind, numberGlyph: '42', message: "It's a Boy", colorName: 'Iridescent' })));
      }
    }
  });
});

describe('balloon colours', () => {
  it('knows the chart colours and their finishes', () => {
    expect(balloonColour('Royal Blue')).toMatchObject({ known: true, finish: 'latex' });
    expect(balloonColour('Metallic Rose Gold')).toMatchObject({ known: true, finish: 'satin', hex: balloonColour('Rose Gold').hex });
    expect(balloonColour('Chrome Silver').finish).toBe('chrome');
    expect(balloonColour('Crystal Clear').finish).toBe('clear');
    expect(balloonColour('Chocolate Brown').known).toBe(true);
  });

  it('gives an unknown colour name a stable colour of its own', () => {
    const a = balloonColour('Mystic Tangerine Dream');
    expect(a.known).toBe(false);
    expect(a.hex).toMatch(/^#[0-9a-f]{6}$/);
    expect(balloonColour('Mystic Tangerine Dream').hex).toBe(a.hex);
    expect(balloonColour('Galaxy Swirl').hex).not.toBe(a.hex);
  });
});

describe('logos', () => {
  it('draws the product-line, category and shop logos as well-formed SVG', () => {
    for (const line of ['latex', 'foil', 'bubbles'] as const) parseSvg(productLineLogoSvg(line));
    expect(texts(parseSvg(shopLogoSvg())).join(' ')).toContain('Skyline');
    const doc = parseSvg(categoryLogoSvg(33, 'Numbers <&> Letters'));
    expect(texts(doc).join(' ')).toContain('Numbers <&> Letters');
  });
});

describe('facts from the catalogue', () => {
  const row = (id: number, num: string, categoryNum: number, title: string, colorFamily = ''): ItemRow =>
    itemRow({ id, num, code: num, category_num: categoryNum, web_title: title, color_family: colorFamily, created_at: '2026-01-01T00:00:00Z' });
  const category = (num: number, parent: number) => ({ num, description: `C${num}`, parent_num: parent, kind: 'tree' as const, logo: '', be_cat: '' });
  const facet = (item_id: number, kind: FacetKind, name: string) => ({ item_id, kind, name, link: name.toLowerCase() });
  const index = new CatalogueIndex(
    { catalogue: '1', stock: '1' },
    {
      categories: [category(1, 0), category(15, 1), category(3, 0), category(30, 3), category(33, 3), category(4, 0)],
      items: [
        row(1, 'L1', 1, '11" Royal Blue Latex', 'Blue'),
        row(2, 'T1', 15, '260 Red Twisting Balloons', 'Red'),
        row(3, 'F1', 30, '18" I Love You Heart', 'Red'),
        row(4, 'N7', 33, '34" Number 7 Gold Foil Balloon', 'Gold'),
        row(5, 'B1', 4, '20" Clear Bubble Balloon', 'Clear'),
        row(6, 'S1', 3, 'Roaring T-Rex SuperShape Foil Balloon, 38"', 'Green'),
      ],
      facets: [
        facet(1, 'color', 'Royal Blue'),
        facet(1, 'size', '11"'),
        facet(2, 'shape', 'Twisting'),
        facet(3, 'shape', 'Heart'),
        facet(3, 'message', 'I Love You'),
        facet(4, 'shape', 'Number'),
        facet(6, 'shape', 'Animal'),
      ],
      nvMemberships: [],
    },
  );
  const of = (num: string) => pictureFactsFor(index.byNum.get(num)!, index);

  it('takes the specific colour name and the size from the facets', () => {
    expect(of('L1')).toMatchObject({ colorName: 'Royal Blue', shape: 'round', size: '11"', isFoil: false, isBubble: false });
  });

  it('knows twistees, foil hearts with messages, numbers and bubbles', () => {
    expect(of('T1').shape).toBe('twistee');
    expect(of('F1')).toMatchObject({ shape: 'heart', isFoil: true, message: 'I Love You' });
    expect(of('N7')).toMatchObject({ shape: 'number', numberGlyph: '7', isFoil: true, colorName: 'Gold' });
    expect(of('B1')).toMatchObject({ shape: 'bubble', isBubble: true, isFoil: false });
  });

  it('letters a foil shape it cannot draw with its design name', () => {
    expect(of('S1')).toMatchObject({ shape: 'round', isFoil: true, message: 'Roaring T-Rex' });
  });
});

describe('reading titles', () => {
  it('finds the glyph of a number or letter shape', () => {
    expect(glyphFromText('34" Number 7 Gold Foil Balloon')).toBe('7');
    expect(glyphFromText('16" Letter a Silver')).toBe('A');
    expect(glyphFromText('Foil #12 Gold')).toBe('12');
    expect(glyphFromText('Gold 5 Foil')).toBe('5');
    expect(glyphFromText('11" Red Latex, 100 ct')).toBeUndefined();
  });

  it('names a design without sizes and trade words', () => {
    expect(designName('Roaring T-Rex SuperShape Foil Balloon, 38"')).toBe('Roaring T-Rex');
    expect(designName('14" Mini Unicorn Head Air-Fill Foil (TopTab)')).toBe('Unicorn Head');
  });
});
