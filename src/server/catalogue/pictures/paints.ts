import { darken, lighten } from './colours';

/** How a balloon's surface is painted: latex gloss, satin, metal foil, oil-slick, clear film. */

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
export function metalPaint(id: string, base: string): string {
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
export function clearPaint(id: string, tint: string): string {
  return (
    `<radialGradient id="${id}body" cx="0.5" cy="0.48" r="0.55"><stop offset="0" stop-color="${tint}" stop-opacity="0.06"/>` +
    `<stop offset="0.8" stop-color="${tint}" stop-opacity="0.22"/><stop offset="1" stop-color="${darken(tint, 0.15)}" stop-opacity="0.55"/></radialGradient>`
  );
}


/** Latex paints (tied with a knot) and foil paints (hung from a valve and ribbon). */
export type Paint = 'latex' | 'satin' | 'chrome' | 'clear' | 'foil' | 'iridescent';

export function paintDefs(id: string, paint: Paint, base: string): string {
  if (paint === 'latex') return latexPaint(id, base);
  if (paint === 'satin') return satinPaint(id, base);
  if (paint === 'chrome') return metalPaint(id, base);
  if (paint === 'clear') return clearPaint(id, base);
  return paint === 'iridescent' ? iridescentPaint(id) : metalPaint(id, base);
}
