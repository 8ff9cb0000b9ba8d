import { brightness, darken, saturation } from './colours';
import { LETTERING_FONT, xml } from './svg';

/** Printed messages on a balloon, fitted to the room its shape leaves. */

/** Words wrapped into at most `maxLines` lines of roughly `perLine` characters. */
export function wrap(text: string, perLine: number, maxLines: number): string[] {
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

export interface Box {
  cx: number;
  cy: number;
  w: number;
  h: number;
}

/** Lettering centred in a box, as large as fits (bold sans is about 0.6 em per character). */
export function lettering(text: string, box: Box, fill: string, outline: string): string {
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
export function letteringColours(base: string): { fill: string; outline: string } {
  if (brightness(base) < 0.58) return { fill: '#ffffff', outline: darken(base, 0.5) };
  if (saturation(base) < 0.25) return { fill: '#1f4fc1', outline: '#ffffff' };
  return { fill: darken(base, 0.62), outline: '#ffffff' };
}


/** Print inside a clear balloon is seen through the film: the tint's own colour, or brand blue. */
export function clearInk(tint: string): { fill: string; outline: string } {
  return { fill: saturation(tint) < 0.25 ? '#3d8fcd' : darken(tint, 0.35), outline: '#ffffff' };
}
