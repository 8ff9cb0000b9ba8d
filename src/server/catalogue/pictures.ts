import type { CatalogueIndex, IndexedItem } from './catalogue-index';

/**
 * Product pictures drawn as SVG (DESIGN.md §2): a balloon of the item's shape and colour, with
 * foil lettering for messages and numbers. Pure functions from facts to markup, so they are cheap
 * to test and to cache. Every piece of text that reaches the markup passes through `xml()`:
 * titles and messages come from imported CSVs and must never become markup.
 */

export type BalloonShape = 'round' | 'heart' | 'star' | 'number' | 'cylinder' | 'cube' | 'twistee' | 'bubble';
export type ProductLine = 'latex' | 'foil' | 'bubbles';

export interface PictureFacts {
  num: string;
  title: string;
  colorName: string;
  colorHex?: string;
  shape: BalloonShape;
  message?: string;
  numberGlyph?: string;
  isFoil: boolean;
  isBubble: boolean;
  size?: string;
}

// ---- text and colour helpers -----------------------------------------------------------------

/** XML-escapes text; control characters and lone surrogates, which XML forbids, become spaces. */
export function xml(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cs}\uFFFE\uFFFF]/gu, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

type Rgb = [number, number, number];

function rgb(hex: string): Rgb {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

function hex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(Math.max(0, Math.min(255, c))).toString(16).padStart(2, '0')).join('')}`;
}

function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return hex([0, 1, 2].map((i) => x[i]! + (y[i]! - x[i]!) * t) as Rgb);
}

const lighten = (c: string, t: number) => mix(c, '#ffffff', t);

/** Shade keeps the hue and deepens saturation, as a lit surface does; mixing in black looks muddy. */
function darken(c: string, t: number): string {
  // Near-greys (white, black, silver) have no hue worth keeping: shade them neutrally.
  if (saturation(c) < 0.12) return mix(c, '#000000', t);
  const [h, s, l] = hsl(c);
  const shaded = hslHex(h, Math.min(1, s * (1 + t * 0.35)), l * (1 - t));
  // Pale colours would turn loud at constant HSL saturation (rose gold into copper): meet halfway.
  return l > 0.6 ? mix(shaded, mix(c, '#000000', t), 0.5) : shaded;
}

function hsl(c: string): [number, number, number] {
  const [r, g, b] = rgb(c).map((v) => v / 255) as Rgb;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return [0, 0, l];
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

/** Perceived brightness 0–1 (Rec. 601 weights), enough to choose a legible lettering colour. */
function brightness(c: string): number {
  const [r, g, b] = rgb(c);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

function saturation(c: string): number {
  const v = rgb(c);
  const max = Math.max(...v);
  return max === 0 ? 0 : (max - Math.min(...v)) / max;
}

function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function hslHex(h: number, s: number, l: number): string {
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return 255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return hex([f(0), f(8), f(4)]);
}

// ---- balloon colours -------------------------------------------------------------------------

/** The trade's colour names, as balloon makers print them on their colour charts. */
const COLOURS: Record<string, string> = {
  red: '#d7172f', 'metallic red': '#b5162b', burgundy: '#7b1530', wine: '#6d1a33', coral: '#ff6f5e',
  orange: '#f4711f', peach: '#ffb48a', 'pastel orange': '#ffc79a', yellow: '#ffd21a',
  'pastel yellow': '#fbeb98', goldenrod: '#f2a800', gold: '#d1a33c', 'metallic gold': '#c89b35',
  'chrome gold': '#d7a935', champagne: '#e8d3a6', ivory: '#f5eedb', sand: '#dcc59c', white: '#f7f7f4',
  'pearl white': '#f3efe6', black: '#1e1e22', 'onyx black': '#17171b', silver: '#bfc3c8',
  'metallic silver': '#b6bbc1', 'chrome silver': '#c3c8cd', grey: '#9aa0a7', gray: '#9aa0a7',
  pink: '#f27bb0', 'pastel pink': '#f7b5c9', 'baby pink': '#f8c3d3', blush: '#f3c4bd',
  'hot pink': '#ff3d8e', 'rose gold': '#e2ab9f', fuchsia: '#d92a80', magenta: '#c9258c',
  orchid: '#b163c4', lavender: '#b8a1e3', lilac: '#c5a6dc', purple: '#6b2fa3', violet: '#7b3fc0',
  'royal blue': '#1f4fc1', blue: '#2163cc', 'dark blue': '#1a2f80', navy: '#1b2a5e',
  'navy blue': '#1b2a5e', 'sky blue': '#5bb5ea', 'light blue': '#9dd0f0', 'pastel blue': '#a9d5f3',
  'baby blue': '#b5dcf5', 'caribbean blue': '#16a5d8', turquoise: '#22c0c3', aqua: '#5fd4d7',
  teal: '#0f8a8c', 'slate blue': '#5b6e9c', 'lime green': '#7dc242', kiwi: '#8dc63f',
  'mint green': '#a4e5c8', 'pastel green': '#b9e8b0', green: '#29a64b', 'emerald green': '#11905b',
  'forest green': '#1f5e3a', brown: '#7a4a2b', chocolate: '#5a3421', clear: '#bcd8ea',
  'crystal clear': '#bcd8ea', iridescent: '#cfe3f1',
};

/** Finish words that change the sheen, not the hue ("Metallic Red" is red with a metal sheen). */
const FINISHES = ['metallic', 'chrome', 'pearl', 'pastel', 'satin', 'matte', 'standard', 'fashion', 'jewel', 'crystal', 'neon', 'deluxe'];

export type Finish = 'latex' | 'satin' | 'chrome' | 'clear' | 'iridescent';

export interface BalloonColour {
  hex: string;
  finish: Finish;
  /** False when the name was not on the chart and the colour is a stable guess. */
  known: boolean;
}

const normal = (name: string) => name.toLowerCase().replace(/[^a-z ]+/g, ' ').replace(/\s+/g, ' ').trim();

/** The chart colour for a name: exact, then without finish words, then the longest name inside it. */
function chartColour(name: string): string | undefined {
  if (COLOURS[name]) return COLOURS[name];
  const bare = name.split(' ').filter((w) => !FINISHES.includes(w)).join(' ');
  if (COLOURS[bare]) return name.includes('pastel') ? lighten(COLOURS[bare], 0.4) : COLOURS[bare];
  const inside = Object.keys(COLOURS)
    .filter((k) => ` ${name} `.includes(` ${k} `))
    .sort((a, b) => b.length - a.length)[0];
  return inside ? COLOURS[inside] : undefined;
}

export function balloonColour(name: string): BalloonColour {
  const n = normal(name);
  const finish: Finish = /\b(clear|crystal|transparent)\b/.test(n)
    ? 'clear'
    : /\b(iridescent|holographic|opal)\b/.test(n)
      ? 'iridescent'
      : /\bchrome\b/.test(n)
        ? 'chrome'
        : /\b(metallic|pearl|gold|silver|satin)\b/.test(n)
          ? 'satin'
          : 'latex';
  const charted = chartColour(n);
  if (charted) return { hex: charted, finish, known: true };
  // Unknown names still get a pleasant colour, the same one every time.
  return { hex: hslHex(hashOf(n) % 360, 0.68, 0.52), finish, known: false };
}

// ---- shared pieces of a picture --------------------------------------------------------------

const SIZE = 400;
const LETTERING_FONT = "'Arial Rounded MT Bold','Nunito','Trebuchet MS','Segoe UI',Arial,'DejaVu Sans',sans-serif";
const GLYPH_FONT = "'Arial Black','Helvetica Neue',Arial,'DejaVu Sans',sans-serif";

interface Drawing {
  defs: string;
  body: string;
}

function document(label: string, drawing: Drawing, width = SIZE, height = SIZE): string {
  const text = xml(label);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${text}">` +
    `<title>${text}</title><defs>${SHADOW}${drawing.defs}</defs>${drawing.body}</svg>`
  );
}

