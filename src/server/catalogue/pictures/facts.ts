import type { CatalogueIndex } from '../catalogue-index';
import type { IndexedItem } from '../read-index/item';
import { balloonColour } from './colours';

/** What a picture shows, read from the catalogue: shape, colour, message, number, size. */

export type BalloonShape = 'round' | 'heart' | 'star' | 'number' | 'cylinder' | 'cube' | 'twistee' | 'bubble';
export type ProductLine = 'latex' | 'foil' | 'bubbles';

export interface PictureFacts {
  num: string;
  title: string;
  colorName: string;
  colorHex?: string;
  shape: BalloonShape;
  message?: string;
  numberGlyph?: string;
  isFoil: boolean;
  isBubble: boolean;
  size?: string;
}



/** The drawable shape named in a shape facet or a title, if any. */
export function shapeFromText(text: string): BalloonShape | undefined {
  const t = text.toLowerCase();
  if (/\bheart/.test(t)) return 'heart';
  if (/\bstar\b|\bstars\b/.test(t)) return 'star';
  if (/\b(number|numeral|digit|letter)s?\b/.test(t)) return 'number';
  if (/\bcylinder/.test(t)) return 'cylinder';
  if (/\b(cube|square)s?\b/.test(t)) return 'cube';
  if (/\b(twist|twistee|260|modell?ing|long)/.test(t)) return 'twistee';
  if (/\bbubbles?\b/.test(t)) return 'bubble';
  if (/\b(round|circle|sphere|orb)s?\b/.test(t)) return 'round';
  return undefined;
}

/** The digit or letter a number balloon shows: "Number 7", "#7", "Letter A", or a lone digit. */
export function glyphFromText(...texts: (string | undefined)[]): string | undefined {
  for (const t of texts) {
    if (!t) continue;
    const named = /\b(?:number|no\.?|letter)\s*([0-9]{1,2}|[A-Z])\b/i.exec(t) ?? /#([0-9]{1,2})\b/.exec(t);
    if (named) return named[1]!.toUpperCase();
    const lone = /(?:^|\s)([0-9])(?=\s|$)(?!\s*(?:in|inch|ft)\b)/i.exec(t);
    if (lone) return lone[1];
  }
  return undefined;
}

/**
 * A design's name from its title, for foils printed with a picture the generator cannot draw
 * (a T-Rex, a unicorn): "Roaring T-Rex SuperShape Foil Balloon, 38\"" letters as "Roaring T-Rex".
 */
export function designName(title: string): string | undefined {
  const name = title
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\d+(\.\d+)?\s*(?:"|”|''|in\b|inch(es)?\b|ct\b)/gi, ' ')
    .replace(/\b(supershape|foil|balloons?|mini|party|air-fill|toptab|jumbo|shape|solid)\b/gi, ' ')
    .replace(/[,;:]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return name.length >= 2 && name.length <= 32 ? name : undefined;
}

function lineage(index: CatalogueIndex, categoryNum: number): number[] {
  const chain: number[] = [];
  for (let c = index.categories.get(categoryNum); c && !chain.includes(c.num); c = index.categories.get(c.parentNum)) {
    chain.push(c.num);
  }
  return chain;
}

export function pictureFactsFor(item: IndexedItem, index: CatalogueIndex): PictureFacts {
  const first = (kind: 'color' | 'shape' | 'message' | 'size'): string | undefined => {
    const link = item.facets[kind][0];
    return link === undefined ? undefined : (index.facetNames.get(kind)?.get(link) ?? link);
  };
  const chain = lineage(index, item.categoryNum);
  const isBubble = chain.includes(4);
  const isNumber = chain.includes(33);
  const isFoil = !isBubble && (chain.includes(3) || isNumber);
  const shapeName = first('shape') ?? '';
  const named = shapeFromText(shapeName);
  const shape: BalloonShape = isBubble
    ? named === 'heart' ? 'heart' : 'bubble'
    : isNumber || named === 'number'
      ? 'number'
      : (named ?? shapeFromText(item.title) ?? 'round');
  // A foil shape we cannot draw (character, animal) is shown as a round foil lettered with its design.
  const message = first('message') ?? (isFoil && shapeName && !named ? designName(item.title) : undefined);
  // The facet's specific name ("Royal Blue") beats the broad family ("Blue") when it is charted.
  const names = [first('color'), item.colorFamily].filter((n): n is string => Boolean(n?.trim()));
  const colorName = names.find((n) => balloonColour(n).known) ?? names[0] ?? '';
  return {
    num: item.num,
    title: item.title,
    colorName,
    shape,
    message: shape === 'number' ? undefined : message,
    numberGlyph: shape === 'number' ? glyphFromText(item.title, first('message')) : undefined,
    isFoil,
    isBubble,
    size: first('size'),
  };
}
