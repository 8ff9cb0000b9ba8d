import { type ItemMatch, LOOKUP_MESSAGES as M, type StockedItem, type UpcMatch, checkUpc } from '../../../contract/inventory-lookup';
import { invNumParam } from '../../../contract/cart';
import { toListItem } from '../catalogue-index';
import type { CatalogueService } from '../service';
import type { SignedInCustomer } from '../../platform/http/auth-context';
import type { PriceBook, PriceView } from '../pricing/price-book';
import type { DB } from '../../platform/db/schema';
import type { Kysely } from 'kysely';
import { type ItemStockRow, stockByNums, stockByUpcs } from './queries';

/**
 * Items with their stock, looked up in bulk by item number or by UPC. Prices only for a signed-in
 * customer, like the catalogue calls.
 */
export class InventoryLookupService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly catalogue: CatalogueService,
    private readonly priceBook: PriceBook,
  ) {}

  /** The prices `who` sees (none for a visitor, a pending or suspended customer). */
  pricesFor(who: SignedInCustomer | null): Promise<PriceView | null> {
    return this.priceBook.view(who);
  }

  /** Today's item and stock for each number that is sold (others are left out). */
  async stockedItems(nums: string[], prices: PriceView | null): Promise<Map<string, StockedItem>> {
    const rows = await stockByNums(this.db, [...new Set(nums)]);
    return this.toItems(rows, prices);
  }

  /** One answer per number, in the order given: the item, or why there is none. */
  async lookupItems(nums: string[], prices: PriceView | null): Promise<ItemMatch[]> {
    const valid = nums.map((n) => invNumParam.safeParse(n));
    const items = await this.stockedItems(valid.flatMap((v) => (v.success ? [v.data] : [])), prices);
    return nums.map((invNum, i) => {
      const v = valid[i]!;
      if (!v.success) return { invNum, item: null, reason: M.badItemNum };
      const item = items.get(v.data) ?? null;
      return { invNum, item, reason: item ? '' : M.noItemForNum };
    });
  }

  /** One answer per code, in the order given: the item (the first by number if several share a UPC), or why there is none. */
  async lookupUpcs(codes: string[], prices: PriceView | null): Promise<UpcMatch[]> {
    const checked = codes.map(checkUpc);
    const rows = await stockByUpcs(this.db, [...new Set(checked.flatMap((c) => (c.ok ? [c.upc] : [])))]);
    const items = this.toItems(rows, prices);
    const byUpc = new Map<string, StockedItem>();
    for (const item of items.values()) if (!byUpc.has(item.upc)) byUpc.set(item.upc, item);
    return codes.map((upc, i) => {
      const c = checked[i]!;
      if (!c.ok) return { upc, item: null, reason: c.reason };
      const item = byUpc.get(c.upc) ?? null;
      return { upc, item, reason: item ? '' : M.noItemForUpc };
    });
  }

  private toItems(rows: ItemStockRow[], prices: PriceView | null): Map<string, StockedItem> {
    const index = this.catalogue.current();
    const items = new Map<string, StockedItem>();
    for (const r of rows) {
      const indexed = index.byNum.get(r.num);
      // Not yet in the index (an import in progress): not sold until it is.
      if (!indexed) continue;
      items.set(r.num, {
        ...toListItem(indexed, prices),
        upc: r.upc,
        caseQty: indexed.caseQty,
        availableWest: Math.max(0, r.qty_fr - r.reserve_fr),
        availableEast: Math.max(0, r.qty_fh - r.reserve_fh),
      });
    }
    return items;
  }
}