/** The soft shadow a balloon casts on the backdrop; every document defines it once. */
const SHADOW =
  '<filter id="shadow" x="-25%" y="-25%" width="150%" height="150%"><feDropShadow dx="7" dy="12" stdDeviation="10" flood-color="#1b2838" flood-opacity="0.2"/></filter>';

/** A soft studio backdrop: white in the middle, a cool grey at the corners. */
function backdrop(tint = '#e9eef4'): Drawing {
  return {
    defs: `<radialGradient id="bg" cx="50%" cy="42%" r="75%"><stop offset="0" stop-color="#ffffff"/><stop offset="0.6" stop-color="#f7f9fb"/><stop offset="1" stop-color="${tint}"/></radialGradient>`,
    body: '<rect width="100%" height="100%" fill="url(#bg)"/>',
  };
}

function join(...parts: Drawing[]): Drawing {
  return { defs: parts.map((p) => p.defs).join(''), body: parts.map((p) => p.body).join('') };
}

function group(d: Drawing, transform: string): Drawing {
  return { defs: d.defs, body: `<g transform="${transform}">${d.body}</g>` };
}

/** Latex: a glossy radial gradient lit from the upper left. */
function latexPaint(id: string, base: string): string {
  return (
    `<radialGradient id="${id}body" cx="0.4" cy="0.34" r="0.72" fx="0.3" fy="0.24">` +
    `<stop offset="0" stop-color="${lighten(base, 0.5)}"/><stop offset="0.38" stop-color="${base}"/>` +
    `<stop offset="0.85" stop-color="${darken(base, 0.26)}"/><stop offset="1" stop-color="${darken(base, 0.42)}"/></radialGradient>`
  );
}

