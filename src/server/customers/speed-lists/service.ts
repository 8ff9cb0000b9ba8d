import { addItemsLineSchema, type AddItemsLine, CART_MESSAGES } from '../../../contract/cart';
import { SPEED_LIST_MESSAGES as M, SPEED_LISTS, type SpeedList, type SpeedListSummary } from '../../../contract/speed-lists';
import type { CatalogueService } from '../../catalogue';
import { Conflict, Invalid, NotFound } from '../../platform/errors';
import type { SignedInCustomer } from '../../platform/http/auth-context';
import type { InventoryLookupService } from '../../catalogue';
import * as q from './queries';

/**
 * Speed Lists (DESIGN.md §3): saved order lists per customer. Another customer's list answers
 * exactly as a missing one (404) and is never changed. Adding a list to the cart and saving the
 * cart as a list are the cart's (orders/cart/speed-list-routes.ts): a list is added through the
 * cart's AddItems, whole or not at all, with the cart's own rules.
 */
export class SpeedListService {
  constructor(
    private readonly db: q.Db,
    private readonly catalogue: CatalogueService,
    private readonly lookup: InventoryLookupService,
  ) {}

  async summaries(who: SignedInCustomer): Promise<SpeedListSummary[]> {
    const rows = await q.listSummaries(this.db, who.id);
    return rows.map((r) => ({ id: r.id, name: r.name, numberOfLines: r.lines, totalQuantity: r.quantity, updatedAt: r.updated_at }));
  }

  /** The list with today's item, price and stock on each line. */
  async get(who: SignedInCustomer, id: number): Promise<SpeedList> {
    const list = await this.requireList(who, id);
    const lines = await q.listLines(this.db, id);
    const items = await this.lookup.stockedItems(lines.map((l) => l.item_num), await this.lookup.pricesFor(who));
    return {
      id: list.id,
      name: list.name,
      numberOfLines: lines.length,
      totalQuantity: lines.reduce((sum, l) => sum + l.qty, 0),
      updatedAt: list.updated_at,
      lines: lines.map((l) => ({ invNum: l.item_num, qty: l.qty, item: items.get(l.item_num) ?? null })),
    };
  }

  async create(who: SignedInCustomer, name: string, lines: AddItemsLine[] = []): Promise<SpeedList> {
    const id = await this.db.transaction().execute(async (trx) => {
      if ((await q.countLists(trx, who.id)) >= SPEED_LISTS.maxLists) throw new Invalid(M.tooManyLists);
      const created = await q.insertList(trx, who.id, name, new Date().toISOString());
      if (created === null) throw new Conflict(M.nameTaken(name));
      await q.replaceLines(trx, created, lines);
      return created;
    });
    return this.get(who, id);
  }

  async rename(who: SignedInCustomer, id: number, name: string): Promise<SpeedList> {
    const result = await q.renameList(this.db, who.id, id, name, new Date().toISOString());
    if (result === 'missing') throw new NotFound(M.notFound);
    if (result === 'taken') throw new Conflict(M.nameTaken(name));
    return this.get(who, id);
  }

  async delete(who: SignedInCustomer, id: number): Promise<void> {
    if (!(await q.deleteList(this.db, who.id, id))) throw new NotFound(M.notFound);
  }

  /** Replaces the lines; if any line is refused nothing changes and every refused line is named. */
  async replaceLines(who: SignedInCustomer, id: number, raw: { invNum: unknown; qty: unknown }[]): Promise<SpeedList> {
    await this.requireList(who, id);
    const lines = this.checkLines(raw);
    await this.db.transaction().execute(async (trx) => {
      // Checked again inside the transaction: the list may have been deleted meanwhile.
      await this.requireList(who, id, trx);
      await q.replaceLines(trx, id, lines);
      await q.touchList(trx, id, new Date().toISOString());
    });
    return this.get(who, id);
  }

  /** The lines to add to the cart: the whole list, or the lines of `invNums` (400 naming any not on it). */
  async linesForCart(who: SignedInCustomer, id: number, invNums?: string[]): Promise<AddItemsLine[]> {
    await this.requireList(who, id);
    const lines = await q.listLines(this.db, id);
    let chosen = lines;
    if (invNums) {
      const onList = new Set(lines.map((l) => l.item_num));
      const missing = invNums.filter((n) => !onList.has(n));
      if (missing.length > 0) throw new Invalid(missing.length === 1 ? M.notOnList(missing[0]!) : CART_MESSAGES.someLinesRefused, missing.map(M.notOnList));
      const wanted = new Set(invNums);
      chosen = lines.filter((l) => wanted.has(l.item_num));
    }
    if (chosen.length === 0) throw new Invalid(M.listEmpty);
    return chosen.map((l) => ({ invNum: l.item_num, qty: l.qty }));
  }

  // ---- helpers -----------------------------------------------------------------------------

  private async requireList(who: SignedInCustomer, id: number, db: q.Db = this.db) {
    const list = await q.findList(db, who.id, id);
    if (!list) throw new NotFound(M.notFound);
    return list;
  }

  private checkLines(raw: { invNum: unknown; qty: unknown }[]): AddItemsLine[] {
    const reasons: string[] = [];
    const lines: AddItemsLine[] = [];
    const seen = new Set<string>();
    const index = this.catalogue.current();
    raw.forEach((r, i) => {
      const parsed = addItemsLineSchema.safeParse(r);
      const label = `Line ${i + 1}${typeof r.invNum === 'string' && r.invNum.trim() ? ` (${r.invNum.trim()})` : ''}`;
      if (!parsed.success) reasons.push(`${label}: ${parsed.error.issues[0]?.message ?? CART_MESSAGES.quantityInvalid}`);
      else if (!index.byNum.has(parsed.data.invNum)) reasons.push(`${label}: ${CART_MESSAGES.itemNotFound(parsed.data.invNum)}`);
      else if (seen.has(parsed.data.invNum)) reasons.push(`${label}: ${M.duplicateLine(parsed.data.invNum)}`);
      else {
        seen.add(parsed.data.invNum);
        lines.push(parsed.data);
      }
    });
    if (reasons.length > 0) throw new Invalid(M.someLinesRefused, reasons);
    return lines;
  }
}
