import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SortKey } from '../../contract/catalogue';
import { searchTerms } from '../platform/db/dialect';
import { CatalogueIndex } from './catalogue-index';
import { SCOPES, searchSource, vocabulary } from './index-test-source';
import type { IndexedItem } from './read-index/item';
import type { ActiveFilter, IndexSource, ItemRow } from './read-index/types';
import { SearchIndex } from './search-index';
import { searchableText, type SearchTextRow } from './search/words';
import { runNow } from './sliced';

/**
 * Titles, key words, codes and UPCs edited in place (`CatalogueIndex.patchItems` then
 * `SearchIndex.updateItems`, docs/decisions/0020) answer exactly what an index built afresh from
 * the edited catalogue answers: every listing's title order, and every search in every sort and
 * scope, with its distinct lists. Edits bring words no item had, drop words only they had, and
 * swap words between items.
 */

const SORTS: SortKey[] = ['date', 'num', 'title'];
/** Words the catalogue does not have, and prefixes of them. */
const NEW_WORDS = ['zeppelin', 'aardvark', 'redder', 'rosé', 'blu', 'q9'];

function build(items: ItemRow[], rows: SearchTextRow[], facets: ReturnType<typeof searchSource>['source']) {
  const index = new CatalogueIndex({ catalogue: '1', stock: '1' }, { ...facets, items });
  return { index, search: new SearchIndex(index, rows) };
}

const editArb = fc.record({
  at: fc.nat({ max: 1999 }),
  title: fc.array(fc.constantFrom(...vocabulary, ...NEW_WORDS), { minLength: 1, maxLength: 4 }).map((ws) => ws.join(' ')),
  keyWords: fc.constantFrom('', 'gold', 'zeppelin star', 'aardvark'),
  code: fc.constantFrom(undefined, 'Z-1', 'q9-77'),
});

const terms = [...vocabulary.flatMap((w) => searchTerms(w)), ...NEW_WORDS.flatMap((w) => searchTerms(w)), 'r', 're', 'a', 'z', 'q', '0', '07', 'c'];

/** Items whose number no other item has (the synthetic numbers are random; the shop's are unique). */
function uniques(items: ItemRow[]): number[] {
  const count = new Map<string, number>();
  for (const r of items) count.set(r.num, (count.get(r.num) ?? 0) + 1);
  return items.flatMap((r, i) => (count.get(r.num) === 1 ? [i] : []));
}

