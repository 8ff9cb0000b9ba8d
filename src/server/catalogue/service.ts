import type { PriceView } from './pricing/price-book';
import type { Kysely } from 'kysely';
import {
  CATALOGUE,
  type Category,
  type FilterParam,
  type FilterSelection,
  type ItemDetail,
  type ListingQuery,
  type ListingSort,
  type SearchSortKey,
} from '../../contract/catalogue';
import type { DialectOps } from '../platform/db/dialect';
import { searchTerms } from '../platform/db/dialect';
import type { DB } from '../platform/db/schema';
import type { FacetKind } from './tables';
import { Invalid, NotFound } from '../platform/errors';
import { CatalogueIndex } from './catalogue-index';
import type { Distincts } from './facet-table';
import { itemDetail } from './item-detail';
import { stockChangedSince } from '../stock';
import * as q from './queries';
import { CatalogueBuilder } from './read-index/build';
import type { IndexedItem } from './read-index/item';
import { listItemJson } from './read-index/json';
import type { ActiveFilter, IndexedCategory } from './read-index/types';
import { SearchIndex } from './search-index';
import type { Synonyms } from './search/forgiving';
import type { SearchAnswer } from './search/queries';
import { listSynonyms, loadSynonyms, saveSynonyms } from './search-synonyms';
import type { SearchSynonym } from '../../contract/admin/search-synonyms';
import type { Actor } from '../platform/audit/audit';
import { SearchWords, searchableText } from './search/words';
import { STRUCTURAL_LIMIT } from './change-feed';
import { runSliced } from './sliced';

const filterKinds: Record<FilterParam, { kind: FacetKind; label: string }> = {
  color: { kind: 'color', label: 'color' },
  sizes: { kind: 'size', label: 'size' },
  events: { kind: 'event', label: 'event' },
  messages: { kind: 'message', label: 'message' },
  poscat: { kind: 'poscat', label: 'category' },
  shapes: { kind: 'shape', label: 'shape' },
  themes: { kind: 'theme', label: 'theme' },
};

const SEARCH_CACHE_SIZE = 500;
/** Item positions all cached search results may hold together (4 bytes each): 16 MB. */
const SEARCH_CACHE_POSITIONS = 4_000_000;

/** A `PagedItems` answer already serialised as JSON, sent as it is. */
export class PagedItemsJson {
  constructor(readonly text: string) {}
}

/**
 * The catalogue's rules. Reads are answered from the in-memory index; the index is rebuilt when
 * the catalogue version in the database changes, and its stock flags follow the stock sequence
 * (both polled, so every process sees an import or a checkout).
 */
export class CatalogueService {
  private index: CatalogueIndex | null = null;
  private loading: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Built with `index` from the same rows; answers search from memory. */
  private searchIndex: SearchIndex | null = null;
  private searchCache = new Map<string, SearchAnswer>();
  private searchCachePositions = 0;
  /** The search synonyms (search-synonyms.ts) and the version they were read at. */
  private synonyms: Synonyms = new Map();
  private synonymsVersion = '';

  constructor(
    private readonly db: Kysely<DB>,
    private readonly ops: DialectOps,
    /** Told of a shift that failed (a rebuild follows). */
    private readonly onShiftError: (err: unknown) => void = (err) => console.error('catalogue: shift failed, rebuilding', err),
  ) {}

  current(): CatalogueIndex {
    if (!this.index) throw new Error('Catalogue index used before refresh()');
    return this.index;
  }

