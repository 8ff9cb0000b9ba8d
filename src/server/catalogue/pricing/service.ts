import {
  type NamedPrice,
  type NamedPricesBody,
  type PriceBreakRow,
  type PriceBreaksBody,
  type PriceLevel,
  type PriceLevelCreateBody,
  type PriceLevelUpdateBody,
  PRICING_MESSAGES as M,
} from '../../../contract/admin/pricing';
import { type Actor, recordAudit } from '../../platform/audit/audit';
import { isUniqueViolation } from '../../platform/db/constraints';
import { writeTransaction } from '../../platform/db/database';
import { atField, Conflict, Invalid, NotFound } from '../../platform/errors';
import type { ItemEditorService } from '../item-editor/service';
import * as q from './queries';

const cents = (dollars: number) => Math.round(dollars * 100);
const bp = (percent: number) => Math.round(percent * 100);

/**
 * Price levels and quantity breaks in the back office (docs/decisions/0021-pricing.md). Every
 * change is one transaction with its audit row. A change of a level or its named prices moves the
 * level's version (buyers' next requests on every process reload it: pricing/price-book.ts); a
 * change of an item's breaks goes through the item editor's change feed, like a price edit, so
 * every process's cached catalogue answers for the item are dropped.
 */
export class PricingAdminService {
  constructor(
    private readonly db: q.Db,
    private readonly items: ItemEditorService,
  ) {}

  async list(): Promise<PriceLevel[]> {
    const rows = await q.listLevels(this.db);
    return rows.map((r) => ({ id: r.id, name: r.name, percentOff: r.percent_off_bp / 100, version: r.version, namedPrices: Number(r.named ?? 0), customers: Number(r.customers ?? 0) }));
  }

  async get(id: number): Promise<PriceLevel> {
    const level = (await this.list()).find((l) => l.id === id);
    if (!level) throw new NotFound(M.levelNotFound(id));
    return level;
  }

  async create(actor: Actor, body: PriceLevelCreateBody): Promise<PriceLevel> {
    const id = await this.named(body.name, () =>
      writeTransaction(this.db, async (trx) => {
        if (await q.levelNamed(trx, body.name)) throw atField(new Conflict(M.nameTaken(body.name)), 'name');
        const created = await q.insertLevel(trx, body.name, bp(body.percentOff), new Date().toISOString());
        await recordAudit(trx, actor, { action: 'price-level.create', target: `price-level:${created}`, summary: { after: { name: body.name, percentOff: body.percentOff } } });
        return created;
      }),
    );
    return this.get(id);
  }

  async update(actor: Actor, id: number, body: PriceLevelUpdateBody): Promise<PriceLevel> {
    await this.named(body.name, () =>
      writeTransaction(this.db, async (trx) => {
        const before = await q.levelById(trx, id);
        if (!before) throw new NotFound(M.levelNotFound(id));
        if (before.version !== body.version) throw new Conflict(M.changedMeanwhile);
        if (await q.levelNamed(trx, body.name, id)) throw atField(new Conflict(M.nameTaken(body.name)), 'name');
        if (!(await q.updateLevel(trx, id, body.version, body.name, bp(body.percentOff)))) throw new Conflict(M.changedMeanwhile);
        await recordAudit(trx, actor, {
          action: 'price-level.update',
          target: `price-level:${id}`,
          summary: { before: { name: before.name, percentOff: before.percent_off_bp / 100 }, after: { name: body.name, percentOff: body.percentOff } },
        });
      }),
    );
    return this.get(id);
  }

  async prices(id: number): Promise<NamedPrice[]> {
    if (!(await q.levelById(this.db, id))) throw new NotFound(M.levelNotFound(id));
    const rows = await q.namedPricesOf(this.db, id);
    return rows.map((r) => ({ invNum: r.num, title: r.web_title, listPrice: Number(r.list_cents) / 100, price: Number(r.price_cents) / 100 }));
  }

  /** Replaces the level's named prices; an unknown or repeated item refuses the whole list. */
  async replacePrices(actor: Actor, id: number, body: NamedPricesBody): Promise<NamedPrice[]> {
    const seen = new Set<string>();
    body.forEach((row, i) => {
      if (seen.has(row.invNum)) throw atField(new Invalid(M.duplicateItem(row.invNum)), `${i}.invNum`);
      seen.add(row.invNum);
    });
    await writeTransaction(this.db, async (trx) => {
      const level = await q.levelById(trx, id);
      if (!level) throw new NotFound(M.levelNotFound(id));
      const items = await q.itemIdsByNum(trx, [...seen]);
      const unknown = [...seen].filter((n) => !items.has(n));
      if (unknown.length > 0) throw atField(new Invalid(M.unknownItems(unknown)), `${body.findIndex((r) => r.invNum === unknown[0])}.invNum`);
      const before = await q.namedPricesOf(trx, id);
      await q.replaceNamedPrices(trx, id, body.map((r) => ({ item_id: items.get(r.invNum)!.id, price_cents: cents(r.price) })));
      await q.bumpLevel(trx, id);
      await recordAudit(trx, actor, {
        action: 'price-level.prices',
        target: `price-level:${id}`,
        summary: { before: before.length, after: body.length, prices: body.slice(0, 50).map((r) => `${r.invNum}=${r.price.toFixed(2)}`) },
      });
    });
    return this.prices(id);
  }

  async breaks(num: string): Promise<PriceBreakRow[]> {
    const item = (await q.itemIdsByNum(this.db, [num])).get(num);
    if (!item) throw new NotFound(M.itemNotFound(num));
    return ((await q.breaksOf(this.db, [item.id])).get(item.id) ?? []).map((b) => ({ minQty: b.minQty, price: b.priceCents / 100 }));
  }

  /**
   * Replaces an item's quantity breaks (the contract already refused repeated quantities and
   * prices that do not fall); each break must also be below the list price.
   */
  async replaceBreaks(actor: Actor, num: string, body: PriceBreaksBody): Promise<PriceBreakRow[]> {
    const sorted = [...body].sort((a, b) => a.minQty - b.minQty);
    await this.items.write(async (trx) => {
      const item = (await q.itemIdsByNum(trx, [num])).get(num);
      if (!item) throw new NotFound(M.itemNotFound(num));
      const first = sorted[0];
      if (first && cents(first.price) >= item.priceCents) throw atField(new Invalid(M.breakNotBelowList(first.minQty)), `${body.indexOf(first)}.price`);
      const before = (await q.breaksOf(trx, [item.id])).get(item.id) ?? [];
      await q.replaceBreaks(trx, item.id, sorted.map((b) => ({ min_qty: b.minQty, price_cents: cents(b.price) })));
      await recordAudit(trx, actor, {
        action: 'item.breaks',
        target: `item:${num}`,
        summary: { before: before.map((b) => `${b.minQty}+ ${(b.priceCents / 100).toFixed(2)}`), after: sorted.map((b) => `${b.minQty}+ ${b.price.toFixed(2)}`) },
      });
      return { itemId: item.id, moves: false };
    });
    return this.breaks(num);
  }

  /** A unique-name race the check above missed (two creates at once) is the same 409. */
  private async named<T>(name: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err)) throw atField(new Conflict(M.nameTaken(name)), 'name');
      throw err;
    }
  }
}
