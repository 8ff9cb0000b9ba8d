import { CATEGORY, POSCAT } from './categories';
import { TOPTAB_NOTE } from './foil-formats';
import type { DemoProduct } from './item-builder';
import { colourByName, FOIL_COLOURS } from './palette';

/** Number shapes 0 to 9: 34" for helium in five colours, 16" air-fill in three. */

const SIZES = [
  { digit: 0, size: '34"', dimensions: '22" x 34"', colours: ['Gold', 'Silver', 'Rose Gold', 'Royal Blue', 'Pink'], priceCents: 250, airFill: false },
  { digit: 1, size: '16"', dimensions: '11" x 16"', colours: ['Gold', 'Silver', 'Rose Gold'], priceCents: 95, airFill: true },
];

const WORDS = ['Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine'];

export function numberShapeProducts(): DemoProduct[] {
  const products: DemoProduct[] = [];
  for (const s of SIZES) {
    s.colours.forEach((name, c) => {
      const colour = colourByName(FOIL_COLOURS, name);
      for (let n = 0; n <= 9; n++) {
        products.push({
          num: `33${c}${s.digit}${n}`,
          code: `FN${s.size.replace('"', '')}-${n}-${colour.code}`,
          categoryNum: CATEGORY.numberShapes,
          title: `${s.size} Number ${n} ${name} ${s.airFill ? 'Air-Fill Foil (TopTab)' : 'Foil Balloon'}`,
          line: 'foil',
          size: s.size,
          dimensions: s.dimensions,
          packaged: '1 ct flat pack',
          caseQty: 25,
          priceCents: s.priceCents,
          weightOz: 1,
          colour,
          colorGroup: `FN${s.size.replace('"', '')}-${n}`,
          events: ['Birthday', 'Anniversary'],
          shapes: ['Number'],
          poscat: POSCAT.foilNumbers,
          floatTime: 'about 1 to 2 weeks',
          airFillOnly: s.airFill,
          summary: `A ${s.size} number ${WORDS[n]!.toLowerCase()} (${n}) in ${name.toLowerCase()} foil, to spell out ages, anniversaries and years.${s.airFill ? ` ${TOPTAB_NOTE}` : ''}`,
          keywords: ['number', 'digit', String(n), WORDS[n]!, 'age', 'foil', 'mylar'],
          related: [`number:${s.size}:${name}`],
        });
      }
    });
  }
  return products;
}