/** Metallic and pearl latex: the latex gloss with a bright reflected ring just inside the rim. */
function satinPaint(id: string, base: string): string {
  return (
    `<radialGradient id="${id}body" cx="0.42" cy="0.36" r="0.7" fx="0.32" fy="0.26">` +
    `<stop offset="0" stop-color="${lighten(base, 0.7)}"/><stop offset="0.3" stop-color="${lighten(base, 0.15)}"/>` +
    `<stop offset="0.62" stop-color="${darken(base, 0.18)}"/><stop offset="0.8" stop-color="${lighten(base, 0.28)}"/>` +
    `<stop offset="1" stop-color="${darken(base, 0.35)}"/></radialGradient>`
  );
}

/** Foil: bands of light and shade across the face, and a pillow shadow towards the seam. */
function metalPaint(id: string, base: string): string {
  return (
    `<linearGradient id="${id}body" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${lighten(base, 0.6)}"/><stop offset="0.22" stop-color="${base}"/>` +
    `<stop offset="0.44" stop-color="${darken(base, 0.24)}"/><stop offset="0.6" stop-color="${lighten(base, 0.42)}"/>` +
    `<stop offset="0.8" stop-color="${base}"/><stop offset="1" stop-color="${darken(base, 0.34)}"/></linearGradient>` +
    `<radialGradient id="${id}pillow" cx="0.5" cy="0.45" r="0.6"><stop offset="0.6" stop-color="#000" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity="0.28"/></radialGradient>`
  );
}

/** Oil-slick foil: the metal bands run through pink, aqua and lilac. */
function iridescentPaint(id: string): string {
  return (
    `<linearGradient id="${id}body" x1="0" y1="0" x2="1" y2="1">` +
    '<stop offset="0" stop-color="#fdf0ff"/><stop offset="0.2" stop-color="#f4b8e4"/><stop offset="0.4" stop-color="#a8e3f0"/>' +
    '<stop offset="0.6" stop-color="#f7f3c8"/><stop offset="0.8" stop-color="#c3b1f0"/><stop offset="1" stop-color="#8fc8e8"/></linearGradient>' +
    `<radialGradient id="${id}pillow" cx="0.5" cy="0.45" r="0.6"><stop offset="0.6" stop-color="#203050" stop-opacity="0"/>` +
    '<stop offset="1" stop-color="#203050" stop-opacity="0.22"/></radialGradient>'
  );
}

/** Clear latex or bubble: a faint tint that thickens towards the rim, where the film is seen edge-on. */
function clearPaint(id: string, tint: string): string {
  return (
    `<radialGradient id="${id}body" cx="0.5" cy="0.48" r="0.55"><stop offset="0" stop-color="${tint}" stop-opacity="0.06"/>` +
    `<stop offset="0.8" stop-color="${tint}" stop-opacity="0.22"/><stop offset="1" stop-color="${darken(tint, 0.15)}" stop-opacity="0.55"/></radialGradient>`
  );
}

function glow(id: string): string {
  return `<radialGradient id="${id}glow"><stop offset="0" stop-color="#fff" stop-opacity="0.9"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`;
}

function highlight(id: string, cx: number, cy: number, rx: number, ry: number, angle = -35): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" transform="rotate(${angle} ${cx} ${cy})" fill="url(#${id}glow)"/>`;
}

