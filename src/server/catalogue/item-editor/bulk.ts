import type { Kysely } from 'kysely';
import { type BulkPriceBody, type BulkPriceResult, ITEM_MESSAGES, ITEMS_ADMIN, type ItemStatus } from '../../../contract/admin/items';
import { dollars } from '../../../contract/cart';
import { type Actor, recordAudit } from '../../platform/audit/audit';
import { publishItemsChanged } from '../import-events';
import { loadItemInputs } from '../stored-items';
import { type CatalogueItemInput, statusOf, upsertItems } from '../writes';
import type { DB } from '../../platform/db/schema';
import { Invalid } from '../../platform/errors';
import type { WebhookEvents } from '../../staff';
import * as q from './queries';

/** Bulk status and price changes of the item editor. Each runs inside `ItemEditorService.write`. */

const byNumber = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

async function itemIds(trx: Kysely<DB>, nums: readonly string[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < nums.length; i += 5_000) {
    const rows = await trx.selectFrom('items').select('id').where('num', 'in', nums.slice(i, i + 5_000)).execute();
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

export async function bulkStatus(trx: Kysely<DB>, actor: Actor, events: WebhookEvents, nums: readonly string[], status: ItemStatus) {
  const items = await loadItemInputs(trx, nums);
  const missing = [...new Set(nums)].filter((n) => !items.has(n)).sort(byNumber);
  const changed = [...items.values()].filter((it) => statusOf(it) !== status);
  // Listed or not is what the indexes see; hidden ↔ discontinued changes only the status.
  const moves = changed.some((it) => it.active !== (status === 'active'));
  for (const it of changed) {
    it.active = status === 'active';
    it.status = status;
  }
  if (changed.length > 0) await upsertItems(trx, changed, { bumpVersion: false });
  await publishItemsChanged(trx, events, changed, new Set());
  const changedNums = changed.map((it) => it.num).sort(byNumber);
  await recordAudit(trx, actor, { action: 'item.bulk-status', target: 'catalogue', summary: { status, updated: changed.length, items: changedNums.slice(0, 100) } });
  return {
    result: { updated: changed.length, unchanged: items.size - changed.length, missing },
    itemId: await itemIds(trx, changedNums),
    moves,
  };
}

/** A price moved by `percent`, rounded to the cent (half up). */
export function movedBy(cents: number, percent: number): number {
  const hundredths = Math.round(percent * 100);
  return Math.round((cents * (10_000 + hundredths)) / 10_000);
}

interface PricePlan {
  result: BulkPriceResult;
  changed: CatalogueItemInput[];
}

/**
 * What a bulk price change does, item by item: the dry run answers it, the apply computes it
 * again in its transaction and writes exactly it. An item whose new price would pass its SRP is
 * left alone and reported.
 */
export async function planPrices(db: Kysely<DB>, body: BulkPriceBody, dryRun: boolean): Promise<PricePlan> {
  let nums: string[];
  if (body.category !== undefined) {
    const scope = await q.categoryScope(db, body.category);
    if (!scope) throw new Invalid(ITEM_MESSAGES.unknownCategory(body.category));
    nums = await q.numsInScope(db, scope);
  } else {
    nums = [...new Set(body.nums!)];
  }
  const items = await loadItemInputs(db, nums);
  const result: BulkPriceResult = { dryRun, changed: 0, unchanged: 0, rows: [], refused: [], missing: nums.filter((n) => !items.has(n)).sort(byNumber) };
  const changed: CatalogueItemInput[] = [];
  for (const it of [...items.values()].sort((a, b) => byNumber(a.num, b.num))) {
    const price = movedBy(it.priceCents, body.percent);
    const srp = body.srp ? movedBy(it.srpCents, body.percent) : it.srpCents;
    if (price > srp) {
      result.refused.push({ num: it.num, message: ITEM_MESSAGES.priceAboveSrp });
      continue;
    }
    if (price === it.priceCents && srp === it.srpCents) {
      result.unchanged++;
      continue;
    }
    result.changed++;
    if (result.rows.length < ITEMS_ADMIN.previewRows) {
      result.rows.push({ num: it.num, web_Title: it.webTitle, oldPrice: dollars(it.priceCents), newPrice: dollars(price), oldSrp: dollars(it.srpCents), newSrp: dollars(srp) });
    }
    changed.push({ ...it, priceCents: price, srpCents: srp });
  }
  return { result, changed };
}

export async function applyPrices(trx: Kysely<DB>, actor: Actor, events: WebhookEvents, body: BulkPriceBody) {
  const { result, changed } = await planPrices(trx, body, false);
  if (changed.length > 0) await upsertItems(trx, changed, { bumpVersion: false });
  await publishItemsChanged(trx, events, changed, new Set());
  await recordAudit(trx, actor, {
    action: 'item.bulk-price',
    target: body.category !== undefined ? `category:${body.category}` : 'catalogue',
    summary: { percent: body.percent, srp: body.srp, changed: result.changed, refused: result.refused.length, items: result.rows.slice(0, 50).map((r) => [r.num, r.oldPrice, r.newPrice]) },
  });
  // Prices are list fields: the indexes are patched, not rebuilt.
  return { result, itemId: await itemIds(trx, changed.map((it) => it.num)), moves: false };
}
