import { POSCAT, type Poscat } from './categories';

/** The foil formats the line is made in: size, pack, price and how each is filled. */
export interface FoilFormat {
  key: string;
  size: string;
  dimensions: string;
  shape: string;
  packCount: number;
  caseQty: number;
  priceCents: number;
  weightOz: number;
  poscat: Poscat;
  airFillOnly: boolean;
  floatTime: string;
}

const WEEK_FLOAT = 'about 5 to 7 days';

export const FOIL_FORMATS = {
  round18: { key: 'R18', size: '18"', dimensions: '18" x 18"', shape: 'Round', packCount: 5, caseQty: 20, priceCents: 475, weightOz: 2, poscat: POSCAT.foil, airFillOnly: false, floatTime: WEEK_FLOAT },
  round9: { key: 'R09', size: '9"', dimensions: '9" x 9"', shape: 'Round', packCount: 10, caseQty: 20, priceCents: 395, weightOz: 2, poscat: POSCAT.airFillFoil, airFillOnly: true, floatTime: '' },
  round36: { key: 'R36', size: '36"', dimensions: '36" x 36"', shape: 'Round', packCount: 1, caseQty: 25, priceCents: 299, weightOz: 2, poscat: POSCAT.jumboFoil, airFillOnly: false, floatTime: 'about 1 to 2 weeks' },
  heart18: { key: 'H18', size: '18"', dimensions: '18" x 17"', shape: 'Heart', packCount: 5, caseQty: 20, priceCents: 475, weightOz: 2, poscat: POSCAT.foil, airFillOnly: false, floatTime: WEEK_FLOAT },
  heart9: { key: 'H09', size: '9"', dimensions: '9" x 8"', shape: 'Heart', packCount: 10, caseQty: 20, priceCents: 395, weightOz: 2, poscat: POSCAT.airFillFoil, airFillOnly: true, floatTime: '' },
  heart4: { key: 'H04', size: '4"', dimensions: '4" x 4"', shape: 'Heart', packCount: 10, caseQty: 50, priceCents: 225, weightOz: 1, poscat: POSCAT.airFillFoil, airFillOnly: true, floatTime: '' },
  star19: { key: 'S19', size: '19"', dimensions: '19" x 19"', shape: 'Star', packCount: 5, caseQty: 20, priceCents: 475, weightOz: 2, poscat: POSCAT.foil, airFillOnly: false, floatTime: WEEK_FLOAT },
  star9: { key: 'S09', size: '9"', dimensions: '9" x 9"', shape: 'Star', packCount: 10, caseQty: 20, priceCents: 395, weightOz: 2, poscat: POSCAT.airFillFoil, airFillOnly: true, floatTime: '' },
  star4: { key: 'S04', size: '4"', dimensions: '4" x 4"', shape: 'Star', packCount: 10, caseQty: 50, priceCents: 225, weightOz: 1, poscat: POSCAT.airFillFoil, airFillOnly: true, floatTime: '' },
  cube15: { key: 'C15', size: '15"', dimensions: '15" x 15" x 15"', shape: 'Cube', packCount: 1, caseQty: 25, priceCents: 285, weightOz: 2, poscat: POSCAT.jumboFoil, airFillOnly: false, floatTime: 'about 1 to 2 weeks' },
  sphere22: { key: 'O22', size: '22"', dimensions: '22" sphere', shape: 'Sphere', packCount: 1, caseQty: 25, priceCents: 310, weightOz: 2, poscat: POSCAT.jumboFoil, airFillOnly: false, floatTime: 'about 2 weeks' },
  mini14: { key: 'M14', size: '14"', dimensions: '14" x 14"', shape: '', packCount: 10, caseQty: 20, priceCents: 450, weightOz: 2, poscat: POSCAT.airFillFoil, airFillOnly: true, floatTime: '' },
} as const satisfies Record<string, FoilFormat>;

/** A SuperShape's size: its height is the size facet; width and height vary by design. */
export function jumboFormat(seed: number, shape: string): FoilFormat {
  const width = 26 + ((seed * 7) % 11);
  const height = 30 + ((seed * 5) % 9);
  return {
    key: 'J',
    size: `${height}"`,
    dimensions: `${width}" x ${height}"`,
    shape,
    packCount: 1,
    caseQty: 25,
    priceCents: 325 + ((seed * 13) % 5) * 25,
    weightOz: 2,
    poscat: POSCAT.jumboFoil,
    airFillOnly: false,
    floatTime: 'about 1 to 2 weeks',
  };
}

export function packText(format: FoilFormat): string {
  return format.packCount === 1 ? '1 ct flat pack' : `${format.packCount} ct flat pack`;
}

/** The words a title uses for the format: "Air-Fill Foil (TopTab)" for the ones hung on air. */
export function foilNoun(format: FoilFormat): string {
  if (format.airFillOnly) return 'Air-Fill Foil (TopTab)';
  if (format.poscat === POSCAT.jumboFoil) return 'Jumbo Foil Balloon';
  return 'Foil Balloon';
}

export const TOPTAB_NOTE = 'The built-in TopTab lets the balloon be air-filled and hung without helium.';
