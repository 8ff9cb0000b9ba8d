import type { Kysely } from 'kysely';
import type { ItemsExportQuery } from '../../../contract/admin/item-import';
import { EXPORT_HEADER, itemCsvLine } from '../csv-export';
import { loadItemInputs } from '../stored-items';
import type { DB } from '../../platform/db/schema';
import { type CategoryScope, matchingItems } from '../item-editor/queries';
import { readStockCounts } from '../../stock';

/** Items read per query: a page of lines is all the export holds in memory. */
const PAGE = 1_000;

/**
 * The catalogue CSV of the items matching the list's filters, by item number, a page at a time
 * (keyset on the number, so a 500k-item export never holds more than one page). Each page is
 * read on its own: an item edited mid-export shows in whichever state its page saw.
 */
export async function* exportItemsCsv(db: Kysely<DB>, query: ItemsExportQuery, scope: CategoryScope | null): AsyncGenerator<string> {
  yield EXPORT_HEADER;
  let after: string | null = null;
  for (;;) {
    let q = matchingItems(db, query, scope).select('num');
    if (after !== null) q = q.where('num', '>', after);
    const page = await q.orderBy('num').limit(PAGE).execute();
    if (page.length === 0) return;
    const nums = page.map((r) => r.num);
    const items = await loadItemInputs(db, nums);
    // The stock columns, read-only in the file, as stock has them.
    const stock = await readStockCounts(db, nums);
    yield page.map((r) => itemCsvLine(items.get(r.num)!, stock.get(r.num)!)).join('');
    after = page[page.length - 1]!.num;
  }
}
