import type { FacetKind } from '../tables';
import type { PriceBreak } from '../pricing/unit-price';
import { eastAvailable, westAvailable } from './stock-flags';
import type { FacetHolder, ItemRow } from './types';

const NO_BREAKS: readonly PriceBreak[] = Object.freeze([]);

/**
 * One active item: its list fields. Facet links are read from the index's shared table. Code,
 * title and picture are cut from one string per load window (`ItemRow`s added together), so the
 * index holds two objects per item (this and its number, the key of `byNum`) instead of five:
 * V8's full collections mark every live object, and half a million items made them take
 * hundreds of milliseconds (docs/decisions/0002-catalogue-read-index.md).
 */
export class IndexedItem {
  readonly id: number;
  readonly num: string;
  readonly categoryNum: number;
  readonly logo: string;
  readonly srpCents: number;
  readonly priceCents: number;
  readonly caseQty: number;
  /** Sold only in multiples of this (the cart rounds up to it); 1: any quantity. */
  readonly orderMultiple: number;
  /** Quantity breaks, lowest quantity first (most items: the one shared empty list). */
  readonly breaks: readonly PriceBreak[];
  readonly isNew: boolean;
  /** In stock at West and at East (stock-flags.ts keeps them). */
  inWest: boolean;
  inEast: boolean;
  readonly colorFamily: string;
  readonly colorGroup: string;
  /** The window's text; this item's code, title, picture and creation time are text[start, codeEnd, titleEnd, pictureEnd, createdEnd). */
  private readonly text: string;
  private readonly start: number;
  private readonly codeEnd: number;
  private readonly titleEnd: number;
  private readonly pictureEnd: number;
  private readonly createdEnd: number;

  constructor(
    private readonly table: FacetHolder,
    /**
     * Its position in the index when this object was placed (by the build's depth-first numbering,
     * a patch or a shift). Items taken out or put in before it move it without a write here: ask
     * the index (`positionOfId`) for where an item is now.
     */
    public idx: number,
    r: ItemRow,
    intern: (s: string) => string,
    text: { text: string; at: number },
  ) {
    this.id = r.id;
    this.num = r.num;
    this.categoryNum = r.category_num;
    this.logo = intern(r.logo);
    this.srpCents = r.srp_cents;
    this.priceCents = r.price_cents;
    this.caseQty = r.case_qty;
    this.orderMultiple = r.order_multiple ?? 1;
    this.breaks = r.breaks && r.breaks.length > 0 ? r.breaks : NO_BREAKS;
    this.isNew = r.is_new === 1;
    this.inWest = westAvailable(r) > 0;
    this.inEast = eastAvailable(r) > 0;
    this.colorFamily = intern(r.color_family);
    this.colorGroup = intern(r.color_group);
    this.text = text.text;
    this.start = text.at;
    this.codeEnd = this.start + r.code.length;
    this.titleEnd = this.codeEnd + r.web_title.length;
    this.pictureEnd = this.titleEnd + r.picture.length;
    this.createdEnd = this.pictureEnd + r.created_at.length;
    text.at = this.createdEnd;
  }

  get code(): string {
    return this.text.slice(this.start, this.codeEnd);
  }

  get title(): string {
    return this.text.slice(this.codeEnd, this.titleEnd);
  }

  get picture(): string {
    return this.text.slice(this.titleEnd, this.pictureEnd);
  }

  /** When it was created (the newest-first order's key, compared as text, as the build sorts). */
  get createdAt(): string {
    return this.text.slice(this.pictureEnd, this.createdEnd);
  }

  /** Facet links by kind (for poscat the poscatNum), in the order the database gave them. */
  get facets(): Record<FacetKind, string[]> {
    return this.table.facets!.linksOf(this.table.positionOf(this.id));
  }
}

/** An item object for a row laid over (or put into) the index at position `pos` (an edit). */
export function itemAt(holder: FacetHolder, pos: number, r: ItemRow): IndexedItem {
  return new IndexedItem(holder, pos, r, (x) => x, { text: r.code + r.web_title + r.picture + r.created_at, at: 0 });
}
