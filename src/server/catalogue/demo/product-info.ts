/**
 * The product-info HTML of a demo item: only <p>, <ul>/<li> and <strong>, which the detail page
 * renders after sanitising. Safety wording follows the industry's standard latex warning.
 */

export type Line = 'latex' | 'foil' | 'bubble';

export interface ProductInfo {
  summary: string;
  line: Line;
  facts: [label: string, value: string][];
  floatTime: string;
  airFillOnly: boolean;
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const SAFETY: Record<Line, string[]> = {
  latex: [
    'WARNING: CHOKING HAZARD. Children under 8 years can choke or suffocate on uninflated or broken balloons. Adult supervision required. Keep uninflated balloons from children. Discard broken balloons at once.',
    'Made of natural rubber latex, which may cause allergic reactions in some people.',
  ],
  foil: [
    'Foil balloons conduct electricity: never release them outdoors, keep them away from power lines and always attach a weight.',
    'Not a toy. Supervise children under 8. Never inhale helium.',
  ],
  bubble: [
    'Always attach a weight to helium-filled bubbles and never release them outdoors.',
    'Not a toy. Supervise children under 8. Never inhale helium.',
  ],
};

export function productInfoHtml(info: ProductInfo): string {
  const facts = info.facts.map(([label, value]) => `<li><strong>${escape(label)}:</strong> ${escape(value)}</li>`);
  const float = info.airFillOnly
    ? '<p><strong>Air-fill only.</strong> Inflate with a hand pump; not made to float with helium.</p>'
    : `<p><strong>Helium float time:</strong> ${escape(info.floatTime)}, indoors at room temperature.</p>`;
  const safety = SAFETY[info.line].map((s) => `<li>${escape(s)}</li>`);
  return [
    `<p>${escape(info.summary)}</p>`,
    `<ul>${facts.join('')}</ul>`,
    float,
    `<p><strong>Safety</strong></p>`,
    `<ul>${safety.join('')}</ul>`,
  ].join('');
}
