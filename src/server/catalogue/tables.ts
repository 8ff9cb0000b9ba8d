import type { Generated } from 'kysely';
import type { StockLevels } from '../stock';
import type { ProductInfoFormat } from '../../contract/admin/items';

/**
 * Row types of the catalogue tables. Booleans are stored as integers 0/1 and times as ISO-8601
 * text on both databases, so rows look the same whichever one is in use.
 */
export interface CategoryTable {
  num: number;
  description: string;
  parent_num: number;
  /** 'tree' for the category tree; 'nv' for curated collections outside it (New Arrivals, Winter). */
  kind: 'tree' | 'nv';
  logo: string;
  be_cat: string;
  sort_order: number;
  /** The storefront's <title> and meta description for the category's page; empty: its name and the default sentence. */
  seo_title: Generated<string>;
  seo_description: Generated<string>;
  /** Moves by one with every edit of the category in the back office (optimistic concurrency). */
  version: Generated<number>;
}

/** The items table: the catalogue's columns only; stock is in `item_stock` (stock/tables.ts). */
export interface CatalogueItemTable {
  id: Generated<number>;
  num: string;
  code: string;
  category_num: number;
  web_title: string;
  seo_title: string;
  key_words: string;
  upc: string;
  brand: string;
  color_family: string;
  /** Items of one product in different colours share a colour group. */
  color_group: string;
  dimensions: string;
  packaged: string;
  case_qty: number;
  price_cents: number;
  srp_cents: number;
  weight_oz: number;
  logo: string;
  picture: string;
  packaged_image: string;
  /** The product info as the operator typed it: HTML, or Markdown when `product_info_format` says so. */
  product_info_html: string;
  /** How `product_info_html` is read (migration 2026-11-29T05-00, docs/decisions/0032); `html` for every item stored before. */
  product_info_format: Generated<ProductInfoFormat>;
  /**
   * `product_info_html` as clients may see it, sanitised when the item is written (the item
   * detail page then parses no HTML); null until a write or migration has made it.
   */
  product_info_safe: string | null;
  /**
   * The item's attributes (`[{name, value}]`) and suggested item numbers (`[num]`) as JSON text,
   * in order: the same as its item_attributes and item_suggestions rows, written with them, so the
   * item detail page reads one row. Null until a write or migration has made them.
   */
  attributes_json: string | null;
  suggested_json: string | null;
  /**
   * The item detail answer's leading fields, `num` to `packaged`, as JSON text without the closing
   * brace (catalogue/item-detail.ts `detailHeadJson`): they change only when the item is written,
   * so the write keeps them serialised and a read appends the stock and the index's parts. Null
   * until a write or migration has made it; a read then builds the answer from the columns.
   */
  detail_head: string | null;
  is_new: number;
  /** 1 exactly when `status` is 'active': what every read path filters on. */
  active: number;
  /** Why an item is or is not listed; hidden and discontinued items keep their detail page. */
  status: Generated<'active' | 'hidden' | 'discontinued'>;
  /** Moves by one with every write of the item (the editor's optimistic concurrency). */
  version: Generated<number>;
  /** Sold only in multiples of this (a case pack); 1: any quantity (migration 2026-11-26T04-10). */
  order_multiple: Generated<number>;
  created_at: string;
  updated_at: string;
}

/**
 * An item row with its West/East stock under the old column names, as the catalogue's reads
 * answer it (they join `item_stock` through stock's `stockLevelColumns`): the shape the read
 * index is built from. Not a table.
 */
export type ItemTable = CatalogueItemTable & StockLevels;

export type FacetKind = 'color' | 'event' | 'message' | 'theme' | 'shape' | 'size' | 'poscat' | 'dimension';

export interface ItemFacetTable {
  item_id: number;
  kind: FacetKind;
  /** Display name; for poscat the poscatName. */
  name: string;
  /** URL value; for poscat the poscatNum, for size and dimension the name itself. */
  link: string;
}

export interface ItemAttributeTable {
  item_id: number;
  position: number;
  name: string;
  value: string;
}

export interface ItemSuggestionTable {
  item_id: number;
  suggested_num: string;
  position: number;
}

export interface NvCategoryItemTable {
  category_num: number;
  item_id: number;
  position: number;
}

/** The last edit of an item: the `catalogue_seq` counter's value of the transaction that made it (the catalogue change feed). */
export interface CatalogueChangeTable {
  item_id: number;
  seq: number;
  /** The sequence of the item's last edit that moved it in the read index; 0 for none. */
  structural_seq: Generated<number>;
}

/** A search word and the words it also finds (migration 2026-11-30T09-00-search-synonyms; decision 0044). */
export interface SearchSynonymTable {
  word: string;
  /** The words it also finds, separated by single spaces. */
  words: string;
  updated_at: string;
  /** Who saved it (the actor label). */
  updated_by: string;
}

declare module '../platform/db/schema' {
  interface DB {
    categories: CategoryTable;
    search_synonyms: SearchSynonymTable;
    items: CatalogueItemTable;
    item_facets: ItemFacetTable;
    item_attributes: ItemAttributeTable;
    item_suggestions: ItemSuggestionTable;
    nv_category_items: NvCategoryItemTable;
    catalogue_changes: CatalogueChangeTable;
  }
}
