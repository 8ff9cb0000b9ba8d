import { CATEGORY, POSCAT } from './categories';
import type { DemoProduct } from './item-builder';
import { colourByName, LATEX_COLOURS } from './palette';

/** 11" printed latex: each print comes in a few colourways, linked as one colour group. */

interface Print {
  name: string;
  code: string;
  message?: string;
  theme?: string;
  events: string[];
  colours: string[];
  /** Two-sided, all-over prints use more ink and cost more. */
  allOver?: boolean;
}

const p = (name: string, code: string, o: Omit<Print, 'name' | 'code'>): Print => ({ name, code, ...o });

const PRINTS: Print[] = [
  p('Happy Birthday Confetti', 'HBDC', { message: 'Happy Birthday', events: ['Birthday'], colours: ['Red', 'Royal Blue', 'Yellow', 'Lime Green', 'Hot Pink', 'Purple'] }),
  p('Happy Birthday Stars', 'HBDS', { message: 'Happy Birthday', events: ['Birthday'], colours: ['Metallic Gold', 'Metallic Silver', 'Metallic Blue', 'Metallic Purple'] }),
  p('Birthday Balloons & Streamers', 'HBDB', { message: 'Happy Birthday', events: ['Birthday'], colours: ['White', 'Pastel Pink', 'Pastel Blue', 'Pastel Yellow'] }),
  p("It's a Boy Footprints", 'BOY', { message: "It's a Boy", events: ['Baby Shower'], colours: ['Pastel Blue', 'Sky Blue', 'White'] }),
  p("It's a Girl Footprints", 'GIRL', { message: "It's a Girl", events: ['Baby Shower'], colours: ['Pastel Pink', 'Pink', 'White'] }),
  p('Merry Christmas Holly', 'XMAS', { message: 'Merry Christmas', events: ['Christmas'], colours: ['Red', 'Emerald Green', 'White'] }),
  p('Snowflakes All-Around', 'SFLK', { events: ['Winter', 'Christmas'], colours: ['White', 'Sky Blue', 'Metallic Silver', 'Royal Blue'], allOver: true }),
  p('Happy New Year Fireworks', 'HNY', { message: 'Happy New Year', events: ['New Year'], colours: ['Black', 'Metallic Gold', 'Metallic Silver'] }),
  p('I Love You Hearts', 'ILY', { message: 'I Love You', events: ["Valentine's Day"], colours: ['Red', 'Pink', 'White', 'Hot Pink'] }),
  p('Hearts All-Around', 'HRTS', { events: ["Valentine's Day", 'Wedding'], colours: ['Red', 'Pink', 'White', 'Metallic Red'], allOver: true }),
  p("Happy Valentine's Day Script", 'VDAY', { message: "Happy Valentine's Day", events: ["Valentine's Day"], colours: ['Red', 'Pink', 'White'] }),
  p('Congratulations Stars', 'CONG', { message: 'Congratulations', events: ['Graduation'], colours: ['Metallic Gold', 'Royal Blue', 'Black'] }),
  p('Graduation Caps', 'GRAD', { message: 'Congrats Grad', events: ['Graduation'], colours: ['Black', 'White', 'Metallic Gold', 'Royal Blue', 'Red'] }),
  p('Happy Anniversary Rings', 'ANNV', { message: 'Happy Anniversary', events: ['Anniversary'], colours: ['Metallic Gold', 'Metallic Silver', 'Pearl White'] }),
  p('Just Married Script', 'JMAR', { message: 'Just Married', events: ['Wedding'], colours: ['White', 'Pearl White', 'Ivory'] }),
  p('Get Well Smiles', 'GWS', { message: 'Get Well Soon', events: ['Get Well'], colours: ['Yellow', 'Sky Blue', 'Lime Green'] }),
  p('Thank You Script', 'THX', { message: 'Thank You', events: [], colours: ['White', 'Pastel Lilac', 'Metallic Gold'] }),
  p('Over the Hill Tombstones', 'OTH', { message: 'Over the Hill', events: ['Birthday'], colours: ['Black', 'White'] }),
  p('Welcome Home Ribbons', 'WHOM', { message: 'Welcome Home', events: [], colours: ['Royal Blue', 'Red', 'Yellow'] }),
  p('Dinosaur Footprints', 'DINO', { theme: 'Dinosaurs', events: ['Birthday'], colours: ['Lime Green', 'Orange', 'Royal Blue', 'Yellow'] }),
  p('Soccer Ball', 'SOCR', { theme: 'Sports', events: [], colours: ['White'], allOver: true }),
  p('Unicorn Dreams', 'UNIC', { theme: 'Unicorns', events: ['Birthday'], colours: ['Pastel Pink', 'Pastel Lilac', 'White'] }),
  p('Safari Animal Print', 'SAFA', { theme: 'Safari Animals', events: [], colours: ['Goldenrod', 'Chocolate Brown', 'Ivory'], allOver: true }),
  p('Rainbow Stripes', 'RNBW', { theme: 'Rainbows', events: ['Birthday'], colours: ['White', 'Pastel Blue'] }),
  p('Jack-o-Lantern Faces', 'PMPK', { events: ['Halloween'], colours: ['Orange'] }),
  p('Spider Webs', 'SPDR', { events: ['Halloween'], colours: ['Black', 'Orange', 'Purple'], allOver: true }),
  p('Polka Dots All-Around', 'DOTS', { events: [], colours: ['Red', 'Royal Blue', 'Yellow', 'Lime Green', 'Hot Pink', 'Purple', 'Orange', 'White'], allOver: true }),
  p('Stars All-Around', 'STRS', { events: ['Fourth of July'], colours: ['Royal Blue', 'Red', 'White', 'Navy'], allOver: true }),
];

export function printedLatexProducts(): DemoProduct[] {
  return PRINTS.flatMap((print, printNo) =>
    print.colours.map((name, way) => {
      const colour = colourByName(LATEX_COLOURS, name);
      const metallic = colour.finish === 'Metallic' || colour.finish === 'Pearl';
      const subject = print.message ?? print.theme ?? print.events[0] ?? 'party';
      return {
        num: `17${String(printNo + 1).padStart(2, '0')}${way}`,
        code: `LP11-${print.code}-${colour.code}`,
        categoryNum: CATEGORY.printedLatex11,
        title: `11" ${print.name} Printed Latex, ${colour.name}, 50 ct`,
        line: 'latex' as const,
        size: '11"',
        dimensions: '11" round',
        packaged: '50 ct bag',
        caseQty: 10,
        priceCents: 1095 + (print.allOver ? 300 : 0) + (metallic ? 250 : 0),
        weightOz: 6,
        colour,
        colorGroup: `LP11-${print.code}`,
        events: print.events,
        messages: print.message ? [print.message] : [],
        themes: print.theme ? [print.theme] : [],
        shapes: ['Round'],
        poscat: POSCAT.printedLatex,
        floatTime: 'about 12 to 18 hours (3 to 5 days with Hi-Float treatment)',
        summary: `11" latex balloons printed ${print.allOver ? 'all over' : 'on one side'} with the ${print.name} design on ${colour.name}. Crisp, bright inks that stay sharp when inflated to full size.`,
        keywords: ['printed', 'latex', 'round', subject, colour.family],
        related: [
          ...(print.message ? [`message:${print.message}`] : []),
          ...(print.theme ? [`theme:${print.theme}`] : []),
          ...print.events.map((e) => `event:${e}`),
          `latex-colour:${colour.name}`,
        ],
      };
    }),
  );
}
