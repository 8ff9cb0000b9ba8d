import { COLOURS, lighten, normal } from './colours';
import { type PictureFacts, type ProductLine, shapeFromText } from './facts';
import { balloonDrawing, itemColour } from './item-svg';
import { wrap } from './lettering';
import { bubbleBalloon, HEART, LATEX_ROUND, shapedBalloon, STAR } from './shapes';
import { backdrop, document, type Drawing, group, join, LETTERING_FONT, xml } from './svg';

/** The product lines' tiles, the category logos and the shop's wordmark. */

const BRAND = '#3d8fcd';

function caption(text: string, y: number, size: number, fill = '#1f2d3d'): string {
  const lines = wrap(text, 18, 2);
  const longest = Math.max(...lines.map((l) => l.length));
  const fontSize = Math.min(size, 340 / (longest * 0.6));
  return lines
    .map(
      (l, i) =>
        `<text x="200" y="${(y + i * fontSize * 1.1).toFixed(1)}" text-anchor="middle" font-family="${LETTERING_FONT}" font-weight="800" font-size="${fontSize.toFixed(1)}" fill="${fill}">${xml(l)}</text>`,
    )
    .join('');
}

/** Three balloons of a product line, grouped like a bouquet, for the line's tile. */
function lineArt(line: ProductLine): Drawing {
  if (line === 'latex') {
    return join(
      group(shapedBalloon('a', LATEX_ROUND, '#1f4fc1', 'latex'), 'translate(30 40) scale(0.62)'),
      group(shapedBalloon('b', LATEX_ROUND, '#ffd21a', 'latex'), 'translate(122 22) scale(0.62)'),
      group(shapedBalloon('c', LATEX_ROUND, '#d7172f', 'latex'), 'translate(76 64) scale(0.62)'),
    );
  }
  if (line === 'foil') {
    return join(
      group(shapedBalloon('a', STAR, '#d1a33c', 'foil'), 'translate(150 20) scale(0.6)'),
      group(shapedBalloon('b', HEART, '#d7172f', 'foil'), 'translate(14 60) scale(0.6)'),
    );
  }
  return join(
    group(bubbleBalloon('a', '#f27bb0'), 'translate(150 40) scale(0.5)'),
    group(bubbleBalloon('b', '#5bb5ea'), 'translate(44 56) scale(0.62)'),
  );
}

const LINE_NAMES: Record<ProductLine, string> = { latex: 'Premium Latex', foil: 'Foil Balloons', bubbles: 'Bubble Balloons' };

export function productLineLogoSvg(line: ProductLine): string {
  const art = group(lineArt(line), 'translate(0 -6)');
  const label = { defs: '', body: caption(LINE_NAMES[line], 370, 40, BRAND) };
  return document(LINE_NAMES[line], join(backdrop(), art, label));
}

/** What kind of balloon stands for a category, from its place in the tree or words in its name. */
function categoryFacts(num: number, name: string): PictureFacts {
  const n = name.toLowerCase();
  const foil = num === 3 || num === 33 || /\bfoil|mylar\b/.test(n);
  const shape = shapeFromText(n) ?? (num === 33 ? 'number' : num === 4 ? 'bubble' : 'round');
  const colourName = Object.keys(COLOURS).find((k) => ` ${normal(name)} `.includes(` ${k} `));
  return {
    num: String(num),
    title: name,
    colorName: colourName ?? ['Royal Blue', 'Red', 'Orchid', 'Teal', 'Goldenrod', 'Fuchsia', 'Lime Green'][num % 7]!,
    shape,
    numberGlyph: shape === 'number' ? '1' : undefined,
    isFoil: foil,
    isBubble: num === 4 || shape === 'bubble',
  };
}

export function categoryLogoSvg(num: number, name: string): string {
  const facts = categoryFacts(num, name);
  const art = group(balloonDrawing(facts, itemColour(facts)), 'translate(70 24) scale(0.65)');
  return document(name, join(backdrop(), art, { defs: '', body: caption(name, 330, 38) }));
}

/** The shop's wordmark: three balloons over a small skyline, then "Skyline Balloons". */
export function shopLogoSvg(): string {
  // Towers of different heights, each with a lit window: a skyline that still reads at icon size.
  const towers: [number, number, number][] = [[4, 13, 22], [19, 12, 36], [33, 16, 18], [51, 11, 44], [64, 15, 28], [81, 12, 34], [95, 16, 20]];
  const skyline = towers
    .map(
      ([x, w, h]) =>
        `<rect x="${x}" y="${108 - h}" width="${w}" height="${h}" rx="1.5" fill="${lighten(BRAND, 0.6)}"/>` +
        `<rect x="${x + w / 2 - 2}" y="${113 - h}" width="4" height="5" fill="#ffffff"/>`,
    )
    .join('');
  const art = join(
    group(shapedBalloon('a', LATEX_ROUND, lighten(BRAND, 0.3), 'latex'), 'translate(9 2) scale(0.18)'),
    group(shapedBalloon('b', LATEX_ROUND, '#ff6f5e', 'latex'), 'translate(46 0) scale(0.18)'),
    group(shapedBalloon('c', LATEX_ROUND, BRAND, 'latex'), 'translate(28 12) scale(0.18)'),
  );
  const words =
    `<text x="128" y="66" font-family="${LETTERING_FONT}" font-weight="800" font-size="40" fill="${BRAND}">Skyline</text>` +
    `<text x="130" y="98" font-family="${LETTERING_FONT}" font-weight="700" font-size="24" letter-spacing="5" fill="#1f2d3d">BALLOONS</text>`;
  return document('Skyline Balloons', { defs: art.defs, body: skyline + art.body + words }, 330, 112);
}
