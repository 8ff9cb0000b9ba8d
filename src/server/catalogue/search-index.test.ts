import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SortKey } from '../../contract/catalogue';
import { searchTerms } from '../platform/db/dialect';
import type { FacetKind } from './tables';
import { CatalogueIndex } from './catalogue-index';
import type { DistinctLists } from './facet-table';
import { searchSource, vocabulary } from './index-test-source';
import { SearchIndex } from './search-index';
import { itemWords } from './search/words';

/** The synthetic catalogue, its index and search index, and each item's searchable text by position. */
function buildCatalogue(): { index: CatalogueIndex; search: SearchIndex; texts: string[] } {
  const { source, rows } = searchSource();
  const index = new CatalogueIndex({ catalogue: '1', stock: '1' }, source);
  const extra = new Map(rows.map((r) => [r.id, r]));
  const texts = index.items.map((it) => {
    const e = extra.get(it.id);
    return `${it.title} ${e?.key_words ?? ''} ${it.num} ${it.code} ${e?.upc ?? ''}`;
  });
  return { index, search: new SearchIndex(index, rows), texts };
}

const { index, search, texts } = buildCatalogue();
const words = texts.map((t) => itemWords(t));

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** The distinct lists stated plainly: each value present among the items, with its count, by name. */
function plainDistincts(positions: ArrayLike<number>): DistinctLists {
  const counts = new Map<FacetKind, Map<string, number>>();
  for (const p of Array.from(positions)) {
    for (const [kind, links] of Object.entries(index.items[p]!.facets) as [FacetKind, string[]][]) {
      const m = counts.get(kind) ?? new Map<string, number>();
      for (const link of links) m.set(link, (m.get(link) ?? 0) + 1);
      counts.set(kind, m);
    }
  }
  const entries = (kind: FacetKind) => [...(counts.get(kind) ?? new Map<string, number>())].map(([link, count]) => ({ link, count, name: index.facetNames.get(kind)!.get(link)! }));
  const byName = (a: { name: string; link: string }, b: { name: string; link: string }) => collator.compare(a.name, b.name) || (a.link < b.link ? -1 : 1);
  const named = (kind: FacetKind) => entries(kind).sort(byName).map(({ name, link, count }) => ({ name, link, count }));
  const plain = (kind: FacetKind) => entries(kind).map((e) => e.link).sort((a, b) => collator.compare(a, b) || (a < b ? -1 : 1));
  return {
    distinctEvents: named('event'),
    distinctMessages: named('message'),
    distinctThemes: named('theme'),
    distinctShapes: named('shape'),
    distinctColors: named('color'),
    distinctSizes: plain('size'),
    distinctPoscats: entries('poscat').sort(byName).map((e) => ({ poscatNum: e.link, poscatName: e.name, count: e.count })),
    distinctDimensions: plain('dimension'),
  };
}

/** The rule stated plainly: every term starts some word of the item. */
function reference(terms: string[], sort: SortKey, scope?: number): number[] {
  if (terms.length === 0) return [];
  const inScope = scope === undefined ? null : new Set(index.categoryMembers(scope, 'date'));
  const rank = index.rank[sort];
  return words
    .flatMap((ws, p) => (terms.every((t) => ws.some((w) => w.startsWith(t))) && (!inScope || inScope.has(p)) ? [p] : []))
    .sort((a, b) => rank[a]! - rank[b]!);
}

const termArb = fc.oneof(
  fc.constantFrom(...vocabulary.flatMap((w) => searchTerms(w))).chain((w) => fc.integer({ min: 1, max: w.length }).map((k) => w.slice(0, k))),
  fc.stringMatching(/^[a-z0-9]{1,3}$/),
  fc.constantFrom('c', '0', '07', '1', 'zeppelin', 'redw', 'stra', 'e'),
);

describe('SearchIndex', () => {
  it('answers exactly what the plain rule answers, in sort order, for any terms and scope', () => {
    fc.assert(
      fc.property(
        fc.array(termArb, { minLength: 0, maxLength: 4 }),
        fc.constantFrom<SortKey>('date', 'num', 'title'),
        fc.constantFrom(undefined, 1, 11, 3, 900),
        (terms, sort, scope) => {
          const answer = search.search(terms, sort, scope);
          const expected = reference(terms, sort, scope);
          expect([...answer.positions]).toEqual(expected);
          expect(answer.distincts.lists).toEqual(plainDistincts(expected));
          expect(JSON.parse(`{${answer.distincts.json}}`)).toEqual(answer.distincts.lists);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('answers a page as the full answer cut to that page, with the same total and distinct lists', () => {
    fc.assert(
      fc.property(
        fc.array(termArb, { minLength: 0, maxLength: 3 }),
        fc.constantFrom<SortKey>('date', 'num', 'title'),
        fc.constantFrom(undefined, 1, 11, 3, 900),
        fc.integer({ min: 0, max: 1200 }),
        fc.constantFrom(1, 20, 100),
        (terms, sort, scope, offset, limit) => {
          const page = search.searchPage(terms, sort, scope, offset, limit);
          const expected = reference(terms, sort, scope);
          expect([...page.positions]).toEqual(expected.slice(offset, offset + limit));
          expect(page.total).toBe(expected.length);
          expect(page.distincts.json).toBe(search.search(terms, sort, scope).distincts.json);
        },
      ),
      { numRuns: 600 },
    );
    // Each way of putting a page in order: a wide term walked, a list walked, a list sorted by rank.
    for (const terms of [['r'], ['b', 'r'], ['redwood'], ['royal', 'b'], ['x'], ['zzz']]) {
      for (const offset of [0, 19, 20, 500]) {
        const full = [...search.search(terms, 'title').positions];
        expect([...search.searchPage(terms, 'title', undefined, offset, 20).positions]).toEqual(full.slice(offset, offset + 20));
        expect([...search.searchPage(terms, 'num', 11, offset, 20).positions]).toEqual([...search.search(terms, 'num', 11).positions].slice(offset, offset + 20));
      }
    }
  });

  it('finds words the way the full-text indexes tokenise them', () => {
    const nums = (text: string) => [...search.search(searchTerms(text), 'num').positions].map((p) => index.items[p]!.num);
    const withText = (pred: (text: string) => boolean) =>
      index.items.filter((it) => pred(texts[it.idx]!)).sort((a, b) => index.rank.num[a.idx]! - index.rank.num[b.idx]!).map((it) => it.num);
    // Accents are ignored, in the text and in the query; "ß" is a letter, so "straße" is one word.
    expect(nums('creme')).toEqual(withText((t) => t.includes('crème')));
    expect(nums('CRÈM')).toEqual(withText((t) => t.includes('crème')));
    expect(nums('unicorn')).toEqual(withText((t) => t.includes('Ünicorn')));
    expect(nums('stra e')).toEqual([]);
    expect(nums('16i')).toEqual(withText((t) => t.includes('16in')));
    expect(nums('')).toEqual([]);
  });

  it('counts facet values of a search result as the listing index does', () => {
    const all = search.search(['r'], 'title');
    expect(all.positions.length).toBeGreaterThan(500);
    expect(search.distincts(all.positions)).toEqual(index.distincts(all.positions));
    expect(index.distincts(all.positions)).toEqual(plainDistincts(all.positions));
    expect(all.distincts.lists.distinctColors.map((c) => c.name)).toEqual([...all.distincts.lists.distinctColors.map((c) => c.name)].sort());
  });
});
