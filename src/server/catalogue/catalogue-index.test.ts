import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SortKey } from '../../contract/catalogue';
import type { FacetKind } from './tables';
import { CatalogueIndex } from './catalogue-index';
import { collationOrder } from './collation';
import { CatalogueBuilder } from './read-index/build';
import type { IndexedItem } from './read-index/item';
import type { ActiveFilter, CategoryRow, IndexSource, ItemRow } from './read-index/types';
import { itemRow } from './index-test-source';

/** 40 colours: one colour is a few percent of the catalogue, so it is a selective filter. */
const colours = Array.from({ length: 40 }, (_, i) => (i === 0 ? 'gold' : `colour-${i}`));

const createdAt = new Map<string, string>();

function row(id: number, num: string): ItemRow {
  return itemRow({ id, num, category_num: 3, web_title: num, created_at: '2025-01-01T00:00:00.000Z' });
}

/** 3,000 items: big enough that filters are both common (walked) and selective (sorted). */
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
    items.push(
      itemRow({
        id,
        num: String(10000 + ((i * 7919) % 3000)),
        category_num: i % 5 === 0 ? 33 : i % 7 === 0 ? 4 : 3,
        web_title: `Balloon ${(i * 31) % 997}`,
        created_at: new Date(Date.UTC(2025, 0, 1) + ((i * 104729) % 500) * 86_400_000).toISOString(),
      }),
    );
    facets.push({ item_id: id, kind: 'color', name: colours[i % 40]!, link: colours[i % 40]! });
    if (i % 3 === 0) facets.push({ item_id: id, kind: 'color', name: colours[(i + 3) % 40]!, link: colours[(i + 3) % 40]! });
    if (i % 4 !== 0) facets.push({ item_id: id, kind: 'event', name: events[i % 4]!, link: events[i % 4]! });
  }
  for (const it of items) createdAt.set(it.num, it.created_at);
  return new CatalogueIndex({ catalogue: '1', stock: '1' }, { categories, items, facets, nvMemberships: [] });
}

const index = buildIndex();

const filterArb = fc.oneof(
  fc.subarray(colours, { minLength: 1, maxLength: 4 }).map((links): ActiveFilter => ({ kind: 'color' as FacetKind, links: new Set(links) })),
  fc.subarray(['birthday', 'wedding', 'graduation', 'christmas'], { minLength: 1, maxLength: 2 }).map((links): ActiveFilter => ({ kind: 'event' as FacetKind, links: new Set(links) })),
  fc.constant<ActiveFilter>({ kind: 'event', links: 'any' }),
);

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** The listing rule stated plainly: members of the category, in the sort's order, passing every filter. */
function plainPage(category: number, sort: SortKey, filters: ActiveFilter[], offset: number, limit: number) {
  const inCategory = (num: number): boolean => num === category || (num === 33 && category === 3);
  const byNum = (a: IndexedItem, b: IndexedItem) => collator.compare(a.num, b.num);
  const created = (it: IndexedItem) => createdAt.get(it.num)!;
  const order: Record<SortKey, (a: IndexedItem, b: IndexedItem) => number> = {
    num: byNum,
    title: (a, b) => collator.compare(a.title, b.title) || byNum(a, b),
    date: (a, b) => (created(a) < created(b) ? 1 : created(a) > created(b) ? -1 : byNum(a, b)),
  };
  const passing = index.items
    .filter((it) => inCategory(it.categoryNum))
    .filter((it) => filters.every((f) => (f.links === 'any' ? it.facets[f.kind].length > 0 : it.facets[f.kind].some((l) => (f.links as Set<string>).has(l)))))
    .sort(order[sort]);
  return { nums: passing.slice(offset, offset + limit).map((it) => it.num), total: passing.length };
}

