import { CATEGORY } from './categories';
import { FOIL_FORMATS, type FoilFormat, foilNoun, packText, TOPTAB_NOTE } from './foil-formats';
import type { DemoProduct } from './item-builder';
import { colourByName, FOIL_COLOURS } from './palette';
import { FOIL_STYLES, type Message, MESSAGES } from './vocabulary';

/** Everyday and holiday message foils: three print styles per message, three formats each. */

const SPECIAL: Record<Message['special'], FoilFormat> = {
  Heart: FOIL_FORMATS.heart18,
  Star: FOIL_FORMATS.star19,
  'Jumbo Round': FOIL_FORMATS.round36,
};

export function messageFoilProducts(): DemoProduct[] {
  const products: DemoProduct[] = [];
  MESSAGES.forEach((message, m) => {
    for (let s = 0; s < 3; s++) {
      const style = FOIL_STYLES[(m + s * 2) % FOIL_STYLES.length]!;
      const colourName = message.colours[s % message.colours.length]!;
      const formats = [FOIL_FORMATS.round18, FOIL_FORMATS.round9, SPECIAL[message.special]];
      formats.forEach((format, f) => {
        products.push(messageFoil(message, style, colourName, format, `30${String(m + 1).padStart(2, '0')}${s * 3 + f}`));
      });
    }
  });
  return products;
}

function messageFoil(message: Message, style: string, colourName: string, format: FoilFormat, num: string): DemoProduct {
  const colour = colourByName(FOIL_COLOURS, colourName);
  const styleCode = style.slice(0, 3).toUpperCase();
  return {
    num,
    code: `FL${format.key}-${message.code}-${styleCode}`,
    categoryNum: CATEGORY.foil,
    title: `${format.size} ${message.text} ${style} ${format.shape === 'Round' ? '' : `${format.shape} `}${foilNoun(format)}`,
    line: 'foil',
    size: format.size,
    dimensions: format.dimensions,
    packaged: packText(format),
    caseQty: format.caseQty,
    priceCents: format.priceCents,
    weightOz: format.weightOz,
    colour,
    colours: colourName === 'Gold' ? ['Gold'] : [colourName, 'Gold'],
    colorGroup: '',
    events: message.events,
    messages: [message.text],
    shapes: [format.shape],
    poscat: format.poscat,
    floatTime: format.floatTime,
    airFillOnly: format.airFillOnly,
    summary: `"${message.text}" in a ${style.toLowerCase()} design on a ${colourName.toLowerCase()} ${format.shape.toLowerCase()} foil, printed on both sides.${format.airFillOnly ? ` ${TOPTAB_NOTE}` : ''}`,
    keywords: ['foil', 'mylar', 'message', style, format.shape, ...message.events],
    related: [`message:${message.text}`, ...message.events.map((e) => `event:${e}`)],
  };
}
