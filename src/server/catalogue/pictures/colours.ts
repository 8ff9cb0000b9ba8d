/** Colour arithmetic and the trade's colour chart, for the generated pictures (DESIGN.md §2). */

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

export const lighten = (c: string, t: number) => mix(c, '#ffffff', t);

/** Shade keeps the hue and deepens saturation, as a lit surface does; mixing in black looks muddy. */
export function darken(c: string, t: number): string {
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
export function brightness(c: string): number {
  const [r, g, b] = rgb(c);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

export function saturation(c: string): number {
  const v = rgb(c);
  const max = Math.max(...v);
  return max === 0 ? 0 : (max - Math.min(...v)) / max;
}

export function hashOf(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export function hslHex(h: number, s: number, l: number): string {
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return 255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return hex([f(0), f(8), f(4)]);
}



/** The trade's colour names, as balloon makers print them on their colour charts. */
export const COLOURS: Record<string, string> = {
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

type Finish = 'latex' | 'satin' | 'chrome' | 'clear' | 'iridescent';

export interface BalloonColour {
  hex: string;
  finish: Finish;
  /** False when the name was not on the chart and the colour is a stable guess. */
  known: boolean;
}

export const normal = (name: string) => name.toLowerCase().replace(/[^a-z ]+/g, ' ').replace(/\s+/g, ' ').trim();

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