/** The tied neck of a latex balloon and its string, hanging from (x, y). */
function knotAndString(x: number, y: number, base: string): string {
  return (
    `<path d="M${x} ${y + 10} C${x - 13} ${y + 34} ${x + 14} ${y + 54} ${x} ${y + 76} S${x - 5} ${y + 102} ${x + 4} ${SIZE}" fill="none" stroke="#a3acb7" stroke-width="2"/>` +
    `<path d="M${x - 7} ${y - 2} L${x + 7} ${y - 2} L${x + 13} ${y + 13} Q${x} ${y + 7} ${x - 13} ${y + 13} Z" fill="${darken(base, 0.22)}"/>`
  );
}

/** The valve tab of a foil balloon and its curling ribbon, hanging from (x, y). */
function valveAndRibbon(x: number, y: number, base: string): string {
  const ribbon = saturation(base) < 0.2 ? '#3d8fcd' : darken(base, 0.1);
  return (
    `<path d="M${x} ${y + 14} c18 12 -18 22 0 34 s-18 22 0 34 s-14 20 -4 ${SIZE - y - 82}" fill="none" stroke="${ribbon}" stroke-width="3" stroke-linecap="round"/>` +
    `<rect x="${x - 7}" y="${y - 4}" width="14" height="20" rx="3" fill="${darken(base, 0.3)}"/>`
  );
}

// ---- lettering ------------------------------------------------------------------------------

/** Words wrapped into at most `maxLines` lines of roughly `perLine` characters. */
function wrap(text: string, perLine: number, maxLines: number): string[] {
  const words = text.trim().replace(/\s+/g, ' ').slice(0, 60).split(' ');
  const lines: string[] = [];
  for (const w of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + ' ' + w).length <= perLine) lines[lines.length - 1] = `${last} ${w}`;
    else lines.push(w);
  }
  if (lines.length <= maxLines) return lines;
  return [...lines.slice(0, maxLines - 1), lines.slice(maxLines - 1).join(' ')];
}

interface Box {
  cx: number;
  cy: number;
  w: number;
  h: number;
}

/** Lettering centred in a box, as large as fits (bold sans is about 0.6 em per character). */
function lettering(text: string, box: Box, fill: string, outline: string): string {
  // Try a few line lengths and keep the one that letters largest ("I Love / You" beats one line).
  const fit = (lines: string[]) =>
    Math.min(64, box.h / (lines.length * 1.08), box.w / (Math.max(...lines.map((l) => l.length)) * 0.6));
  const lines = [6, 8, 10, 13, 16]
    .map((n) => wrap(text, n, 3))
    .reduce((best, l) => (fit(l) > fit(best) + 0.5 ? l : best));
  const size = fit(lines);
  const top = box.cy - ((lines.length - 1) * size * 1.08) / 2 + size * 0.36;
  const spans = lines
    .map((l, i) => `<tspan x="${box.cx}" y="${(top + i * size * 1.08).toFixed(1)}">${xml(l)}</tspan>`)
    .join('');
  return (
    `<text text-anchor="middle" font-family="${LETTERING_FONT}" font-weight="800" font-size="${size.toFixed(1)}" ` +
    `fill="${fill}" stroke="${outline}" stroke-width="${(size / 9).toFixed(1)}" stroke-linejoin="round" paint-order="stroke">${spans}</text>`
  );
}

/** Lettering colours that read on a balloon of this colour. */
function letteringColours(base: string): { fill: string; outline: string } {
  if (brightness(base) < 0.58) return { fill: '#ffffff', outline: darken(base, 0.5) };
  if (saturation(base) < 0.25) return { fill: '#1f4fc1', outline: '#ffffff' };
  return { fill: darken(base, 0.62), outline: '#ffffff' };
}

// ---- shapes ---------------------------------------------------------------------------------

/** An outline, where its neck hangs, and where lettering fits on it. */
interface Outline {
  d: string;
  neck: [number, number];
  text: Box;
  shine: [number, number, number, number];
}

const LATEX_ROUND: Outline = {
  d: 'M200 34 C270 34 318 90 318 158 C318 224 260 280 207 292 L193 292 C140 280 82 224 82 158 C82 90 130 34 200 34 Z',
  neck: [200, 294],
  text: { cx: 200, cy: 162, w: 180, h: 120 },
  shine: [148, 100, 30, 52],
};

