import { describe, expect, it } from 'vitest';
import { facet, poscatFacet, slugify } from './facets';

describe('facet links', () => {
  it('slugifies display names the way people say them', () => {
    expect(slugify('Happy Birthday')).toBe('happy-birthday');
    expect(slugify("It's a Boy")).toBe('its-a-boy');
    expect(slugify("Valentine’s Day")).toBe('valentines-day');
    expect(slugify('Llamas & Cactus')).toBe('llamas-and-cactus');
    expect(slugify('  Piñata  Party! ')).toBe('pinata-party');
  });

  it('links sizes and dimensions by their own text, poscats by number', () => {
    expect(facet('size', '11"')).toEqual({ kind: 'size', name: '11"', link: '11"' });
    expect(facet('color', 'Royal Blue')).toEqual({ kind: 'color', name: 'Royal Blue', link: 'royal-blue' });
    expect(poscatFacet(12, 'Latex Balloons')).toEqual({ kind: 'poscat', name: 'Latex Balloons', link: '12' });
  });
});