describe('CatalogueIndex.categoryPage', () => {
  it('answers exactly what the plain rule answers, for any filters, sort and page', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(3, 33, 4),
        fc.constantFrom<SortKey>('date', 'num', 'title'),
        fc.array(filterArb, { minLength: 0, maxLength: 3 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 1, max: 100 }),
        (category, sort, filters, pageIndex, size) => {
          const offset = pageIndex * size;
          const fast = index.categoryPage(category, sort, filters, offset, size);
          const plain = plainPage(category, sort, filters, offset, size);
          expect(fast.total).toBe(plain.total);
          expect(fast.page.map((i) => i.num)).toEqual(plain.nums);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('filters a list of positions (a search result) the same way', () => {
    const members = index.categoryMembers(3, 'title');
    const filters: ActiveFilter[] = [{ kind: 'color', links: new Set(['gold', 'colour-3']) }, { kind: 'event', links: 'any' }];
    const { page, total } = index.page(members, filters, 5, 10);
    const plain = plainPage(3, 'title', filters, 5, 10);
    expect(total).toBe(plain.total);
    expect(page.map((i) => i.num)).toEqual(plain.nums);
  });
});

describe('CatalogueIndex items', () => {
  it('keeps each item\'s facet links in the order the rows came', () => {
    // Item 1 has gold, then colour-3: not alphabetical, so the order is the rows'.
    const item = index.items.find((it) => it.id === 1)!;
    expect(item.facets.color).toEqual(['gold', 'colour-3']);
    expect(index.items.filter((it) => it.facets.color.length === 2).every((it) => it.facets.color[0] === colours[(it.id - 1) % 40])).toBe(true);
  });

  it('gives back each item\'s code, title and picture as loaded, whichever window brought them', () => {
    const texts = ['', 'a', 'Crème 11" Gold', '😀 Ünicorn', 'x'.repeat(40), 'pic/é.jpg'];
    const rows = Array.from({ length: 60 }, (_, i) => ({ ...row(i + 1, `N${i}`), code: texts[i % 6]!, web_title: texts[(i + 1) % 6]!, picture: texts[(i + 3) % 6]! }));
    const builder = new CatalogueBuilder();
    for (const window of [rows.slice(0, 7), rows.slice(7, 8), [], rows.slice(8)]) builder.addItems(window);
    const built = new CatalogueIndex({ catalogue: '1', stock: '1' }, { categories: [], nvMemberships: [], items: builder });
    for (const r of rows) {
      const it = built.byNum.get(r.num)!;
      expect([it.code, it.title, it.picture]).toEqual([r.code, r.web_title, r.picture]);
    }
  });

  it('refreshes stock flags by item id without a rebuild', () => {
    const small = new CatalogueIndex({ catalogue: '1', stock: '1' }, { categories: [], items: [row(7, 'A7'), row(3, 'A3')], facets: [], nvMemberships: [] });
    small.updateStock('2', [{ id: 7, qty_fr: 0, qty_fh: 5, reserve_fr: 0, reserve_fh: 5 }]);
    expect(small.version).toBe('1.2.0');
    expect([small.byNum.get('A7')!.inWest, small.byNum.get('A7')!.inEast, small.byNum.get('A3')!.inWest]).toEqual([false, false, true]);
  });

  it('lays edited list fields over items in place, and refuses an edit that moves an item', () => {
    const small = new CatalogueIndex({ catalogue: '1', stock: '1' }, { categories: [], items: [row(7, 'A7'), row(3, 'A3')], facets: [], nvMemberships: [] });
    const place = small.byNum.get('A7')!.idx;
    expect(small.patchItems('5', [{ ...row(7, 'A7'), price_cents: 4321, srp_cents: 9999, is_new: 1, picture: '/p/new.jpg' }, { ...row(99, 'gone'), price_cents: 1 }])).toEqual({ positions: [place], retitled: false });
    const patched = small.byNum.get('A7')!;
    expect([patched.priceCents, patched.srpCents, patched.isNew, patched.picture, patched.idx]).toEqual([4321, 9999, true, '/p/new.jpg', place]);
    expect(small.items[place]).toBe(patched);
    expect(small.version).toBe('1.1.5');
    // A title moves the item in the title order only; a category or colour group would move it for real.
    const titled = () => Array.from(small.order.title, (p) => small.items[p]!.num);
    expect(titled()).toEqual(['A3', 'A7']);
    expect(small.patchItems('6', [{ ...row(3, 'A3'), web_title: 'Zebra' }])?.retitled).toBe(true);
    expect([titled(), small.byNum.get('A3')!.title, small.version]).toEqual([['A7', 'A3'], 'Zebra', '1.1.6']);
    expect(small.patchItems('7', [{ ...row(7, 'A7'), category_num: 9 }])).toBeNull();
    expect(small.patchItems('7', [{ ...row(7, 'A7'), color_group: 'G' }])).toBeNull();
    expect([small.byNum.get('A7')!.priceCents, small.version]).toEqual([4321, '1.1.6']);
  });
});

describe('collationOrder', () => {
  const text = fc.array(fc.constantFrom('a', 'B', 'é', 'ß', 'z', ' ', '-', '"', '0', '1', '9', '10', '007', 'Æ', 'x2', '.'), { maxLength: 6 }).map((cs) => cs.join(''));

  it('orders strings as a stable sort with the collator does, ties by rank', () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 60 }), (strings) => {
        const tie = Uint32Array.from(strings, (_, i) => (i * 7) % strings.length);
        const expected = strings.map((_, i) => i).sort((a, b) => collator.compare(strings[a]!, strings[b]!) || tie[a]! - tie[b]! || a - b);
        expect([...collationOrder(strings, tie)]).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe('CatalogueIndex depth-first numbering', () => {
  // Tree 1 > 11 > 111, 1 > 12, 2 > 21; NV collections 900 and 901; category 77 is unknown.
  const treeNums = [1, 11, 111, 12, 2, 21];
  const parentOf: Record<number, number> = { 1: 0, 11: 1, 111: 11, 12: 1, 2: 0, 21: 2, 900: 0, 901: 0 };
  const cats: CategoryRow[] = [21, 111, 2, 900, 12, 1, 901, 11].map((num) => ({
    num,
    description: `Category ${num}`,
    parent_num: parentOf[num]!,
    kind: num >= 900 ? 'nv' : 'tree',
    logo: '',
    be_cat: '',
  }));
  let seed = 11;
  const next = (k: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648) >>> 8) % k;
  const items: ItemRow[] = [];
  const facets: IndexSource['facets'] = [];
  const nv: IndexSource['nvMemberships'] = [];
  const shapes = ['round', 'heart', 'star', 'number'];
  for (let i = 0; i < 1500; i++) {
    const id = 1 + next(1_000_000) * 2 + (i % 2);
    if (items.some((it) => it.id === id)) continue;
    items.push({
      ...row(id, `N${next(400)}-${i}`),
      // A few numbers differ only in case: the collator ties them, and the tie falls by id.
      num: i % 50 === 0 ? `dup${i % 100 === 0 ? 'A' : 'a'}` : `N${next(400)}-${i}`,
      web_title: `Balloon ${next(60)}`,
      category_num: [...treeNums, 77][next(7)]!,
      created_at: new Date(Date.UTC(2025, 0, 1) + next(90) * 86_400_000).toISOString(),
      color_group: `g${next(30)}`,
    });
    facets.push({ item_id: id, kind: 'color', name: colours[next(40)]!, link: colours[next(40)]! });
    if (next(3) === 0) facets.push({ item_id: id, kind: 'color', name: colours[next(40)]!, link: colours[next(40)]! });
    if (next(2) === 0) facets.push({ item_id: id, kind: 'shape', name: shapes[next(4)]!, link: shapes[next(4)]! });
    if (next(4) === 0) nv.push({ category_num: 900, item_id: id });
    if (next(9) === 0) nv.push({ category_num: 901, item_id: id });
    if (next(40) === 0 && items[items.length - 1]!.category_num !== 12) nv.push({ category_num: 12, item_id: id });
  }
  // Rows in no particular order: the index orders by id itself.
  const shuffled = [...items].sort((a, b) => ((a.id * 7919) % 1009) - ((b.id * 7919) % 1009));
  const idx = new CatalogueIndex({ catalogue: '1', stock: '1' }, { categories: cats, items: shuffled, facets: [...facets].reverse(), nvMemberships: nv });
  const byId = [...items].sort((a, b) => a.id - b.id);
  const created = new Map(items.map((r) => [r.id, r.created_at]));

  const ancestors = (num: number): number[] => (num in parentOf ? [num, ...(parentOf[num] ? ancestors(parentOf[num]!) : [])] : []);
  const collections = new Set(nv.map((m) => `${m.category_num}:${m.item_id}`));
  const inCategory = (it: IndexedItem, cat: number) => ancestors(it.categoryNum).includes(cat) || collections.has(`${cat}:${it.id}`);
  const numOrder = (a: IndexedItem, b: IndexedItem) => collator.compare(a.num, b.num) || a.id - b.id;
  const sorts: Record<SortKey, (a: IndexedItem, b: IndexedItem) => number> = {
    num: numOrder,
    title: (a, b) => collator.compare(a.title, b.title) || numOrder(a, b),
    date: (a, b) => (created.get(a.id)! < created.get(b.id)! ? 1 : created.get(a.id)! > created.get(b.id)! ? -1 : numOrder(a, b)),
  };
  const rowsOf = new Map<number, IndexSource['facets']>();
  for (const f of facets) rowsOf.set(f.item_id, [...(rowsOf.get(f.item_id) ?? []), f]);
  const links = (it: IndexedItem, kind: FacetKind) => (rowsOf.get(it.id) ?? []).filter((f) => f.kind === kind).map((f) => f.link);

  it('puts each tree category with its descendants in one range of positions', () => {
    for (const cat of treeNums.filter((c) => c !== 12)) {
      const range = idx.categoryRange(cat)!;
      const members = idx.items.flatMap((it, p) => (ancestors(it.categoryNum).includes(cat) ? [p] : []));
      expect(range).toEqual({ lo: members[0], hi: members[members.length - 1]! + 1 });
      expect(members.length).toBe(range.hi - range.lo);
    }
    // Category 12 also holds NV-style members from elsewhere, and 900 is a scattered collection.
    expect(idx.categoryRange(12)).toBeNull();
    expect(idx.categoryRange(900)).toBeNull();
    expect(idx.items.every((it, p) => it.idx === p)).toBe(true);
    expect([...idx.idOrder].map((p) => idx.items[p]!.id)).toEqual(byId.map((r) => r.id));
  });

  it('lists any category, sort, filters and page as a plain filter of its items does', () => {
    const filter = fc.oneof(
      fc.subarray(colours, { minLength: 1, maxLength: 3 }).map((ls): ActiveFilter => ({ kind: 'color', links: new Set(ls) })),
      fc.subarray(shapes, { minLength: 1, maxLength: 2 }).map((ls): ActiveFilter => ({ kind: 'shape', links: new Set(ls) })),
      fc.constant<ActiveFilter>({ kind: 'shape', links: 'any' }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...treeNums, 900, 901),
        fc.constantFrom<SortKey>('date', 'num', 'title'),
        fc.array(filter, { minLength: 0, maxLength: 3 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 60 }),
        (cat, sort, filters, pageIndex, size) => {
          const passing = idx.items
            .filter((it) => inCategory(it, cat))
            .filter((it) => filters.every((f) => (f.links === 'any' ? links(it, f.kind).length > 0 : links(it, f.kind).some((l) => (f.links as Set<string>).has(l)))))
            .sort(sorts[sort]);
          const fast = idx.categoryPage(cat, sort, filters, pageIndex * size, size);
          expect(fast.total).toBe(passing.length);
          expect(fast.page.map((it) => it.id)).toEqual(passing.slice(pageIndex * size, pageIndex * size + size).map((it) => it.id));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('keeps id order where answers show it: colour groups, facet rows, stock by id', () => {
    for (const group of new Set(items.map((r) => r.color_group))) {
      expect(idx.colorGroups.get(group)!.map((it) => it.id)).toEqual(byId.filter((r) => r.color_group === group).map((r) => r.id));
    }
    for (const it of idx.items) expect(it.facets.color).toEqual(links(it, 'color').reverse());
    const target = byId[777]!;
    idx.updateStock('2', [{ id: target.id, qty_fr: 0, qty_fh: 3, reserve_fr: 0, reserve_fh: 0 }]);
    expect(idx.items.filter((it) => !it.inWest).map((it) => it.id)).toEqual([target.id]);
  });
});