const FOIL_ROUND: Outline = {
  d: 'M200 38 A138 138 0 1 1 199.9 38 Z',
  neck: [200, 314],
  text: { cx: 200, cy: 176, w: 210, h: 150 },
  shine: [128, 110, 34, 58],
};

const HEART: Outline = {
  d: 'M200 316 C150 274 66 218 66 140 C66 92 102 58 146 58 C173 58 191 72 200 94 C209 72 227 58 254 58 C298 58 334 92 334 140 C334 218 250 274 200 316 Z',
  neck: [200, 316],
  text: { cx: 200, cy: 172, w: 190, h: 120 },
  shine: [128, 104, 26, 44],
};

/** A five-point star with softened points, like a filled foil star. */
function starOutline(): Outline {
  const pts: [number, number][] = [];
  for (let k = 0; k < 10; k++) {
    const a = ((-90 + k * 36) * Math.PI) / 180;
    const r = k % 2 === 0 ? 156 : 76;
    pts.push([200 + r * Math.cos(a), 186 + r * Math.sin(a)]);
  }
  const toward = (p: [number, number], q: [number, number], dist: number) => {
    const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
    return `${(p[0] + ((q[0] - p[0]) * dist) / len).toFixed(1)} ${(p[1] + ((q[1] - p[1]) * dist) / len).toFixed(1)}`;
  };
  const d = pts
    .map((p, i) => {
      const r = i % 2 === 0 ? 24 : 16;
      const a = toward(p, pts[(i + 9) % 10]!, r);
      const b = toward(p, pts[(i + 1) % 10]!, r);
      return `${i === 0 ? 'M' : 'L'}${a} Q${p[0].toFixed(1)} ${p[1].toFixed(1)} ${b}`;
    })
    .join(' ');
  return { d: `${d} Z`, neck: [200, 262], text: { cx: 200, cy: 196, w: 150, h: 96 }, shine: [150, 130, 18, 40] };
}

const STAR = starOutline();

const CYLINDER: Outline = {
  d: 'M150 52 L250 52 Q286 52 286 96 L286 270 Q286 314 250 314 L150 314 Q114 314 114 270 L114 96 Q114 52 150 52 Z',
  neck: [200, 316],
  text: { cx: 200, cy: 186, w: 150, h: 170 },
  shine: [146, 130, 14, 70],
};

function outlineFor(shape: BalloonShape, isFoil: boolean): Outline {
  if (shape === 'heart') return HEART;
  if (shape === 'star') return STAR;
  if (shape === 'cylinder') return CYLINDER;
  return isFoil ? FOIL_ROUND : LATEX_ROUND;
}

/** Latex paints (tied with a knot) and foil paints (hung from a valve and ribbon). */
export type Paint = 'latex' | 'satin' | 'chrome' | 'clear' | 'foil' | 'iridescent';

function paintDefs(id: string, paint: Paint, base: string): string {
  if (paint === 'latex') return latexPaint(id, base);
  if (paint === 'satin') return satinPaint(id, base);
  if (paint === 'chrome') return metalPaint(id, base);
  if (paint === 'clear') return clearPaint(id, base);
  return paint === 'iridescent' ? iridescentPaint(id) : metalPaint(id, base);
}

/** A shaped balloon: body, pillow shading, seam, shine, neck, and any lettering. */
function shapedBalloon(id: string, outline: Outline, base: string, paint: Paint, message?: string): Drawing {
  const [sx, sy, rx, ry] = outline.shine;
  const foil = paint === 'foil' || paint === 'iridescent';
  const metal = foil || paint === 'chrome';
  const ink = paint === 'iridescent' ? letteringColours('#6b2fa3') : paint === 'clear' ? clearInk(base) : letteringColours(base);
  const [nx, ny] = outline.neck;
  const rim = paint === 'clear' ? ` stroke="${darken(base, 0.1)}" stroke-opacity="0.6" stroke-width="2.5"` : '';
  const body = [
    foil ? valveAndRibbon(nx, ny, base) : knotAndString(nx, ny, base),
    paint === 'clear'
      ? `<path d="${outline.d}" fill="url(#${id}body)"${rim}/>`
      : `<g filter="url(#shadow)"><path d="${outline.d}" fill="url(#${id}body)"/></g>`,
    metal ? `<path d="${outline.d}" fill="url(#${id}pillow)"/>` : '',
    foil ? `<path d="${outline.d}" fill="none" stroke="${lighten(base, 0.45)}" stroke-width="3" stroke-opacity="0.8"/>` : '',
    message ? lettering(message, outline.text, ink.fill, ink.outline) : '',
    highlight(id, sx, sy, rx, ry),
    highlight(id, sx - rx * 0.4, sy + ry * 1.35, rx * 0.28, ry * 0.28),
  ];
  return { defs: paintDefs(id, paint, base) + glow(id), body: body.join('') };
}

