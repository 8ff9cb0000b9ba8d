import { CATEGORY } from './categories';
import { FOIL_FORMATS, type FoilFormat, foilNoun, jumboFormat, packText, TOPTAB_NOTE } from './foil-formats';
import type { DemoProduct } from './item-builder';
import { colourByName, FOIL_COLOURS } from './palette';
import { HOLIDAY_ICONS, THEMES } from './vocabulary';

/** Theme foils, holiday SuperShapes and solid-colour shapes of the foil line. */

interface FoilSpec {
  num: string;
  code: string;
  title: string;
  format: FoilFormat;
  colour: string;
  colorGroup?: string;
  events?: string[];
  themes?: string[];
  summary: string;
  related: string[];
}

function foil(s: FoilSpec): DemoProduct {
  const { format } = s;
  return {
    num: s.num,
    code: s.code,
    categoryNum: CATEGORY.foil,
    title: s.title,
    line: 'foil',
    size: format.size,
    dimensions: format.dimensions,
    packaged: packText(format),
    caseQty: format.caseQty,
    priceCents: format.priceCents,
    weightOz: format.weightOz,
    colour: colourByName(FOIL_COLOURS, s.colour),
    colorGroup: s.colorGroup ?? '',
    events: s.events ?? [],
    themes: s.themes ?? [],
    shapes: [format.shape],
    poscat: format.poscat,
    floatTime: format.floatTime,
    airFillOnly: format.airFillOnly,
    summary: format.airFillOnly ? `${s.summary} ${TOPTAB_NOTE}` : s.summary,
    keywords: ['foil', 'mylar', format.shape, ...(s.themes ?? []), ...(s.events ?? [])],
    related: s.related,
  };
}

export function themeFoilProducts(): DemoProduct[] {
  return THEMES.flatMap((theme, i) => {
    const base = `31${String(i + 1).padStart(2, '0')}`;
    const jumbo = jumboFormat(i, theme.jumbo[1]);
    const mini = { ...FOIL_FORMATS.mini14, shape: theme.jumbo[1] };
    const common = { themes: [theme.name], events: theme.events, related: [`theme:${theme.name}`, ...theme.events.map((e) => `event:${e}`)] };
    return [
      foil({ ...common, num: `${base}0`, code: `FLR18-${theme.code}`, format: FOIL_FORMATS.round18, colour: theme.colours[0]!,
        title: `18" ${theme.name} Party Foil Balloon`, summary: `A bright ${theme.name.toLowerCase()} party design, printed on both sides.` }),
      foil({ ...common, num: `${base}1`, code: `FLR09-${theme.code}`, format: FOIL_FORMATS.round9, colour: theme.colours[1]!,
        title: `9" ${theme.name} Party ${foilNoun(FOIL_FORMATS.round9)}`, summary: `A small ${theme.name.toLowerCase()} round for cups, centrepieces and garlands.` }),
      foil({ ...common, num: `${base}2`, code: `FLJ-${theme.code}`, format: jumbo, colour: theme.colours[0]!,
        title: `${theme.jumbo[0]} SuperShape Foil Balloon, ${jumbo.size}`, summary: `A ${jumbo.dimensions} ${theme.jumbo[0].toLowerCase()} SuperShape: the centrepiece of any ${theme.name.toLowerCase()} party.` }),
      foil({ ...common, num: `${base}3`, code: `FLM14-${theme.code}`, format: mini, colour: theme.colours[1]!,
        title: `14" Mini ${theme.jumbo[0]} ${foilNoun(mini)}`, summary: `A mini ${theme.jumbo[0].toLowerCase()} shape for table décor and balloon sticks.` }),
    ];
  });
}

export function holidayFoilProducts(): DemoProduct[] {
  return HOLIDAY_ICONS.flatMap((icon, i) => {
    const base = `32${String(i + 1).padStart(2, '0')}`;
    const jumbo = jumboFormat(i + 3, icon.shape);
    const mini = { ...FOIL_FORMATS.mini14, shape: icon.shape };
    const common = { events: icon.events, colour: icon.colour, related: icon.events.map((e) => `event:${e}`) };
    return [
      foil({ ...common, num: `${base}0`, code: `FLJ-${icon.code}`, format: jumbo,
        title: `${icon.title} SuperShape Foil Balloon, ${jumbo.size}`, summary: `A ${jumbo.dimensions} ${icon.title.toLowerCase()} SuperShape for ${icon.events.join(' and ')} displays.` }),
      foil({ ...common, num: `${base}1`, code: `FLM14-${icon.code}`, format: mini,
        title: `14" Mini ${icon.title} ${foilNoun(mini)}`, summary: `A mini ${icon.title.toLowerCase()} for tables, wreaths and balloon sticks.` }),
    ];
  });
}

const SOLID_FORMATS: FoilFormat[] = [
  FOIL_FORMATS.heart4, FOIL_FORMATS.heart9, FOIL_FORMATS.heart18,
  FOIL_FORMATS.star4, FOIL_FORMATS.star9, FOIL_FORMATS.star19,
  FOIL_FORMATS.round18, FOIL_FORMATS.cube15, FOIL_FORMATS.sphere22,
];

/** Solid hearts, stars, rounds, cubes and spheres in every foil colour; colours link per format. */
export function solidFoilProducts(): DemoProduct[] {
  return FOIL_COLOURS.flatMap((colour, c) =>
    SOLID_FORMATS.map((format, f) => {
      const romantic = format.shape === 'Heart' && (colour.family === 'Red' || colour.family === 'Pink');
      return foil({
        num: `34${String(c + 1).padStart(2, '0')}${f}`,
        code: `FS${format.key}-${colour.code}`,
        title: `${format.size} Solid ${colour.name} ${format.shape} ${foilNoun(format)}`,
        format,
        colour: colour.name,
        colorGroup: `FS${format.key}`,
        events: romantic ? ["Valentine's Day", 'Anniversary'] : [],
        summary: `A plain ${colour.name.toLowerCase()} ${format.shape.toLowerCase()} in high-shine foil, for bouquets, columns and bases.`,
        related: [`foil-colour:${colour.name}`, ...(romantic ? ["event:Valentine's Day"] : [])],
      });
    }),
  );
}
