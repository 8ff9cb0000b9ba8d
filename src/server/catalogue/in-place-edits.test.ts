import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SortKey } from '../../contract/catalogue';
import { searchTerms } from '../db/dialect';
import { CatalogueIndex, type ItemRow } from './catalogue-index';
import { SCOPES, searchSource, vocabulary } from './index-test-source';
import { SearchIndex, searchableText, type SearchTextRow } from './search-index';

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