/** Print inside a clear balloon is seen through the film: the tint's own colour, or brand blue. */
function clearInk(tint: string): { fill: string; outline: string } {
  return { fill: saturation(tint) < 0.25 ? '#3d8fcd' : darken(tint, 0.35), outline: '#ffffff' };
}

/** A foil cube drawn in three-quarter view: lit top, mid-tone front left, shaded right. */
function cubeBalloon(id: string, base: string, message?: string): Drawing {
  const face = (points: string, fill: string) =>
    `<polygon points="${points}" fill="${fill}" stroke="${fill}" stroke-width="18" stroke-linejoin="round"/>`;
  const ink = letteringColours(base);
  const body = [
    valveAndRibbon(200, 304, base),
    `<g filter="url(#shadow)">`,
    face('200,62 312,116 200,170 88,116', lighten(base, 0.3)),
    face('88,116 200,170 200,300 88,246', `url(#${id}body)`),
    face('200,170 312,116 312,246 200,300', darken(base, 0.22)),
    '</g>',
    highlight(id, 130, 150, 12, 40, -20),
    message ? lettering(message, { cx: 146, cy: 212, w: 92, h: 80 }, ink.fill, ink.outline) : '',
  ];
  return { defs: metalPaint(id, base) + glow(id), body: body.join('') };
}

/** A number or letter as a big foil glyph, with a dark rim so it reads at thumbnail size. */
function glyphBalloon(id: string, glyph: string, base: string): Drawing {
  const size = glyph.length > 1 ? 220 : 320;
  const y = 196 + size * 0.36;
  const spacing = glyph.length > 1 ? ' letter-spacing="14"' : '';
  const text = (attrs: string) =>
    `<text x="200" y="${y}" text-anchor="middle" font-family="${GLYPH_FONT}" font-weight="900" font-size="${size}"${spacing} ${attrs}>${xml(glyph)}</text>`;
  const body = [
    `<g filter="url(#shadow)">${text(`fill="${darken(base, 0.38)}" stroke="${darken(base, 0.38)}" stroke-width="26" stroke-linejoin="round"`)}</g>`,
    text(`fill="url(#${id}body)" stroke="${lighten(base, 0.35)}" stroke-width="7" stroke-linejoin="round"`),
    text(`fill="none" stroke="#ffffff" stroke-opacity="0.45" stroke-width="2" transform="translate(-4 -4)"`),
  ];
  return { defs: metalPaint(id, base), body: body.join('') };
}

/** A 260 modelling balloon: a long glossy tube with its knot and uninflated tail. */
function twisteeBalloon(id: string, base: string): Drawing {
  const d = 'M84 318 C112 236 168 262 200 196 S268 110 306 92';
  const tube = (stroke: string, width: number, extra = '') =>
    `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" ${extra}/>`;
  const body = [
    `<path d="M306 92 C322 84 334 74 352 54" fill="none" stroke="${lighten(base, 0.15)}" stroke-opacity="0.75" stroke-width="9" stroke-linecap="round"/>`,
    `<circle cx="355" cy="51" r="6" fill="${lighten(base, 0.15)}" fill-opacity="0.75"/>`,
    `<g filter="url(#shadow)">${tube(darken(base, 0.3), 46)}</g>`,
    tube(base, 38),
    tube(lighten(base, 0.22), 18, 'stroke-opacity="0.6" transform="translate(-4 -5)"'),
    tube('#ffffff', 6, 'stroke-opacity="0.75" transform="translate(-9 -10)" pathLength="100" stroke-dasharray="0 7 82 100"'),
    `<path d="M76 330 L92 330 L84 346 Z" fill="${darken(base, 0.25)}"/>`,
    `<path d="M84 344 C78 360 92 376 80 398" fill="none" stroke="#a3acb7" stroke-width="2"/>`,
  ];
  return { defs: '', body: body.join('') };
}

