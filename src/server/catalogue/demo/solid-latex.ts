import { CATEGORY, POSCAT } from './categories';
import type { DemoProduct } from './item-builder';
import { type Colour, LATEX_COLOURS } from './palette';

/** The solid-colour latex line: every colour in every size, one or two pack sizes each. */

interface Pack {
  /** Item-number digit telling the packs of one size apart. */
  digit: number;
  count: number;
  caseQty: number;
  /** Price of the pack in a standard colour; other finishes cost more. */
  standardCents: number;
  weightOz: number;
}

interface LatexSize {
  categoryNum: number;
  size: string;
  numPrefix: string;
  codeSize: string;
  dimensions: string;
  floatTime: string;
  airFillOnly: boolean;
  finishes: Colour['finish'][];
  packs: Pack[];
}

const ALL: Colour['finish'][] = ['Standard', 'Pastel', 'Metallic', 'Pearl', 'Chrome', 'Crystal'];
const NO_CHROME: Colour['finish'][] = ['Standard', 'Pastel', 'Metallic', 'Pearl'];

const SIZES: LatexSize[] = [
  { categoryNum: CATEGORY.latex5, size: '5"', numPrefix: '50', codeSize: '05', dimensions: '5" round', floatTime: 'about 6 to 8 hours', airFillOnly: false, finishes: ALL,
    packs: [{ digit: 0, count: 100, caseQty: 20, standardCents: 650, weightOz: 4 }, { digit: 1, count: 50, caseQty: 40, standardCents: 375, weightOz: 2 }] },
  { categoryNum: CATEGORY.latex11, size: '11"', numPrefix: '11', codeSize: '11', dimensions: '11" round', floatTime: 'about 12 to 18 hours (3 to 5 days with Hi-Float treatment)', airFillOnly: false, finishes: ALL,
    packs: [{ digit: 0, count: 100, caseQty: 10, standardCents: 1250, weightOz: 10 }, { digit: 1, count: 25, caseQty: 40, standardCents: 390, weightOz: 3 }] },
  { categoryNum: CATEGORY.latex16, size: '16"', numPrefix: '16', codeSize: '16', dimensions: '16" round', floatTime: 'about 1 to 2 days', airFillOnly: false, finishes: ALL,
    packs: [{ digit: 0, count: 50, caseQty: 10, standardCents: 1750, weightOz: 12 }] },
  { categoryNum: CATEGORY.latex24, size: '24"', numPrefix: '24', codeSize: '24', dimensions: '24" round', floatTime: 'about 2 to 3 days', airFillOnly: false, finishes: NO_CHROME,
    packs: [{ digit: 0, count: 25, caseQty: 8, standardCents: 2400, weightOz: 14 }] },
  { categoryNum: CATEGORY.twistees260, size: '260', numPrefix: '26', codeSize: '260', dimensions: '2" x 60"', floatTime: '', airFillOnly: true, finishes: NO_CHROME,
    packs: [{ digit: 0, count: 100, caseQty: 20, standardCents: 1100, weightOz: 9 }] },
];

const FINISH_MARKUP: Record<Colour['finish'], number> = { Standard: 1, Pastel: 1.05, Crystal: 1, Metallic: 1.25, Pearl: 1.25, Chrome: 2.3, Foil: 1 };

const FINISH_TEXT: Record<Colour['finish'], string> = {
  Standard: 'a rich, opaque fashion colour',
  Pastel: 'a soft, matte pastel tone',
  Metallic: 'a pearlised metallic sheen',
  Pearl: 'a luminous pearl lustre',
  Chrome: 'a mirror-bright chrome finish',
  Crystal: 'see-through crystal clarity, ideal for confetti fills',
  Foil: '',
};

export function solidLatexProducts(): DemoProduct[] {
  const products: DemoProduct[] = [];
  for (const s of SIZES) {
    LATEX_COLOURS.forEach((colour, index) => {
      if (!s.finishes.includes(colour.finish)) return;
      for (const pack of s.packs) products.push(solidLatex(s, pack, colour, index + 1));
    });
  }
  return products;
}

function solidLatex(s: LatexSize, pack: Pack, colour: Colour, colourNo: number): DemoProduct {
  const twistee = s.size === '260';
  const noun = twistee ? 'Twisting Balloons' : 'Latex Balloons';
  const primary = pack.digit === 0;
  return {
    num: `${s.numPrefix}${pack.digit}${String(colourNo).padStart(2, '0')}`,
    code: `LX${s.codeSize}-${colour.code}${primary ? '' : `-${pack.count}`}`,
    categoryNum: s.categoryNum,
    title: `${s.size} ${colour.name} ${noun}, ${pack.count} ct`,
    line: 'latex',
    size: s.size,
    dimensions: s.dimensions,
    packaged: `${pack.count} ct bag`,
    caseQty: pack.caseQty,
    priceCents: Math.round((pack.standardCents * FINISH_MARKUP[colour.finish]) / 5) * 5,
    weightOz: pack.weightOz,
    colour,
    colorGroup: `LX${s.codeSize}-${pack.count}`,
    shapes: [twistee ? 'Twisting' : 'Round'],
    poscat: twistee ? POSCAT.twisting : POSCAT.latex,
    floatTime: s.floatTime,
    airFillOnly: s.airFillOnly,
    summary: twistee
      ? `Premium 260 twisting balloons in ${colour.name}, with ${FINISH_TEXT[colour.finish]}. Long, even necks and consistent walls for dogs, swords, flowers and column wraps.`
      : `Premium ${s.size} round latex balloons in ${colour.name}, with ${FINISH_TEXT[colour.finish]}. Diamond Sizing: every balloon inflates to its stated size, for even arches, columns and bouquets.`,
    keywords: ['latex', colour.family, colour.finish, `${s.size.replace('"', '')} inch`, twistee ? 'twisting modelling animal' : 'round helium air arch garland'],
    related: [`solid-latex:${colour.name}`, `latex-colour:${colour.name}`, `latex-size:${s.size}`],
  };
}
