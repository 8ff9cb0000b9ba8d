import type { Kysely } from 'kysely';
import sanitizeHtml from 'sanitize-html';
import {
  CATALOGUE,
  type Category,
  type FilterParam,
  type FilterSelection,
  type ItemDetail,
  type ListingQuery,
  type PagedItems,
  type SortKey,
} from '../../contract/catalogue';
import type { DialectOps } from '../db/dialect';
import { searchTerms } from '../db/dialect';
import type { DB, FacetKind } from '../db/schema';
import { Invalid, NotFound } from '../errors';
import { type ActiveFilter, CatalogueIndex, type DistinctLists, type IndexedCategory, type IndexedItem, toListItem } from './catalogue-index';
import * as q from './queries';
import { type SearchAnswer, SearchIndex } from './search-index';

const filterKinds: Record<FilterParam, { kind: FacetKind; label: string }> = {
  color: { kind: 'color', label: 'color' },
  sizes: { kind: 'size', label: 'size' },
  events: { kind: 'event', label: 'event' },
  messages: { kind: 'message', label: 'message' },
  poscat: { kind: 'poscat', label: 'category' },
  shapes: { kind: 'shape', label: 'shape' },
  themes: { kind: 'theme', label: 'theme' },
};

/** Product info is operator-entered HTML; only simple formatting survives on the way out. */
const productInfoPolicy: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'h3', 'h4', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'span'],
  allowedAttributes: {},
};

const SEARCH_CACHE_SIZE = 500;
/** Item positions all cached search results may hold together (4 bytes each): 16 MB. */
const SEARCH_CACHE_POSITIONS = 4_000_000;
const DETAIL_CACHE_SIZE = 2000;

/**
 * The catalogue's rules. Reads are answered from the in-memory index; the index is rebuilt when
 * the catalogue version in the database changes (polled, so every process sees an import).
 */
export class CatalogueService {
  private index: CatalogueIndex | null = null;
  private loading: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** Built with `index` from the same rows; answers search from memory. */
  private searchIndex: SearchIndex | null = null;
  private searchCache = new Map<string, SearchAnswer>();
  private searchCachePositions = 0;
  private detailCache = new Map<string, ItemDetail>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly ops: DialectOps,
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

  private async load(): Promise<void> {
    const versions = await q.readVersions(this.db);
    if (this.index && this.index.catalogueVersion === versions.catalogue) {
      if (this.index.stockVersion !== versions.stock) {
        this.index.updateStock(versions.stock, await q.loadStock(this.db));
        this.detailCache = new Map();
      }
      return;
    }
    const [categories, items, facets, nvMemberships, searchText] = await Promise.all([
      q.loadCategories(this.db),
      q.loadActiveItems(this.db),
      q.loadFacets(this.db),
      q.loadNvMemberships(this.db),
      q.loadSearchText(this.db),
    ]);
    const index = new CatalogueIndex(versions, { categories, items, facets, nvMemberships });
    this.searchIndex = new SearchIndex(index, searchText);
    this.index = index;
    this.searchCache = new Map();
    this.searchCachePositions = 0;
    this.detailCache = new Map();
  }