/** A clear bubble balloon: a faintly tinted sphere with a bright rim and window reflections. */
function bubbleBalloon(id: string, tint: string, message?: string): Drawing {
  const ink = clearInk(tint);
  const body = [
    `<path d="M200 312 C196 326 194 336 192 346 L208 346 C206 336 204 326 200 312 Z" fill="${tint}" fill-opacity="0.55"/>`,
    `<path d="M200 346 C190 366 210 380 200 400" fill="none" stroke="#a3acb7" stroke-width="2"/>`,
    `<circle cx="200" cy="172" r="142" fill="url(#${id}body)" stroke="${darken(tint, 0.1)}" stroke-opacity="0.6" stroke-width="2.5"/>`,
    message ? lettering(message, { cx: 200, cy: 180, w: 190, h: 120 }, ink.fill, ink.outline) : '',
    `<path d="M96 128 A118 118 0 0 1 190 56" fill="none" stroke="#ffffff" stroke-opacity="0.9" stroke-width="13" stroke-linecap="round"/>`,
    `<path d="M300 232 A118 118 0 0 1 250 282" fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="7" stroke-linecap="round"/>`,
    highlight(id, 132, 148, 10, 18, -30),
  ];
  return { defs: clearPaint(id, tint) + glow(id), body: body.join('') };
}

// ---- item pictures --------------------------------------------------------------------------

