import type { BalloonShape } from './facts';
import { darken, lighten } from './colours';
import { type Box, clearInk, lettering, letteringColours } from './lettering';
import { metalPaint, clearPaint, type Paint, paintDefs } from './paints';
import { type Drawing, GLYPH_FONT, glow, highlight, knotAndString, valveAndRibbon, xml } from './svg';

/** Balloon outlines and the drawings of each kind: shaped latex and foil, cube, number, twistee, bubble. */

/** An outline, where its neck hangs, and where lettering fits on it. */
interface Outline {
  d: string;
  neck: [number, number];
  text: Box;
  shine: [number, number, number, number];
}

export const LATEX_ROUND: Outline = {
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

export const HEART: Outline = {
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

export const STAR = starOutline();

const CYLINDER: Outline = {
  d: 'M150 52 L250 52 Q286 52 286 96 L286 270 Q286 314 250 314 L150 314 Q114 314 114 270 L114 96 Q114 52 150 52 Z',
  neck: [200, 316],
  text: { cx: 200, cy: 186, w: 150, h: 170 },
  shine: [146, 130, 14, 70],
};

export function outlineFor(shape: BalloonShape, isFoil: boolean): Outline {
  if (shape === 'heart') return HEART;
  if (shape === 'star') return STAR;
  if (shape === 'cylinder') return CYLINDER;
  return isFoil ? FOIL_ROUND : LATEX_ROUND;
}

/** A shaped balloon: body, pillow shading, seam, shine, neck, and any lettering. */
export function shapedBalloon(id: string, outline: Outline, base: string, paint: Paint, message?: string): Drawing {
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

/** A foil cube drawn in three-quarter view: lit top, mid-tone front left, shaded right. */
export function cubeBalloon(id: string, base: string, message?: string): Drawing {
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
export function glyphBalloon(id: string, glyph: string, base: string): Drawing {
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
export function twisteeBalloon(id: string, base: string): Drawing {
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
export function bubbleBalloon(id: string, tint: string, message?: string): Drawing {
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
