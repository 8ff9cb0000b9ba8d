import { CATEGORY, POSCAT } from './categories';
import type { DemoProduct } from './item-builder';
import { BUBBLE_TINTS, type Colour, colourByName } from './palette';
import { MESSAGES, THEMES } from './vocabulary';

/** The bubble line: tinted plain bubbles, a deco bubble for stuffing, hearts, message and theme prints. */

const FLOAT = 'about 2 to 3 weeks';

interface BubbleSpec {
  code: string;
  title: string;
  size: string;
  shape: string;
  colour: Colour;
  priceCents: number;
  colorGroup?: string;
  events?: string[];
  messages?: string[];
  themes?: string[];
  summary: string;
  related: string[];
}

function bubble(num: number, s: BubbleSpec): DemoProduct {
  return {
    num: String(40000 + num),
    code: s.code,
    categoryNum: CATEGORY.bubbles,
    title: s.title,
    line: 'bubble',
    size: s.size,
    dimensions: s.shape === 'Heart' ? `${s.size} x ${s.size}` : `${s.size} sphere`,
    packaged: '1 ct pack',
    caseQty: 10,
    priceCents: s.priceCents,
    weightOz: 1,
    colour: s.colour,
    colorGroup: s.colorGroup ?? '',
    events: s.events ?? [],
    messages: s.messages ?? [],
    themes: s.themes ?? [],
    shapes: [s.shape],
    poscat: POSCAT.bubbles,
    floatTime: FLOAT,
    summary: `${s.summary} Crystal-clear stretch film that floats for weeks.`,
    keywords: ['bubble', 'clear', 'stretch', 'stuffing', s.shape],
    related: s.related,
  };
}

const PRINTED_MESSAGES = [
  'Happy Birthday', 'Congratulations', 'I Love You', "It's a Boy", "It's a Girl", 'Welcome Baby', 'Just Married',
  'Merry Christmas', 'Happy New Year', "Happy Valentine's Day", 'Get Well Soon', 'Happy Anniversary', 'Happy Easter',
  "Happy Mother's Day", 'Thank You', 'Happy Retirement', 'Let It Snow', 'Happy Halloween',
];
const BIRTHDAY_STYLES = ['Confetti', 'Gold Script', 'Rainbow'];
const PRINTED_THEMES = ['Unicorns', 'Dinosaurs', 'Mermaids', 'Outer Space', 'Rainbows', 'Butterflies', 'Flowers', 'Under the Sea', 'Princess', 'Sports'];

export function bubbleProducts(): DemoProduct[] {
  const out: DemoProduct[] = [];
  const add = (s: BubbleSpec) => out.push(bubble(out.length + 1, s));
  const clear = colourByName(BUBBLE_TINTS, 'Clear');
  for (const [size, price] of [['20"', 225], ['11"', 110]] as const) {
    for (const tint of BUBBLE_TINTS) {
      add({ code: `BB${size.replace('"', '')}-${tint.code}`, title: `${size} ${tint.name} Bubble Balloon`, size, shape: 'Round', colour: tint, priceCents: price,
        colorGroup: `BB${size.replace('"', '')}`, summary: `A plain ${tint.name.toLowerCase()}-tinted ${size} bubble.`, related: [`bubble-size:${size}`] });
    }
  }
  add({ code: 'BD24-CLR', title: '24" Deco Bubble for Stuffing', size: '24"', shape: 'Round', colour: clear, priceCents: 275,
    summary: 'A wide-neck 24" deco bubble made for stuffing with smaller balloons, gifts or confetti.', related: ['bubble-size:20"'] });
  for (const name of ['Clear', 'Pink', 'Red']) {
    const tint = colourByName(BUBBLE_TINTS, name);
    add({ code: `BH18-${tint.code}`, title: `18" ${name} Heart Bubble Balloon`, size: '18"', shape: 'Heart', colour: tint, priceCents: 250, colorGroup: 'BH18',
      events: ["Valentine's Day", 'Wedding'], summary: `A ${name.toLowerCase()} heart-shaped bubble.`, related: ["event:Valentine's Day"] });
  }
  for (const text of PRINTED_MESSAGES) {
    const message = MESSAGES.find((x) => x.text === text)!;
    const styles = text === 'Happy Birthday' ? BIRTHDAY_STYLES : ['Classic'];
    for (const style of styles) {
      for (const [size, price] of [['22"', 295], ['11"', 135]] as const) {
        add({ code: `BP${size.replace('"', '')}-${message.code}${style === 'Classic' ? '' : `-${style.slice(0, 3).toUpperCase()}`}`,
          title: `${size} ${text}${style === 'Classic' ? '' : ` ${style}`} Bubble Balloon`, size, shape: 'Round', colour: clear, priceCents: price,
          events: message.events, messages: [text], summary: `"${text}" printed on a clear ${size} bubble.`, related: [`message:${text}`, ...message.events.map((e) => `event:${e}`)] });
      }
    }
  }
  for (const name of PRINTED_THEMES) {
    const theme = THEMES.find((x) => x.name === name)!;
    for (const [size, price] of [['22"', 295], ['11"', 135]] as const) {
      add({ code: `BP${size.replace('"', '')}-${theme.code}`, title: `${size} ${name} Bubble Balloon`, size, shape: 'Round', colour: clear, priceCents: price,
        themes: [name], events: theme.events, summary: `A ${name.toLowerCase()} design printed on a clear ${size} bubble.`, related: [`theme:${name}`] });
    }
  }
  return out;
}
