import type { Kysely } from 'kysely';
import { CATEGORY_MESSAGES, type CategoryDeleted, type CategoryDeleteQuery } from '../../../contract/admin/categories';
import { type Actor, recordAudit } from '../../platform/audit/audit';
import { publishItemsChanged } from '../import-events';
import { loadItemInputs } from '../stored-items';
import { setNvMembers, upsertItems } from '../writes';
import type { DB } from '../../platform/db/schema';
import { Conflict, Invalid, NotFound } from '../../platform/errors';
import type { WebhookEvents } from '../../staff';
import * as q from './queries';

/**
 * Deletes a category of the tree or a collection, in the caller's transaction. One with
 * subcategories is refused; one holding items is refused unless `moveItemsTo` names another of
 * its kind: a category's items then move there (item edits through the import's write path, with
 * their item.changed webhooks), a collection's items are appended to the other collection.
 * Answers the ids of the items it rewrote, for the change feed.
 */
export async function deleteCategory(
  trx: Kysely<DB>,
  events: WebhookEvents,
  actor: Actor,
  num: number,
  query: CategoryDeleteQuery,
): Promise<{ result: CategoryDeleted; itemIds: number[] }> {
  const row = await q.categoryRow(trx, num);
  if (!row) throw new NotFound(CATEGORY_MESSAGES.notFound(num));
  if (row.version !== query.version) throw new Conflict(CATEGORY_MESSAGES.stale);
  const tree = row.kind === 'tree';
  if (tree) {
    const children = (await q.childNums(trx, num)).length;
    if (children > 0) throw new Conflict(CATEGORY_MESSAGES.hasChildren(children));
  }
  const count = tree ? await q.countItemsIn(trx, num) : await q.countMembers(trx, num);
  if (count > 0 && query.moveItemsTo === undefined) throw new Conflict(CATEGORY_MESSAGES.hasItems(count, tree ? 'category' : 'collection'));
  if (query.moveItemsTo !== undefined) await checkTarget(trx, num, row.kind, query.moveItemsTo);
  let itemIds: number[] = [];
  if (count > 0) {
    if (tree) itemIds = await moveItems(trx, events, num, query.moveItemsTo!);
    else await appendMembers(trx, num, query.moveItemsTo!);
  }
  await q.deleteCategory(trx, num);
  await recordAudit(trx, actor, {
    action: tree ? 'category.delete' : 'collection.delete',
    target: `category:${num}`,
    summary: { before: { description: row.description, parent_num: row.parent_num }, movedItems: count, ...(count > 0 ? { movedTo: query.moveItemsTo } : {}) },
  });
  return { result: { deleted: num, movedItems: count }, itemIds };
}

async function checkTarget(trx: Kysely<DB>, num: number, kind: 'tree' | 'nv', target: number): Promise<void> {
  if (target === num) throw new Invalid(CATEGORY_MESSAGES.moveToItself);
  const row = await q.categoryRow(trx, target);
  if (!row) throw new Invalid(CATEGORY_MESSAGES.unknownTarget(target));
  if (row.kind !== kind) throw new Invalid(CATEGORY_MESSAGES.targetKind);
}

/** The category's items (every status) into `target`, through the one item write path. */
async function moveItems(trx: Kysely<DB>, events: WebhookEvents, num: number, target: number): Promise<number[]> {
  const rows = await q.itemsIn(trx, num);
  const items = [...(await loadItemInputs(trx, rows.map((r) => r.num))).values()];
  for (const it of items) it.categoryNum = target;
  await upsertItems(trx, items, { bumpVersion: false });
  await publishItemsChanged(trx, events, items, new Set());
  return rows.map((r) => r.id);
}

/** The collection's items after the target's own, those already there keeping their place. */
async function appendMembers(trx: Kysely<DB>, num: number, target: number): Promise<void> {
  const kept = (await q.collectionItems(trx, target)).map((i) => i.num);
  const there = new Set(kept);
  const added = (await q.collectionItems(trx, num)).map((i) => i.num).filter((n) => !there.has(n));
  await setNvMembers(trx, target, [...kept, ...added]);
  await q.updateCategory(trx, target, {});
}