describe('editing titles and search text in place', () => {
  it('answers what a fresh build of the edited catalogue answers', () => {
    const { source, rows } = searchSource();
    const editable = uniques(source.items);
    fc.assert(
      fc.property(fc.array(editArb, { minLength: 1, maxLength: 6 }), fc.array(fc.constantFrom(...terms), { minLength: 1, maxLength: 2 }), (edits, query) => {
        const before = build(source.items, rows, source);
        // Warm caches first (bitsets of wide terms, distinct lists): they must follow the edit.
        for (const t of ['re', 'ro', 'ba', 'b', 'bl', 'st', ...query]) before.search.search([t], 'title');
        const items = source.items.map((r) => ({ ...r }));
        const searchRows = new Map(rows.map((r) => [r.id, { ...r }]));
        // Two edits one after the other: the second writes into the arrays the first replaced.
        const half = Math.ceil(edits.length / 2);
        for (const [round, batch] of [edits.slice(0, half), edits.slice(half)].entries()) {
          for (const e of batch) {
            const item = items[editable[e.at % editable.length]!]!;
            item.web_title = e.title;
            if (e.code) item.code = e.code;
            searchRows.set(item.id, { id: item.id, key_words: e.keyWords, upc: searchRows.get(item.id)?.upc ?? '' });
          }
          const edited = [...new Set(batch.map((e) => items[editable[e.at % editable.length]!]!))].map((r) => ({ ...r }));
          const patched = before.index.patchItems(String(2 + round), edited)!;
          expect(patched.positions).toHaveLength(edited.length);
          before.search.updateItems(
            patched.positions.map((pos) => {
              const r = edited.find((x) => x.num === before.index.items[pos]!.num)!;
              const s = searchRows.get(r.id)!;
              return { pos, text: searchableText(r.web_title, s.key_words, r.num, r.code, s.upc) };
            }),
          );
          // Searches between the two (bitsets cached under the first edit's word list).
          for (const t of ['re', 'ro', 'b', ...query]) before.search.search([t], 'title');
        }
        const fresh = build(items, [...searchRows.values()], source);
        const nums = (positions: ArrayLike<number>, index: CatalogueIndex) => Array.from(positions, (p) => index.items[p]!.num);
        expect(nums(before.index.order.title, before.index)).toEqual(nums(fresh.index.order.title, fresh.index));
        for (const scope of SCOPES) {
          if (scope !== undefined) expect(nums(before.index.categoryMembers(scope, 'title'), before.index)).toEqual(nums(fresh.index.categoryMembers(scope, 'title'), fresh.index));
          for (const sort of SORTS) {
            const got = before.search.search(query, sort, scope);
            const want = fresh.search.search(query, sort, scope);
            expect(nums(got.positions, before.index)).toEqual(nums(want.positions, fresh.index));
            expect(got.distincts.json).toBe(want.distincts.json);
            const page = before.search.searchPage(query, sort, scope, 5, 20);
            expect(nums(page.positions, before.index)).toEqual(nums(want.positions, fresh.index).slice(5, 25));
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('says when nothing searchable changed (a price edit), and then keeps everything as it was', () => {
    const { source, rows } = searchSource();
    const { index, search } = build(source.items, rows, source);
    const warm = search.search(['r'], 'title');
    const item = source.items[uniques(source.items)[10]!]!;
    const patched = index.patchItems('2', [{ ...item, price_cents: 1 }])!;
    const s = rows.find((r) => r.id === item.id)!;
    expect(search.updateItems(patched.positions.map((pos) => ({ pos, text: searchableText(item.web_title, s.key_words, item.num, item.code, s.upc) })))).toBe(false);
    expect(patched.retitled).toBe(false);
    expect([...search.search(['r'], 'title').positions]).toEqual([...warm.positions]);
  });

  it('answers as before while an edit is worked out step by step, and as a fresh build once it is put in place', () => {
    const { source, rows } = searchSource();
    const { index, search } = build(source.items, rows, source);
    const editable = uniques(source.items);
    const items = source.items.map((r) => ({ ...r }));
    const searchRows = new Map(rows.map((r) => [r.id, { ...r }]));
    const edited = (
      [
        [3, 'zeppelin red'],
        [50, 'aardvark'],
        [400, 'blue star rosé'],
        [1200, 'red'],
      ] as const
    ).map(([at, title]) => {
      const item = items[editable[at % editable.length]!]!;
      item.web_title = title;
      searchRows.set(item.id, { id: item.id, key_words: 'q9', upc: '' });
      return item;
    });
    const queries = [['zeppelin'], ['r'], ['re'], ['a'], ['q9'], ['blue', 'st']];
    const answers = (idx: CatalogueIndex, s: SearchIndex) => {
      const nums = (positions: ArrayLike<number>) => Array.from(positions, (p) => idx.items[p]!.num);
      return {
        version: idx.version,
        title: nums(idx.order.title),
        members: SCOPES.map((scope) => (scope === undefined ? [] : nums(idx.categoryMembers(scope, 'title')))),
        searches: queries.flatMap((q) => SORTS.flatMap((sort) => SCOPES.map((scope) => nums(s.search(q, sort, scope).positions)))),
      };
    };
    const before = answers(index, search);
    const patchSteps = index.planPatch(edited);
    let patch = patchSteps.next();
    for (; !patch.done; patch = patchSteps.next()) expect(answers(index, search)).toEqual(before);
    const plan = patch.value!;
    const wordSteps = search.planUpdate(
      plan.positions.map((pos) => {
        const r = edited.find((x) => x.num === index.items[pos]!.num)!;
        return { pos, text: searchableText(r.web_title, 'q9', r.num, r.code, '') };
      }),
    );
    let words = wordSteps.next();
    for (; !words.done; words = wordSteps.next()) expect(answers(index, search)).toEqual(before);
    expect(answers(index, search)).toEqual(before);
    plan.commit('2');
    words.value!();
    const fresh = build(items, [...searchRows.values()], source);
    fresh.index.changeSeq = '2';
    expect(answers(index, search)).toEqual(answers(fresh.index, fresh.search));
  });
});

/**
 * Structural edits (`CatalogueIndex.planShift` then `SearchIndex.planShift`, docs/decisions/0020
 * "positions shift"): items hidden, shown again, new, moved to another category, with other
 * facets, colour groups or collections. After each batch every answer equals a fresh build's.
 */
describe('taking items out of the index and putting them in', () => {
  type Search = SearchTextRow;
  type Facet = IndexSource['facets'][number];
  type Member = IndexSource['nvMemberships'][number];
  interface Catalogue {
    items: Map<number, ItemRow>;
    hidden: Map<number, ItemRow>;
    facets: Map<number, Facet[]>;
    members: Map<number, Member[]>;
    search: Map<number, Search>;
  }
  const COLOURS = ['red', 'royal-blue', 'gold', 'clear', 'pink', 'purple'];
  const GROUPS = ['', '', 'g1', 'g2', 'g3'];
  /** A colour's name as the catalogue has it ('royal-blue': 'Royal Blue'). */
  const named = (link: string) => link.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');

  const opArb = fc.record({
    kind: fc.constantFrom('hide', 'show', 'new', 'move', 'facets', 'group', 'collection', 'title'),
    at: fc.nat({ max: 100_000 }),
    category: fc.constantFrom(1, 11, 3, 77),
    colour: fc.constantFrom(...COLOURS),
    group: fc.constantFrom(...GROUPS),
    word: fc.constantFrom(...vocabulary, ...NEW_WORDS),
    position: fc.integer({ min: -1, max: 500 }),
    day: fc.nat({ max: 400 }),
  });
  type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

  const base = searchSource();
  const listedOnce = new Set(uniques(base.source.items));
  function catalogueOf(): Catalogue {
    const { source, rows } = base;
    const facets = new Map<number, Facet[]>();
    for (const f of source.facets) facets.set(f.item_id, [...(facets.get(f.item_id) ?? []), f]);
    const members = new Map<number, Member[]>();
    for (const m of source.nvMemberships) members.set(m.item_id, [...(members.get(m.item_id) ?? []), { ...m, position: m.item_id % 7 }]);
    const items = new Map(source.items.filter((_, i) => listedOnce.has(i)).map((r, i) => [r.id, { ...r, color_group: GROUPS[i % GROUPS.length]! }]));
    return { items, hidden: new Map(), facets, members, search: new Map(rows.map((r) => [r.id, r])) };
  }

  const categories = [...base.source.categories, { num: 77, description: 'Loose', parent_num: 0, kind: 'tree' as const, logo: '', be_cat: '' }];

  function fresh(c: Catalogue) {
    const items = [...c.items.values()];
    const source = {
      categories,
      items,
      facets: items.flatMap((r) => c.facets.get(r.id) ?? []),
      nvMemberships: items.flatMap((r) => c.members.get(r.id) ?? []),
    };
    const index = new CatalogueIndex({ catalogue: '1', stock: '1' }, source);
    return { index, search: new SearchIndex(index, [...c.search.values()]) };
  }

  /** Applies an op to the catalogue; answers the ids it changed. */
  function apply(c: Catalogue, op: Op, serial: number): number[] {
    const listed = [...c.items.keys()];
    const pick = listed[op.at % listed.length]!;
    const item = c.items.get(pick)!;
    switch (op.kind) {
      case 'hide':
        c.items.delete(pick);
        c.hidden.set(pick, item);
        return [pick];
      case 'show': {
        const hidden = [...c.hidden.keys()];
        if (hidden.length === 0) return [];
        const id = hidden[op.at % hidden.length]!;
        c.items.set(id, c.hidden.get(id)!);
        c.hidden.delete(id);
        return [id];
      }
      case 'new': {
        // Ids above and below the others (an import may bring back an old one).
        const id = op.at % 2 === 0 ? 100_000 + serial : 2_000 - serial;
        c.items.set(id, {
          ...item,
          id,
          num: `N${op.at}-${serial}`,
          code: `new-${serial}`,
          category_num: op.category,
          web_title: `${op.word} new`,
          color_group: op.group,
          created_at: new Date(Date.UTC(2025, 0, 1) + op.day * 86_400_000).toISOString(),
        });
        c.facets.set(id, [
          { item_id: id, kind: 'color', name: named(op.colour), link: op.colour },
          { item_id: id, kind: 'size', name: '', link: op.at % 3 === 0 ? '11"' : '36"' },
        ]);
        if (op.position >= 0) c.members.set(id, [{ category_num: 900, item_id: id, position: op.position }]);
        c.search.set(id, { id, key_words: op.word, upc: '' });
        return [id];
      }
      case 'move':
        c.items.set(pick, { ...item, category_num: op.category });
        return [pick];
      case 'facets': {
        const kept = (c.facets.get(pick) ?? []).filter((f) => f.kind !== 'color' && f.kind !== 'event');
        c.facets.set(pick, [{ item_id: pick, kind: 'color', name: named(op.colour), link: op.colour }, ...(op.position % 2 ? [{ item_id: pick, kind: 'event' as const, name: 'Wedding', link: 'wedding' }] : []), ...kept]);
        return [pick];
      }
      case 'group':
        c.items.set(pick, { ...item, color_group: op.group });
        return [pick];
      case 'collection':
        c.members.set(pick, op.position >= 0 ? [{ category_num: 900, item_id: pick, position: op.position }] : []);
        return [pick];
      case 'title':
        c.items.set(pick, { ...item, web_title: `${op.word} ${item.web_title}` });
        return [pick];
    }
  }

  /** Takes the changed items out and puts the listed ones back, as the service's poll does. */
  function shift(index: CatalogueIndex, search: SearchIndex, c: Catalogue, ids: number[], seq: string) {
    const active = [...new Set(ids)].filter((id) => c.items.has(id));
    const insert = active.map((id) => ({ row: { ...c.items.get(id)! }, facets: c.facets.get(id) ?? [], collections: (c.members.get(id) ?? []).map((m) => ({ category_num: m.category_num, position: m.position ?? 0 })) }));
    // The stored text of the items taken out (where it is the index's, their words are read from it).
    const textOf = (r: ItemRow) => {
      const t = c.search.get(r.id);
      return searchableText(r.web_title, t?.key_words ?? '', r.num, r.code, t?.upc ?? '');
    };
    const stored = new Map<number, string>();
    for (const id of ids) {
      const r = c.items.get(id) ?? c.hidden.get(id);
      if (r && index.positionOfId(id) >= 0) stored.set(index.positionOfId(id), textOf(r));
    }
    const plan = runNow(index.planShift(ids, insert))!;
    const words = runNow(
      search.planShift({
        ...plan,
        stored,
        inserted: insert.map((x, i) => {
          const s = c.search.get(x.row.id);
          return { pos: plan.inserted[i]!, text: searchableText(x.row.web_title, s?.key_words ?? '', x.row.num, x.row.code, s?.upc ?? '') };
        }),
      }),
    );
    plan.commit(seq);
    words();
  }

  const FILTERS: ActiveFilter[][] = [[], [{ kind: 'color', links: new Set(['red', 'purple']) }], [{ kind: 'color', links: 'any' }, { kind: 'size', links: new Set(['11"']) }], [{ kind: 'event', links: new Set(['wedding']) }]];

  /** Everything a buyer or the dashboard can ask the index, by item numbers. */
  function answers(index: CatalogueIndex, search: SearchIndex, query: string[]) {
    const nums = (positions: ArrayLike<number>) => Array.from(positions, (p) => index.items[p]!.num);
    const listed = (items: IndexedItem[]) => items.map((it) => it.num);
    const cats = [1, 11, 3, 77, 900];
    return {
      size: index.items.length,
      idx: index.items.every((it, p) => index.positionOfId(it.id) === p && index.byNum.get(it.num) === it),
      byId: nums(index.idOrder),
      orders: SORTS.map((sort) => nums(index.order[sort])),
      ranks: SORTS.map((sort) => index.order[sort].every((p, r) => index.rank[sort][p] === r)),
      members: cats.flatMap((cat) => [...SORTS, 'position' as const].map((sort) => nums(index.categoryMembers(cat, sort)))),
      ranges: cats.map((cat) => index.categoryRange(cat)),
      pages: cats.flatMap((cat) => SORTS.flatMap((sort) => FILTERS.map((f) => { const { page, total } = index.categoryPage(cat, sort, f, 3, 15); return [listed(page), total]; }))),
      distincts: cats.map((cat) => index.categoryDistinctsOnce(cat).json),
      whole: index.distincts(index.order.num),
      filterPage: FILTERS.map((f) => listed(index.page(index.order.title, f, 0, 30).page)),
      facets: [...index.idOrder].map((p) => index.items[p]!.facets),
      values: COLOURS.map((c) => index.hasFacetValue('color', c)),
      groups: GROUPS.map((g) => (index.colorGroups.get(g) ?? []).map((it) => it.num)),
      lowStock: index.lowStock.lowest(10_000).map((x) => x.invNum).sort(),
      searches: SCOPES.flatMap((scope) =>
        SORTS.flatMap((sort) => {
          const all = search.search(query, sort, scope);
          const page = search.searchPage(query, sort, scope, 2, 10);
          return [nums(all.positions), all.distincts.json, nums(page.positions), page.total, page.distincts.json];
        }),
      ),
      suggest: SORTS.map((sort) => nums(search.searchPage(['r'], sort, undefined, 0, 40).positions)),
    };
  }

  it('answers what a fresh build of the edited catalogue answers, batch after batch', () => {
    fc.assert(
      fc.property(fc.array(fc.array(opArb, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3 }), fc.array(fc.constantFrom(...terms), { minLength: 1, maxLength: 2 }), (batches, query) => {
        const c = catalogueOf();
        const { index, search } = fresh(c);
        let serial = 0;
        batches.forEach((batch, round) => {
          // Warm caches (search bitsets and distinct lists, category distinct lists) before each batch.
          answers(index, search, query);
          const ids = batch.flatMap((op) => apply(c, op, ++serial));
          shift(index, search, c, ids, String(2 + round));
          const want = fresh(c);
          expect(answers(index, search, query)).toEqual(answers(want.index, want.search, query));
        });
      }),
      { numRuns: 25 },
    );
  }, 180_000);

  it('answers as before while a shift is worked out step by step', () => {
    const c = catalogueOf();
    const { index, search } = fresh(c);
    const before = answers(index, search, ['re']);
    const ids = [apply(c, { kind: 'hide', at: 5, category: 1, colour: 'red', group: '', word: 'red', position: 0, day: 0 }, 1), apply(c, { kind: 'new', at: 8, category: 11, colour: 'purple', group: 'g9', word: 'zeppelin', position: 3, day: 9 }, 2)].flat();
    const insert = ids.filter((id) => c.items.has(id)).map((id) => ({ row: c.items.get(id)!, facets: c.facets.get(id) ?? [], collections: (c.members.get(id) ?? []).map((m) => ({ category_num: m.category_num, position: m.position ?? 0 })) }));
    const steps = index.planShift(ids, insert);
    let step = steps.next();
    for (; !step.done; step = steps.next()) expect(answers(index, search, ['re'])).toEqual(before);
    const plan = step.value!;
    const wordSteps = search.planShift({
      ...plan,
      inserted: insert.map((x, i) => ({ pos: plan.inserted[i]!, text: searchableText(x.row.web_title, 'zeppelin', x.row.num, x.row.code, '') })),
    });
    let words = wordSteps.next();
    for (; !words.done; words = wordSteps.next()) expect(answers(index, search, ['re'])).toEqual(before);
    plan.commit('2');
    words.value();
    const want = fresh(c);
    expect(answers(index, search, ['re'])).toEqual(answers(want.index, want.search, ['re']));
    expect(answers(index, search, ['zeppelin']).searches).toEqual(answers(want.index, want.search, ['zeppelin']).searches);
  });
});