  /** Rebuilds the index if the database holds a newer catalogue version. */
  refresh(): Promise<void> {
    this.loading ??= this.load().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /**
   * After a write this process made (committed): the index then shows it. A load already under
   * way may have read the versions before the commit, so it is awaited and a new one started.
   */
  async refreshAfterWrite(): Promise<void> {
    if (this.loading) await this.loading.catch(() => {});
    await this.refresh();
  }

  private async load(): Promise<void> {
    const versions = await q.readVersions(this.db);
    if (versions.synonyms !== this.synonymsVersion) {
      this.synonyms = await loadSynonyms(this.db);
      this.synonymsVersion = versions.synonyms;
      this.searchCache = new Map();
      this.searchCachePositions = 0;
      if (this.index) this.index.synonymsVersion = versions.synonyms;
    }
    if (this.index && this.index.catalogueVersion === versions.catalogue && (await this.patch(this.index, versions))) {
      if (this.index.stockVersion !== versions.stock) {
        // Only the items changed since the index's sequence: a checkout touches a handful.
        this.index.updateStock(versions.stock, await stockChangedSince(this.db, Number(this.index.stockVersion)));
      }
      return;
    }
    const [categories, nvMemberships] = await Promise.all([q.loadCategories(this.db), q.loadNvMemberships(this.db)]);
    // Item rows come a window at a time and are folded into compact tables as they arrive.
    const items = new CatalogueBuilder();
    const words = new SearchWords();
    for await (const window of q.activeItemWindows(this.db)) {
      items.addItems(window.items);
      items.addFacets(window.facets);
      for (const r of window.items) words.add(searchableText(r.web_title, r.key_words, r.num, r.code, r.upc));
      // A rebuild of a big catalogue takes seconds: requests are served between windows.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const index = new CatalogueIndex(versions, { categories, nvMemberships, items });
    const search = new SearchIndex(index, words);
    // The typo words' neighbourhood, now rather than on the first search with a typo (0044).
    search.prepareTypos();
    this.searchIndex = search;
    index.synonymsVersion = this.synonymsVersion;
    this.index = index;
    this.searchCache = new Map();
    this.searchCachePositions = 0;
  }

  /**
   * Lays the items edited since the index's change sequence over it (docs/decisions/0020); false
   * when an edit needs a rebuild after all.
   */
  private async patch(index: CatalogueIndex, versions: q.CatalogueVersions): Promise<boolean> {
    if (index.changeSeq === versions.changes) return true;
    const { structural, items: rows } = await q.loadChangedItems(this.db, Number(index.changeSeq));
    if (structural.length > STRUCTURAL_LIMIT) return false;
    if (structural.length > 0) return this.shift(index, versions, { structural, items: rows });
    // The new title orders and search words are worked out in slices, requests answered between
    // them (at 500,000 items that is tens of milliseconds of work), then put in place together
    // in one synchronous step: no request sees half an edit, and no answer cached under the new
    // version shows the old words (catalogue/sliced.ts).
    const plan = await runSliced(index.planPatch(rows));
    if (!plan) return false;
    // A title, key words, code or UPC edited in place: the search index's words follow, and
    // cached search answers (positions in a sort order) go.
    const byNum = new Map(rows.map((r) => [r.num, r]));
    const texts = plan.positions.map((pos) => {
      const r = byNum.get(index.items[pos]!.num)!;
      return { pos, text: searchableText(r.web_title, r.key_words, r.num, r.code, r.upc) };
    });
    const words = this.searchIndex ? await runSliced(this.searchIndex.planUpdate(texts)) : null;
    plan.commit(versions.changes);
    words?.();
    if (words || plan.retitled) {
      this.searchCache = new Map();
      this.searchCachePositions = 0;
    }
    return true;
  }

  /**
   * Edits that moved items in the index (hidden, shown again, new, another category, facets,
   * colour group, collections): every item edited since the index's sequence is taken out and
   * the active ones are put back in place (`CatalogueIndex.planShift`, the search words following
   * through the same map of positions), worked out in slices and put in place in one step, as
   * `patch` does. False when the index cannot take them so (a rebuild follows).
   */
  private async shift(index: CatalogueIndex, versions: q.CatalogueVersions, changed: Awaited<ReturnType<typeof q.loadChangedItems>>): Promise<boolean> {
    const { structural, items: rows } = changed;
    const { facets, collections } = await q.loadPlacements(
      this.db,
      rows.map((r) => r.id),
    );
    // A facet value whose name differs from the one the index holds: a fresh build would name it
    // after the last row it read, which only a rebuild knows.
    const names = index.facetNames;
    if (facets.some((f) => (names.get(f.kind)?.get(f.link) ?? f.name) !== f.name)) return false;
    const insert = rows.map((row) => ({
      row,
      facets: facets.filter((f) => f.item_id === row.id),
      collections: collections.filter((m) => m.item_id === row.id),
    }));
    if (!this.searchIndex) return false;
    // The stored text of the items taken out, by their position now (before the plan moves them).
    const stored = new Map<number, string>();
    for (const r of structural) {
      const pos = index.positionOfId(r.item_id);
      if (pos >= 0 && r.num !== null) stored.set(pos, searchableText(r.web_title!, r.key_words!, r.num, r.code!, r.upc!));
    }
    for (const r of rows) {
      const pos = index.positionOfId(r.id);
      if (pos >= 0) stored.set(pos, searchableText(r.web_title, r.key_words, r.num, r.code, r.upc));
    }
    const search = this.searchIndex;
    try {
      const plan = await runSliced(index.planShift([...structural.map((r) => r.item_id), ...rows.map((r) => r.id)], insert));
      const words = await runSliced(
        search.planShift({
          ...plan,
          stored,
          inserted: rows.map((r, i) => ({ pos: plan.inserted[i]!, text: searchableText(r.web_title, r.key_words, r.num, r.code, r.upc) })),
        }),
      );
      plan.commit(versions.changes);
      words();
    } catch (err) {
      // A shift that fails (a check in its steps, say) must not leave this process behind for
      // good, retrying it at every poll: the rebuild that follows replaces both indexes.
      this.onShiftError(err);
      return false;
    }
    this.searchCache = new Map();
    this.searchCachePositions = 0;
    return true;
  }

  /** Checks for a new catalogue version every `ms` milliseconds. */
  startPolling(ms = 1000, onError: (err: unknown) => void = () => {}): void {
    this.stop();
    this.timer = setInterval(() => this.refresh().catch(onError), ms);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  // ---- categories -----------------------------------------------------------------------

  mainCategories(): Category[] {
    return [...this.current().categories.values()].filter((c) => c.kind === 'tree' && c.parentNum === 0).map(publicCategory);
  }

  childCategories(parentNum: number): Category[] {
    const parent = this.findCategory(parentNum);
    return parent.children.map((n) => publicCategory(this.current().categories.get(n)!));
  }

  nvCategories(): Category[] {
    return [...this.current().categories.values()].filter((c) => c.kind === 'nv').map(publicCategory);
  }

  categoryInfo(num: number): Category {
    return publicCategory(this.findCategory(num));
  }

  private findCategory(num: number, kind?: 'tree' | 'nv'): IndexedCategory {
    const c = this.current().categories.get(num);
    if (!c || (kind && c.kind !== kind)) throw new NotFound(`Category ${num} not found`);
    return c;
  }

  // ---- listings -------------------------------------------------------------------------

  listCategory(query: Omit<ListingQuery, 'sort'> & { sort: ListingSort }, prices: PriceView | null, kind: 'tree' | 'nv' = 'tree'): PagedItemsJson {
    const index = this.current();
    this.findCategory(query.categoryNum, kind);
    const filters = this.activeFilters(query);
    const offset = (query.page - 1) * query.pageSize;
    const { page, total } = index.categoryPage(query.categoryNum, query.sort, filters, offset, query.pageSize);
    return this.answer(page, total, index.categoryDistinctsOnce(query.categoryNum), query, prices);
  }

  /**
   * Items whose searchable text has every term as a word or word prefix (the database full-text
   * search's rule, answered from the in-memory search index), optionally within a category.
   */
  search(
    query: Omit<ListingQuery, 'categoryNum' | 'sort'> & { searchtext: string; categoryNum?: number; sort: SearchSortKey },
    prices: PriceView | null,
    scopeKind: 'tree' | 'nv' = 'tree',
  ): PagedItemsJson {
    if (query.categoryNum !== undefined) this.findCategory(query.categoryNum, scopeKind);
    const filters = this.activeFilters(query);
    if (filters.length === 0) {
      // Only the page is put in order: no array of every match per request (0007).
      if (!this.searchIndex) throw new Error('Search index used before refresh()');
      const index = this.current();
      const offset = (query.page - 1) * query.pageSize;
      const forgiven = this.searchIndex.forgive(query.searchtext, this.synonyms);
      const found =
        query.sort === 'relevance'
          ? this.searchIndex.relevancePage(forgiven, query.searchtext, query.categoryNum, offset, query.pageSize)
          : this.searchIndex.searchPage(forgiven.terms, query.sort, query.categoryNum, offset, query.pageSize);
      return this.answer(Array.from(found.positions, (p) => index.items[p]!), found.total, found.distincts, query, prices, forgiven.didYouMean);
    }
    const result = this.searchResult(query.searchtext, query.sort, query.categoryNum);
    return this.pageOf(result.positions, result.distincts, filters, query, prices, result.didYouMean);
  }

  /** The search synonyms staff keep (decision 0044). */
  synonymList(): Promise<SearchSynonym[]> {
    return listSynonyms(this.db);
  }

  /** Replaces the search synonyms; this process searches with them at once, the others on their next poll. */
  async saveSynonyms(actor: Actor, list: readonly SearchSynonym[]): Promise<SearchSynonym[]> {
    await saveSynonyms(this.db, actor, list);
    await this.refreshAfterWrite();
    return listSynonyms(this.db);
  }

  /** Numbers of the active items a search finds (number, title, key words, code, UPC), at most `limit`, by item number. */
  findItemNums(text: string, limit: number): string[] {
    if (!this.searchIndex) throw new Error('Search index used before refresh()');
    const index = this.current();
    const found = this.searchIndex.searchPage(searchTerms(text), 'num', undefined, 0, limit);
    return Array.from(found.positions, (p) => index.items[p]!.num);
  }

  private searchResult(text: string, sort: SearchSortKey, scope?: number): SearchAnswer & { didYouMean?: string } {
    const terms = searchTerms(text);
    // The text as typed, too: an exact item number ranks first by relevance.
    const key = `${scope ?? ''}|${sort}|${terms.join(' ')}|${text.trim()}`;
    const cached = this.searchCache.get(key);
    if (cached) {
      // Map order is insertion order: re-inserting keeps recently used entries last.
      this.searchCache.delete(key);
      this.searchCache.set(key, cached);
      return cached;
    }
    if (!this.searchIndex) throw new Error('Search index used before refresh()');
    const forgiven = this.searchIndex.forgive(text, this.synonyms);
    const answer = sort === 'relevance' ? this.searchIndex.relevance(forgiven, text, scope) : this.searchIndex.search(forgiven.terms, sort, scope);
    const result = forgiven.didYouMean === undefined ? answer : { ...answer, didYouMean: forgiven.didYouMean };
    this.searchCache.set(key, result);
    this.searchCachePositions += result.positions.length;
    while (this.searchCache.size > SEARCH_CACHE_SIZE || (this.searchCachePositions > SEARCH_CACHE_POSITIONS && this.searchCache.size > 1)) {
      const oldest = this.searchCache.keys().next().value!;
      this.searchCachePositions -= this.searchCache.get(oldest)!.positions.length;
      this.searchCache.delete(oldest);
    }
    return result;
  }

  private pageOf(
    positions: ArrayLike<number>,
    distincts: Distincts,
    filters: ActiveFilter[],
    query: { page: number; pageSize: number },
    prices: PriceView | null,
    didYouMean?: string,
  ): PagedItemsJson {
    const offset = (query.page - 1) * query.pageSize;
    const { page, total } = this.current().page(positions, filters, offset, query.pageSize);
    return this.answer(page, total, distincts, query, prices, didYouMean);
  }

  /**
   * A `PagedItems` answer written as JSON text: the page's items, then the distinct lists that
   * were serialised once for the category or search. Same bytes as JSON.stringify of the object.
   */
  private answer(page: IndexedItem[], total: number, distincts: Distincts, query: { page: number; pageSize: number }, prices: PriceView | null, didYouMean?: string): PagedItemsJson {
    const items = page.map((it) => listItemJson(it, prices)).join(',');
    const counts = `"numberOfItems":${page.length},"pageSize":${query.pageSize},"pageNumber":${query.page},"totalNumberOfItems":${total}`;
    const suggestion = didYouMean === undefined ? '' : `,"didYouMean":${JSON.stringify(didYouMean)}`;
    return new PagedItemsJson(`{"items":[${items}],${counts},${distincts.json}${suggestion}}`);
  }

  /** Turns the filter parameters into index filters; an unknown value is a 400, not an empty page. */
  private activeFilters(selection: FilterSelection): ActiveFilter[] {
    const index = this.current();
    const filters: ActiveFilter[] = [];
    for (const param of CATALOGUE.filterParams) {
      const values = selection[param];
      if (values.length === 0) continue;
      const { kind, label } = filterKinds[param];
      if (values.includes(CATALOGUE.anyValue)) {
        filters.push({ kind, links: 'any' });
        continue;
      }
      for (const v of values) {
        if (!index.hasFacetValue(kind, v)) throw new Invalid(`Unknown ${label} filter value: ${v}`);
      }
      filters.push({ kind, links: new Set(values) });
    }
    return filters;
  }

  // ---- item detail ----------------------------------------------------------------------

  /** Read from the database on each call (docs/decisions/0009-item-detail.md); no copy is kept. */
  itemDetail(num: string, prices: PriceView | null): Promise<ItemDetail> {
    return itemDetail(this.db, this.current(), num, prices);
  }
}

function publicCategory(c: IndexedCategory): Category {
  return { num: c.num, description: c.description, parentNum: c.parentNum, parentOnly: c.parentOnly, logo: c.logo, beCat: c.beCat, seoTitle: c.seoTitle, seoDescription: c.seoDescription };
}
