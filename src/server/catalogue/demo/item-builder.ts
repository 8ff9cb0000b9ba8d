import { facet, type FacetInput, poscatFacet } from '../facets';
import { withCheckDigit } from '../upc';
import type { StockCounts } from '../../stock';
import type { CatalogueItemInput } from '../writes';
import { LOGO, type Poscat } from './categories';
import type { Colour } from './palette';
import { type Line, productInfoHtml } from './product-info';
import type { SeededRandom } from './random';

/** What a product-line generator says about one demo item; the builder fills in the rest. */
export interface DemoProduct {
  num: string;
  code: string;
  categoryNum: number;
  title: string;
  line: Line;
  /** The size facet: `11"`, `260`, `18"`. */
  size: string;
  dimensions: string;
  packaged: string;
  caseQty: number;
  priceCents: number;
  weightOz: number;
  colour: Colour;
  /** Colour facet names; defaults to the main colour. */
  colours?: string[];
  colorGroup: string;
  events?: string[];
  messages?: string[];
  themes?: string[];
  shapes: string[];
  poscat: Poscat;
  floatTime: string;
  airFillOnly?: boolean;
  summary: string;
  keywords: string[];
  /** Keys of items worth suggesting alongside, best first (see suggestions.ts). */
  related: string[];
}

/** Demo items are dated up to this moment, so the data is the same whenever it is seeded. */
export const DEMO_NOW = Date.parse('2026-11-15T12:00:00Z');
const DAY = 86_400_000;
/** The made-up GS1 company prefix of the demo manufacturer. */
const COMPANY_PREFIX = '047385';
const BRAND: Record<Line, string> = { latex: 'Diamond Sizing Latex', foil: 'Everyday Foil', bubble: 'Crystal Bubbles' };
const MATERIAL: Record<Line, string> = { latex: 'Natural rubber latex', foil: 'Metallised nylon foil', bubble: 'Stretch plastic (PE)' };

/** A demo item and the stock it starts with (written through stock, stock/counts.ts). */
export interface BuiltItem extends CatalogueItemInput, StockCounts {
  related: string[];
}

export function buildItem(p: DemoProduct, rng: SeededRandom): BuiltItem {
  if (!/^\d{5,9}$/.test(p.num)) throw new Error(`demo item numbers have 5 to 9 digits: ${p.num}`);
  const colours = p.colours ?? [p.colour.name];
  const isNew = rng.chance(0.05);
  const ageDays = isNew ? rng.int(1, 45) : rng.int(46, 730);
  const created = new Date(DEMO_NOW - ageDays * DAY - rng.int(0, DAY / 1000 - 1) * 1000);
  const facts: [string, string][] = [
    ['Size', p.size === '260' ? '260 (2" x 60")' : p.size],
    ['Colour', colours.join(', ')],
    ['Finish', p.colour.finish === 'Foil' ? 'Foil' : p.colour.finish],
    ['Material', MATERIAL[p.line]],
    ['Pack', p.packaged],
    ['Case quantity', `${p.caseQty} packs`],
  ];
  if (!p.airFillOnly) facts.push(['Helium float time', p.floatTime]);
  return {
    num: p.num,
    code: p.code,
    categoryNum: p.categoryNum,
    webTitle: p.title,
    seoTitle: `${p.title} | Wholesale ${p.line === 'latex' ? 'Latex' : p.line === 'foil' ? 'Foil' : 'Bubble'} Balloons`,
    keyWords: keywords(p, colours),
    upc: demoUpc(p.num),
    brand: BRAND[p.line],
    colorFamily: p.colour.family,
    colorGroup: p.colorGroup,
    dimensions: p.dimensions,
    packaged: p.packaged,
    caseQty: p.caseQty,
    priceCents: p.priceCents,
    srpCents: srpFor(p.priceCents, rng),
    weightOz: p.weightOz,
    logo: LOGO[p.line === 'bubble' ? 'bubbles' : p.line],
    picture: `/images/items/${p.num}?v=1`,
    packagedImage: '',
    productInfoHtml: productInfoHtml({ summary: p.summary, line: p.line, facts, floatTime: p.floatTime, airFillOnly: p.airFillOnly ?? false }),
    isNew,
    active: true,
    ...stock(rng),
    createdAt: created.toISOString(),
    facets: facets(p, colours),
    attributes: facts.map(([name, value]) => ({ name, value })),
    suggestedNums: [],
    related: p.related,
  };
}

/** Demo items (5 digits) use the company prefix; synthetic ones (longer) a second range. */
function demoUpc(num: string): string {
  return withCheckDigit(num.length === 5 ? `${COMPANY_PREFIX}${num}` : `08${num.padStart(9, '0')}`);
}

function facets(p: DemoProduct, colours: string[]): FacetInput[] {
  return [
    ...colours.map((c) => facet('color', c)),
    ...(p.events ?? []).map((e) => facet('event', e)),
    ...(p.messages ?? []).map((m) => facet('message', m)),
    ...(p.themes ?? []).map((t) => facet('theme', t)),
    ...p.shapes.map((s) => facet('shape', s)),
    facet('size', p.size),
    poscatFacet(p.poscat[0], p.poscat[1]),
    ...(p.dimensions ? [facet('dimension', p.dimensions)] : []),
  ];
}

function keywords(p: DemoProduct, colours: string[]): string {
  const words = [p.title, ...colours, ...(p.events ?? []), ...(p.themes ?? []), ...p.keywords, p.line, 'balloon', 'balloons', 'party']
    .join(' ')
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 1);
  return [...new Set(words)].join(' ');
}

/** Suggested retail: a little over twice the wholesale price, ending in .49 or .99. */
function srpFor(priceCents: number, rng: SeededRandom): number {
  const target = priceCents * (2 + rng.int(0, 40) / 100);
  return Math.max(priceCents + 49, Math.round(target / 50) * 50 - 1);
}

/**
 * West (Fresno) and East (Fairhope) stock. About 4% of items are out in the West only, 4% in the
 * East only and 1.5% in both, so the stock badges and backorders have something to show.
 */
function stock(rng: SeededRandom) {
  const r = rng.next();
  const outWest = r < 0.04 || (r >= 0.08 && r < 0.095);
  const outEast = (r >= 0.04 && r < 0.095);
  const side = (out: boolean) => {
    if (out) {
      // Either none on the shelf, or every unit already reserved for open orders.
      const qty = rng.chance(0.5) ? 0 : rng.int(1, 40);
      return { qty, reserve: qty, ordqty: rng.int(2, 20) * 50 };
    }
    const qty = rng.int(24, 3000);
    return { qty, reserve: rng.chance(0.4) ? rng.int(0, Math.floor(qty / 10)) : 0, ordqty: rng.chance(0.2) ? rng.int(1, 10) * 100 : 0 };
  };
  const west = side(outWest);
  const east = side(outEast);
  return {
    qtyFr: west.qty,
    reserveFr: west.reserve,
    ordqtyFr: west.ordqty,
    qtyFh: east.qty,
    reserveFh: east.reserve,
    ordqtyFh: east.ordqty,
  };
}
