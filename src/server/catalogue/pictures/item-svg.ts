import { type BalloonColour, balloonColour, hashOf, hslHex } from './colours';
import type { PictureFacts } from './facts';
import type { Paint } from './paints';
import { bubbleBalloon, cubeBalloon, glyphBalloon, HEART, outlineFor, shapedBalloon, twisteeBalloon } from './shapes';
import { backdrop, document, type Drawing, join, LETTERING_FONT, SIZE, xml } from './svg';

/**
 * Product pictures drawn as SVG (DESIGN.md §2), the fallback of items without a real photo: a
 * balloon of the item's shape and colour, with foil lettering for messages and numbers. Pure
 * functions from facts (facts.ts) to markup, so they are cheap to test and to cache; the pieces
 * live beside this file by concern: colours, paints, lettering, shapes, svg, logos.
 */

/** What an item needs drawing when its facts do not say: foil defaults to classic silver. */
export function itemColour(facts: PictureFacts): BalloonColour {
  if (facts.colorHex && /^#[0-9a-f]{6}$/i.test(facts.colorHex)) return { hex: facts.colorHex, finish: 'latex', known: true };
  if (facts.colorName.trim()) return balloonColour(facts.colorName);
  if (facts.shape === 'number') return balloonColour('Gold');
  if (facts.isFoil) return balloonColour(facts.shape === 'heart' ? 'Red' : facts.shape === 'star' ? 'Gold' : 'Silver');
  if (facts.isBubble) return balloonColour('Clear');
  return { hex: hslHex(hashOf(facts.num) % 360, 0.68, 0.52), finish: 'latex', known: false };
}

export function balloonDrawing(facts: PictureFacts, colour: BalloonColour): Drawing {
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