  /** Checks for a new catalogue version every `ms` milliseconds. */
  startPolling(ms = 2000, onError: (err: unknown) => void = () => {}): void {
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

  listCategory(query: ListingQuery, priced: boolean, kind: 'tree' | 'nv' = 'tree'): PagedItems {
    const index = this.current();
    this.findCategory(query.categoryNum, kind);
    const filters = this.activeFilters(query);
    const offset = (query.page - 1) * query.pageSize;
    const { page, total } = index.categoryPage(query.categoryNum, query.sort, filters, offset, query.pageSize);
    return this.answer(page, total, index.categoryDistincts(query.categoryNum), query, priced);
  }

  /**
   * Items whose searchable text has every term as a word or word prefix (the database full-text
   * search's rule, answered from the in-memory search index), optionally within a category.
   */
  search(
    query: Omit<ListingQuery, 'categoryNum'> & { searchtext: string; categoryNum?: number },
    priced: boolean,
    scopeKind: 'tree' | 'nv' = 'tree',
  ): PagedItems {
    if (query.categoryNum !== undefined) this.findCategory(query.categoryNum, scopeKind);
    const filters = this.activeFilters(query);
    const result = this.searchResult(query.searchtext, query.sort, query.categoryNum);
    return this.pageOf(result.positions, result.distincts, filters, query, priced);
  }

  private searchResult(text: string, sort: SortKey, scope?: number): SearchAnswer {
    const terms = searchTerms(text);
    const key = `${scope ?? ''}|${sort}|${terms.join(' ')}`;
    const cached = this.searchCache.get(key);
    if (cached) {
      // Map order is insertion order: re-inserting keeps recently used entries last.
      this.searchCache.delete(key);
      this.searchCache.set(key, cached);
      return cached;
    }
    if (!this.searchIndex) throw new Error('Search index used before refresh()');
    const result = this.searchIndex.search(terms, sort, scope);
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
    distincts: DistinctLists,
    filters: ActiveFilter[],
    query: { page: number; pageSize: number },
    priced: boolean,
  ): PagedItems {
    const offset = (query.page - 1) * query.pageSize;
    const { page, total } = this.current().page(positions, filters, offset, query.pageSize);
    return this.answer(page, total, distincts, query, priced);
  }

  private answer(page: IndexedItem[], total: number, distincts: DistinctLists, query: { page: number; pageSize: number }, priced: boolean): PagedItems {
    return {
      items: page.map((it) => toListItem(it, priced)),
      numberOfItems: page.length,
      pageSize: query.pageSize,
      pageNumber: query.page,
      totalNumberOfItems: total,
      ...distincts,
    };
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

  async itemDetail(num: string, priced: boolean): Promise<ItemDetail> {
    const index = this.current();
    const item = index.byNum.get(num);
    if (!item) throw new NotFound(`Item ${num} not found`);
    let detail = this.detailCache.get(num);
    if (!detail) {
      const row = await q.loadItemDetailRow(this.db, num);
      if (!row) throw new NotFound(`Item ${num} not found`);
      const [attributes, suggested] = await Promise.all([q.loadItemAttributes(this.db, row.id), q.loadItemSuggestions(this.db, row.id)]);
      const colorNames = index.facetNames.get('color')!;
      detail = {
        num: row.num,
        code: row.code,
        web_Title: row.web_title,
        seO_Title: row.seo_title || row.web_title,
        picture: row.picture,
        inventoryPicture: row.picture,
        packagedImage: row.packaged_image,
        logo: row.logo,
        srp: row.srp_cents / 100,
        dimensions: row.dimensions,
        color_Family: row.color_family,
        category: row.category_num,
        brand: row.brand,
        upc: row.upc,
        key_Words: row.key_words,
        web_Product_Info: sanitizeHtml(row.product_info_html, productInfoPolicy),
        packaged: row.packaged,
        qty_FR: row.qty_fr,
        qty_FH: row.qty_fh,
        reserve_FR: row.reserve_fr,
        reserve_FH: row.reserve_fh,
        ordqty_FR: row.ordqty_fr,
        ordqty_FH: row.ordqty_fh,
        inStockFresno: item.inWest,
        inStockFairhope: item.inEast,
        new: item.isNew,
        attributes,
        colors: (index.colorGroups.get(item.colorGroup) ?? [])
          .filter((other) => other.num !== num)
          .map((other) => {
            const link = other.facets.color[0] ?? '';
            return { num: other.num, name: colorNames.get(link) ?? other.colorFamily, link };
          }),
        suggestedItems: suggested.flatMap((n) => {
          const s = index.byNum.get(n);
          return s ? [toListItem(s, false)] : [];
        }),
      };
      if (this.index === index) {
        this.detailCache.set(num, detail);
        if (this.detailCache.size > DETAIL_CACHE_SIZE) this.detailCache.delete(this.detailCache.keys().next().value!);
      }
    }
    if (!priced) return detail;
    return {
      ...detail,
      price: item.priceCents / 100,
      caseQty: item.caseQty,
      suggestedItems: detail.suggestedItems.map((s) => toListItem(index.byNum.get(s.num)!, true)),
    };
  }
}

function publicCategory(c: IndexedCategory): Category {
  return { num: c.num, description: c.description, parentNum: c.parentNum, parentOnly: c.parentOnly, logo: c.logo, beCat: c.beCat };
}
