import type { CategoryInput } from '../writes';

/** The spec's category numbers (§9) and the two curated NV collections outside the tree. */
export const CATEGORY = {
  premiumLatex: 1,
  foil: 3,
  bubbles: 4,
  latex5: 10,
  latex11: 11,
  latex16: 12,
  latex24: 13,
  twistees260: 15,
  printedLatex11: 17,
  numberShapes: 33,
  newArrivals: 900,
  winterCatalogue: 901,
} as const;

export const LOGO = {
  latex: '/images/logos/latex.svg',
  foil: '/images/logos/foil.svg',
  bubbles: '/images/logos/bubbles.svg',
} as const;

const tree = (num: number, description: string, parentNum: number, logo: string, beCat: string, sortOrder: number): CategoryInput => ({
  num,
  description,
  parentNum,
  kind: 'tree',
  logo,
  beCat,
  sortOrder,
});

/** Sort order follows the spec's menu: 10, 11, 17, 12, 13, 15 under premium latex. */
export const DEMO_CATEGORIES: CategoryInput[] = [
  tree(CATEGORY.premiumLatex, 'Premium Latex', 0, LOGO.latex, 'LATEX', 1),
  tree(CATEGORY.latex5, '5" Solid Color Latex', 1, LOGO.latex, 'LATEX-05', 1),
  tree(CATEGORY.latex11, '11" Solid Color Latex', 1, LOGO.latex, 'LATEX-11', 2),
  tree(CATEGORY.printedLatex11, '11" Printed Latex', 1, LOGO.latex, 'LATEX-11P', 3),
  tree(CATEGORY.latex16, '16" Solid Color Latex', 1, LOGO.latex, 'LATEX-16', 4),
  tree(CATEGORY.latex24, '24" Solid Color Latex', 1, LOGO.latex, 'LATEX-24', 5),
  tree(CATEGORY.twistees260, '260 Solid Color Twistees', 1, LOGO.latex, 'LATEX-260', 6),
  tree(CATEGORY.foil, 'Foil Balloons', 0, LOGO.foil, 'FOIL', 2),
  tree(CATEGORY.numberShapes, 'Number Shapes', 3, LOGO.foil, 'FOIL-NUM', 1),
  tree(CATEGORY.bubbles, 'Bubble Balloons', 0, LOGO.bubbles, 'BUBBLE', 3),
  { num: CATEGORY.newArrivals, description: 'New Arrivals', parentNum: 0, kind: 'nv', logo: '', beCat: 'NV-NEW', sortOrder: 1 },
  { num: CATEGORY.winterCatalogue, description: 'Winter Catalogue', parentNum: 0, kind: 'nv', logo: '', beCat: 'NV-WINTER', sortOrder: 2 },
];

/** Point-of-sale departments a retailer files the items under (the `poscat` facet). */
export const POSCAT = {
  latex: [12, 'Latex Balloons'],
  printedLatex: [14, 'Printed Latex'],
  twisting: [15, 'Twisting Balloons'],
  foil: [20, 'Foil Balloons'],
  jumboFoil: [21, 'Jumbo Foil Shapes'],
  airFillFoil: [22, 'Air-Fill Foils'],
  foilNumbers: [25, 'Foil Numbers'],
  bubbles: [30, 'Bubble Balloons'],
} as const satisfies Record<string, readonly [number, string]>;

export type Poscat = (typeof POSCAT)[keyof typeof POSCAT];

/** Events whose items go into the Winter Catalogue collection (and the WINTER survey). */
export const WINTER_EVENTS = new Set(['christmas', 'winter', 'new-year', 'valentines-day', 'hanukkah']);
