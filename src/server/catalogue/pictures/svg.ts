import { darken, saturation } from './colours';

/**
 * The pieces every generated picture is made of: the document, its backdrop and shadow, shine,
 * strings and ribbons. Every piece of text that reaches the markup passes through `xml()`:
 * titles and messages come from imported CSVs and must never become markup.
 */

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



export const SIZE = 400;
export const LETTERING_FONT = "'Arial Rounded MT Bold','Nunito','Trebuchet MS','Segoe UI',Arial,'DejaVu Sans',sans-serif";
export const GLYPH_FONT = "'Arial Black','Helvetica Neue',Arial,'DejaVu Sans',sans-serif";

export interface Drawing {
  defs: string;
  body: string;
}

export function document(label: string, drawing: Drawing, width = SIZE, height = SIZE): string {
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
export function backdrop(tint = '#e9eef4'): Drawing {
  return {
    defs: `<radialGradient id="bg" cx="50%" cy="42%" r="75%"><stop offset="0" stop-color="#ffffff"/><stop offset="0.6" stop-color="#f7f9fb"/><stop offset="1" stop-color="${tint}"/></radialGradient>`,
    body: '<rect width="100%" height="100%" fill="url(#bg)"/>',
  };
}

export function join(...parts: Drawing[]): Drawing {
  return { defs: parts.map((p) => p.defs).join(''), body: parts.map((p) => p.body).join('') };
}

export function group(d: Drawing, transform: string): Drawing {
  return { defs: d.defs, body: `<g transform="${transform}">${d.body}</g>` };
}

export function glow(id: string): string {
  return `<radialGradient id="${id}glow"><stop offset="0" stop-color="#fff" stop-opacity="0.9"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`;
}

export function highlight(id: string, cx: number, cy: number, rx: number, ry: number, angle = -35): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" transform="rotate(${angle} ${cx} ${cy})" fill="url(#${id}glow)"/>`;
}

/** The tied neck of a latex balloon and its string, hanging from (x, y). */
export function knotAndString(x: number, y: number, base: string): string {
  return (
    `<path d="M${x} ${y + 10} C${x - 13} ${y + 34} ${x + 14} ${y + 54} ${x} ${y + 76} S${x - 5} ${y + 102} ${x + 4} ${SIZE}" fill="none" stroke="#a3acb7" stroke-width="2"/>` +
    `<path d="M${x - 7} ${y - 2} L${x + 7} ${y - 2} L${x + 13} ${y + 13} Q${x} ${y + 7} ${x - 13} ${y + 13} Z" fill="${darken(base, 0.22)}"/>`
  );
}

/** The valve tab of a foil balloon and its curling ribbon, hanging from (x, y). */
export function valveAndRibbon(x: number, y: number, base: string): string {
  const ribbon = saturation(base) < 0.2 ? '#3d8fcd' : darken(base, 0.1);
  return (
    `<path d="M${x} ${y + 14} c18 12 -18 22 0 34 s-18 22 0 34 s-14 20 -4 ${SIZE - y - 82}" fill="none" stroke="${ribbon}" stroke-width="3" stroke-linecap="round"/>` +
    `<rect x="${x - 7}" y="${y - 4}" width="14" height="20" rx="3" fill="${darken(base, 0.3)}"/>`
  );
}
