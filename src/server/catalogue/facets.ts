import type { FacetKind } from './tables';

/** One facet value of an item, as the writes and the import take it. */
export interface FacetInput {
  kind: FacetKind;
  /** Display text; for poscat the poscatName. */
  name: string;
  /** URL value: a slug, the poscatNum, or for size and dimension the name itself. */
  link: string;
}

/**
 * A URL-safe slug: "It's a Boy" → "its-a-boy", "Valentine's Day" → "valentines-day". Apostrophes
 * vanish rather than split words, so links read the way people say them.
 */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * A facet from its display name. Sizes and dimensions link by their own text (the listing
 * returns them as plain strings); the named kinds link by slug.
 */
export function facet(kind: Exclude<FacetKind, 'poscat'>, name: string): FacetInput {
  const plain = kind === 'size' || kind === 'dimension';
  return { kind, name, link: plain ? name : slugify(name) };
}

export function poscatFacet(poscatNum: number | string, poscatName: string): FacetInput {
  return { kind: 'poscat', name: poscatName, link: String(poscatNum) };
}
