import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { SortKey } from '../../contract/catalogue';
import type { FacetKind } from '../db/schema';
import { type ActiveFilter, CatalogueIndex, type CategoryRow, type IndexSource, type ItemRow } from './catalogue-index';

/** 40 colours: one colour is a few percent of the catalogue, so it is a selective filter. */
const colours = Array.from({ length: 40 }, (_, i) => (i === 0 ? 'gold' : `colour-${i}`));

/** A catalogue big enough that selective filters take the postings path: 3,000 items. */
function buildIndex(): CatalogueIndex {
  const categories: CategoryRow[] = [
    { num: 3, description: 'Foil', parent_num: 0, kind: 'tree', logo: '', be_cat: '' },
    { num: 33, description: 'Numbers', parent_num: 3, kind: 'tree', logo: '', be_cat: '' },
    { num: 4, description: 'Bubbles', parent_num: 0, kind: 'tree', logo: '', be_cat: '' },
  ];
  const items: ItemRow[] = [];
  const facets: IndexSource['facets'] = [];
  const events = ['birthday', 'wedding', 'graduation', 'christmas'];
  for (let i = 0; i < 3000; i++) {
    const id = i + 1;
    items.push({
      id,
      num: String(10000 + ((i * 7919) % 3000)),
      code: '',
      category_num: i % 5 === 0 ? 33 : i % 7 === 0 ? 4 : 3,
      web_title: `Balloon ${(i * 31) % 997}`,
      picture: '',
      logo: '',
      srp_cents: 100,
      price_cents: 50,
      case_qty: 1,
      is_new: 0,
      qty_fr: 1,
      qty_fh: 1,
      reserve_fr: 0,
      reserve_fh: 0,
      color_family: '',
      color_group: '',
      created_at: new Date(Date.UTC(2025, 0, 1) + ((i * 104729) % 500) * 86_400_000).toISOString(),
    });
    facets.push({ item_id: id, kind: 'color', name: colours[i % 40]!, link: colours[i % 40]! });
    if (i % 3 === 0) facets.push({ item_id: id, kind: 'color', name: colours[(i + 3) % 40]!, link: colours[(i + 3) % 40]! });
    if (i % 4 !== 0) facets.push({ item_id: id, kind: 'event', name: events[i % 4]!, link: events[i % 4]! });
  }
  return new CatalogueIndex({ catalogue: '1', stock: '1' }, { categories, items, facets, nvMemberships: [] });
}

const index = buildIndex();

const filterArb = fc.oneof(
  fc.subarray(colours, { minLength: 1, maxLength: 4 }).map((links): ActiveFilter => ({ kind: 'color' as FacetKind, links: new Set(links) })),
  fc.subarray(['birthday', 'wedding', 'graduation', 'christmas'], { minLength: 1, maxLength: 2 }).map((links): ActiveFilter => ({ kind: 'event' as FacetKind, links: new Set(links) })),
  fc.constant<ActiveFilter>({ kind: 'event', links: 'any' }),
);

describe('CatalogueIndex.categoryPage', () => {
  it('answers exactly what a walk over the whole category answers, for any filters, sort and page', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(3, 33, 4),
        fc.constantFrom<SortKey>('date', 'num', 'title'),
        fc.array(filterArb, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 100 }),
        (category, sort, filters, pageIndex, size) => {
          const offset = pageIndex * size;
          const fast = index.categoryPage(category, sort, filters, offset, size);
          const walk = index.page(index.categoryMembers(category, sort), filters, offset, size);
          expect(fast.total).toBe(walk.total);
          expect(fast.page.map((i) => i.num)).toEqual(walk.page.map((i) => i.num));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('walks only the postings of a selective filter in a big category', () => {
    const walk = vi.spyOn(index, 'page');
    const selective: ActiveFilter[] = [{ kind: 'color', links: new Set(['gold']) }, { kind: 'event', links: new Set(['wedding', 'graduation']) }];
    const result = index.categoryPage(3, 'num', selective, 0, 5);
    expect(walk).not.toHaveBeenCalled();
    walk.mockRestore();
    expect(result.total).toBeGreaterThan(0);
    expect(result.page.every((i) => i.facets.color.includes('gold') && ['wedding', 'graduation'].some((e) => i.facets.event.includes(e)))).toBe(true);
  });
});
