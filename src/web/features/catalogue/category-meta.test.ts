import { describe, expect, it } from 'vitest';
import type { Category } from '../../../contract/catalogue';
import { categoryMeta } from './category-meta';

const foil: Category = { num: 3, description: 'Foil Balloons', parentNum: 0, parentOnly: true, logo: '', beCat: 'FOIL', seoTitle: '', seoDescription: '' };
const sentence = (name: string) => `${name} in the catalogue.`;

describe("a category page's title and meta description", () => {
  it('are the SEO texts the back office set, else the name and the default sentence', () => {
    expect(categoryMeta(foil, 'Category', sentence)).toEqual({ title: 'Foil Balloons', description: 'Foil Balloons in the catalogue.' });
    expect(categoryMeta({ ...foil, seoTitle: 'Foil balloons wholesale', seoDescription: 'Hearts, stars and numbers.' }, 'Category', sentence)).toEqual({
      title: 'Foil balloons wholesale',
      description: 'Hearts, stars and numbers.',
    });
    expect(categoryMeta(undefined, 'Category', sentence)).toEqual({ title: 'Category', description: 'Category in the catalogue.' });
  });
});