/** What an item needs drawing when its facts do not say: foil defaults to classic silver. */
function itemColour(facts: PictureFacts): BalloonColour {
  if (facts.colorHex && /^#[0-9a-f]{6}$/i.test(facts.colorHex)) return { hex: facts.colorHex, finish: 'latex', known: true };
  if (facts.colorName.trim()) return balloonColour(facts.colorName);
  if (facts.shape === 'number') return balloonColour('Gold');
  if (facts.isFoil) return balloonColour(facts.shape === 'heart' ? 'Red' : facts.shape === 'star' ? 'Gold' : 'Silver');
  if (facts.isBubble) return balloonColour('Clear');
  return { hex: hslHex(hashOf(facts.num) % 360, 0.68, 0.52), finish: 'latex', known: false };
}

function balloonDrawing(facts: PictureFacts, colour: BalloonColour): Drawing {
  const id = 'p';
  const base = colour.hex;
  if (facts.shape === 'number' && facts.numberGlyph) return glyphBalloon(id, facts.numberGlyph, base);
  if (facts.shape === 'twistee') return twisteeBalloon(id, base);
  if (facts.isBubble || facts.shape === 'bubble') {
    return facts.shape === 'heart' ? shapedBalloon(id, HEART, base, 'clear', facts.message) : bubbleBalloon(id, base, facts.message);
  }
  if (facts.shape === 'cube') return cubeBalloon(id, base, facts.message);
  return shapedBalloon(id, outlineFor(facts.shape, facts.isFoil), base, paintFor(facts, colour), facts.message);
}

function paintFor(facts: PictureFacts, colour: BalloonColour): Paint {
  if (colour.finish === 'iridescent') return 'iridescent';
  if (facts.isFoil || facts.shape === 'cylinder') return 'foil';
  // Chrome latex is a mirror, so it takes the foil's bands; metallic and pearl latex a satin glow.
  if (colour.finish === 'chrome') return 'chrome';
  if (colour.finish === 'satin') return 'satin';
  return colour.finish === 'clear' ? 'clear' : 'latex';
}

function sizeTag(size: string): string {
  const text = size.trim().slice(0, 12);
  const w = 22 + text.length * 10;
  return (
    `<rect x="${SIZE - 16 - w}" y="16" width="${w}" height="30" rx="15" fill="#ffffff" fill-opacity="0.9" stroke="#d6dde5"/>` +
    `<text x="${SIZE - 16 - w / 2}" y="37" text-anchor="middle" font-family="${LETTERING_FONT}" font-weight="700" font-size="17" fill="#4a5968">${xml(text)}</text>`
  );
}

export function itemPictureSvg(facts: PictureFacts): string {
  const colour = itemColour(facts);
  const tag = facts.size?.trim() ? { defs: '', body: sizeTag(facts.size) } : { defs: '', body: '' };
  return document(facts.title || facts.num, join(backdrop(), balloonDrawing(facts, colour), tag));
}

// ---- logos ----------------------------------------------------------------------------------

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

// ---- facts from the catalogue ---------------------------------------------------------------

/** The drawable shape named in a shape facet or a title, if any. */
export function shapeFromText(text: string): BalloonShape | undefined {
  const t = text.toLowerCase();
  if (/\bheart/.test(t)) return 'heart';
  if (/\bstar\b|\bstars\b/.test(t)) return 'star';
  if (/\b(number|numeral|digit|letter)s?\b/.test(t)) return 'number';
  if (/\bcylinder/.test(t)) return 'cylinder';
  if (/\b(cube|square)s?\b/.test(t)) return 'cube';
  if (/\b(twist|twistee|260|modell?ing|long)/.test(t)) return 'twistee';
  if (/\bbubbles?\b/.test(t)) return 'bubble';
  if (/\b(round|circle|sphere|orb)s?\b/.test(t)) return 'round';
  return undefined;
}

/** The digit or letter a number balloon shows: "Number 7", "#7", "Letter A", or a lone digit. */
export function glyphFromText(...texts: (string | undefined)[]): string | undefined {
  for (const t of texts) {
    if (!t) continue;
    const named = /\b(?:number|no\.?|letter)\s*([0-9]{1,2}|[A-Z])\b/i.exec(t) ?? /#([0-9]{1,2})\b/.exec(t);
    if (named) return named[1]!.toUpperCase();
    const lone = /(?:^|\s)([0-9])(?=\s|$)(?!\s*(?:in|inch|ft)\b)/i.exec(t);
    if (lone) return lone[1];
  }
  return undefined;
}

/**
 * A design's name from its title, for foils printed with a picture the generator cannot draw
 * (a T-Rex, a unicorn): "Roaring T-Rex SuperShape Foil Balloon, 38\"" letters as "Roaring T-Rex".
 */
export function designName(title: string): string | undefined {
  const name = title
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\d+(\.\d+)?\s*(?:"|”|''|in\b|inch(es)?\b|ct\b)/gi, ' ')
    .replace(/\b(supershape|foil|balloons?|mini|party|air-fill|toptab|jumbo|shape|solid)\b/gi, ' ')
    .replace(/[,;:]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return name.length >= 2 && name.length <= 32 ? name : undefined;
}

function lineage(index: CatalogueIndex, categoryNum: number): number[] {
  const chain: number[] = [];
  for (let c = index.categories.get(categoryNum); c && !chain.includes(c.num); c = index.categories.get(c.parentNum)) {
    chain.push(c.num);
  }
  return chain;
}

export function pictureFactsFor(item: IndexedItem, index: CatalogueIndex): PictureFacts {
  const first = (kind: 'color' | 'shape' | 'message' | 'size'): string | undefined => {
    const link = item.facets[kind][0];
    return link === undefined ? undefined : (index.facetNames.get(kind)?.get(link) ?? link);
  };
  const chain = lineage(index, item.categoryNum);
  const isBubble = chain.includes(4);
  const isNumber = chain.includes(33);
  const isFoil = !isBubble && (chain.includes(3) || isNumber);
  const shapeName = first('shape') ?? '';
  const named = shapeFromText(shapeName);
  const shape: BalloonShape = isBubble
    ? named === 'heart' ? 'heart' : 'bubble'
    : isNumber || named === 'number'
      ? 'number'
      : (named ?? shapeFromText(item.title) ?? 'round');
  // A foil shape we cannot draw (character, animal) is shown as a round foil lettered with its design.
  const message = first('message') ?? (isFoil && shapeName && !named ? designName(item.title) : undefined);
  // The facet's specific name ("Royal Blue") beats the broad family ("Blue") when it is charted.
  const names = [first('color'), item.colorFamily].filter((n): n is string => Boolean(n?.trim()));
  const colorName = names.find((n) => balloonColour(n).known) ?? names[0] ?? '';
  return {
    num: item.num,
    title: item.title,
    colorName,
    shape,
    message: shape === 'number' ? undefined : message,
    numberGlyph: shape === 'number' ? glyphFromText(item.title, first('message')) : undefined,
    isFoil,
    isBubble,
    size: first('size'),
  };
}
