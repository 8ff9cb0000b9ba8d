import type { Kysely } from 'kysely';
import {
  CATEGORY_MESSAGES,
  type CategoryCreateBody,
  type CategoryDeleted,
  type CategoryDeleteQuery,
  type CategoryNode,
  type CategoryOrderBody,
  type CategoryTree,
  type CategoryUpdateBody,
  type Collection,
  type CollectionCreateBody,
  type CollectionItemsBody,
  type CollectionUpdateBody,
} from '../../../contract/admin/categories';
import { type Actor, recordAudit } from '../../platform/audit/audit';
import { setNvMembers } from '../writes';
import type { DB } from '../../platform/db/schema';
import { Conflict, Invalid, NotFound } from '../../platform/errors';
import type { ItemEditorService } from '../item-editor/service';
import type { WebhookEvents } from '../../staff';
import { deleteCategory } from './delete';
import * as q from './queries';
import { buildTree, childrenByParent, subtreeOf } from './tree';

type Kind = 'tree' | 'nv';

/** The shared fields of a body as columns. */
const fieldsOf = (b: CollectionCreateBody) => ({ description: b.description, seo_title: b.seoTitle, seo_description: b.seoDescription, logo: b.logo, be_cat: b.beCat });

/**
 * The category editor's rules (DESIGN.md §5 "Catalogue and content management"). Every change is
 * one transaction with its audit row, run through the item editor's `write`: the catalogue change
 * sequence first (on PostgreSQL its lock runs catalogue edits one at a time), then a structural
 * change in the feed, so every process rebuilds its index and buyers see the new tree
 * (docs/decisions/0020); this process's index shows it before the call answers.
 */
export class CategoryEditorService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly items: ItemEditorService,
    private readonly events: WebhookEvents,
  ) {}

  async tree(db: Kysely<DB> = this.db): Promise<CategoryTree> {
    const [rows, items, members] = await Promise.all([q.allCategories(db), q.itemCounts(db), q.memberCounts(db)]);
    return buildTree(rows, items, members);
  }

  async get(num: number, kind?: Kind): Promise<CategoryNode> {
    const tree = await this.tree();
    const found = [...tree.categories, ...tree.collections].find((c) => c.num === num && (!kind || c.kind === kind));
    if (!found) throw new NotFound(kind === 'nv' ? CATEGORY_MESSAGES.collectionNotFound(num) : CATEGORY_MESSAGES.notFound(num));
    return found;
  }

  async collection(num: number): Promise<Collection> {
    const node = await this.get(num, 'nv');
    const items = await q.collectionItems(this.db, num);
    return { ...node, items: items.map((i) => ({ num: i.num, web_Title: i.web_title, status: i.status })) };
  }

  async createCategory(actor: Actor, body: CategoryCreateBody): Promise<CategoryNode> {
    return this.get(await this.create(actor, 'tree', body, body.parentNum), 'tree');
  }

  async createCollection(actor: Actor, body: CollectionCreateBody): Promise<CategoryNode> {
    return this.get(await this.create(actor, 'nv', body, 0), 'nv');
  }

  async updateCategory(actor: Actor, num: number, body: CategoryUpdateBody): Promise<CategoryNode> {
    await this.write(async (trx) => {
      const before = await current(trx, num, 'tree', body.version);
      const fields: Partial<q.CategoryFields> & { sort_order?: number } = fieldsOf(body);
      if (body.parentNum !== before.parent_num) {
        await checkParent(trx, body.parentNum, num);
        Object.assign(fields, { parent_num: body.parentNum, sort_order: await q.nextSortOrder(trx, 'tree', body.parentNum) });
      }
      await q.updateCategory(trx, num, fields);
      await recordAudit(trx, actor, { action: 'category.update', target: `category:${num}`, summary: changes(before, { ...fields, parent_num: body.parentNum }) });
    });
    return this.get(num, 'tree');
  }

  async updateCollection(actor: Actor, num: number, body: CollectionUpdateBody): Promise<CategoryNode> {
    await this.write(async (trx) => {
      const before = await current(trx, num, 'nv', body.version);
      await q.updateCategory(trx, num, fieldsOf(body));
      await recordAudit(trx, actor, { action: 'collection.update', target: `category:${num}`, summary: changes(before, fieldsOf(body)) });
    });
    return this.get(num, 'nv');
  }

  /** Puts the children of `parentNum` in the given order; the list must name exactly the children there are now. */
  async reorder(actor: Actor, body: CategoryOrderBody): Promise<CategoryTree> {
    await this.write(async (trx) => {
      if (body.parentNum !== 0 && (await q.categoryRow(trx, body.parentNum))?.kind !== 'tree') throw new NotFound(CATEGORY_MESSAGES.notFound(body.parentNum));
      const children = await q.childNums(trx, body.parentNum);
      const same = new Set(body.nums).size === body.nums.length && body.nums.length === children.length && body.nums.every((n) => children.includes(n));
      if (!same) throw new Conflict(CATEGORY_MESSAGES.siblingsChanged);
      await q.setSortOrders(trx, body.nums);
      await recordAudit(trx, actor, { action: 'category.reorder', target: `category:${body.parentNum}`, summary: { order: body.nums } });
    });
    return this.tree();
  }

  /** Sets a collection's items in order: adds, removes and reorders in one call. */
  async setCollectionItems(actor: Actor, num: number, body: CollectionItemsBody): Promise<Collection> {
    await this.write(async (trx) => {
      await current(trx, num, 'nv', body.version);
      const twice = body.nums.find((n, i) => body.nums.indexOf(n) !== i);
      if (twice !== undefined) throw new Invalid(CATEGORY_MESSAGES.duplicateItem(twice));
      const found = await q.existingItemNums(trx, body.nums);
      const unknown = body.nums.find((n) => !found.has(n));
      if (unknown !== undefined) throw new Invalid(CATEGORY_MESSAGES.unknownItem(unknown));
      const before = (await q.collectionItems(trx, num)).map((i) => i.num);
      await setNvMembers(trx, num, body.nums);
      await q.updateCategory(trx, num, {});
      const added = body.nums.filter((n) => !before.includes(n));
      const removed = before.filter((n) => !body.nums.includes(n));
      await recordAudit(trx, actor, { action: 'collection.items', target: `category:${num}`, summary: { added: added.slice(0, 100), removed: removed.slice(0, 100), count: body.nums.length } });
    });
    return this.collection(num);
  }

  /** Deletes a category or collection; one holding items needs `moveItemsTo` (moved in the same transaction). */
  async remove(actor: Actor, num: number, query: CategoryDeleteQuery): Promise<CategoryDeleted> {
    // Items moved to another category are item edits too: their ids go into the change feed.
    const done = await this.items.write(async (trx) => {
      const { result, itemIds } = await deleteCategory(trx, this.events, actor, num, query);
      return { result, itemId: itemIds, moves: true, rebuild: true };
    });
    return done.result;
  }

  private async create(actor: Actor, kind: Kind, body: CollectionCreateBody, parentNum: number): Promise<number> {
    return this.write(async (trx) => {
      if (kind === 'tree' && parentNum !== 0) await checkParent(trx, parentNum, null);
      const num = await q.nextCategoryNum(trx);
      await q.insertCategory(trx, { num, kind, ...fieldsOf(body), parent_num: parentNum, sort_order: await q.nextSortOrder(trx, kind, parentNum) });
      const action = kind === 'tree' ? 'category.create' : 'collection.create';
      await recordAudit(trx, actor, { action, target: `category:${num}`, summary: { after: { ...fieldsOf(body), parent_num: parentNum } } });
      return num;
    });
  }

  /** A structural catalogue change: every process rebuilds its index. */
  private async write<T>(work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
    const done = await this.items.write(async (trx) => ({ result: await work(trx), itemId: [], moves: false, rebuild: true }));
    return done.result;
  }
}

/** The category as stored, of this kind, at this version (else 404 or 409). */
async function current(trx: Kysely<DB>, num: number, kind: Kind, version: number): Promise<q.CategoryRecord> {
  const row = await q.categoryRow(trx, num);
  if (!row || row.kind !== kind) throw new NotFound(kind === 'nv' ? CATEGORY_MESSAGES.collectionNotFound(num) : CATEGORY_MESSAGES.notFound(num));
  if (row.version !== version) throw new Conflict(CATEGORY_MESSAGES.stale);
  return row;
}

/** A parent must be a category of the tree, and not the category itself or one under it. */
async function checkParent(trx: Kysely<DB>, parentNum: number, moving: number | null): Promise<void> {
  if (parentNum === 0) return;
  const rows = await q.allCategories(trx);
  if (!rows.some((r) => r.num === parentNum && r.kind === 'tree')) throw new Invalid(CATEGORY_MESSAGES.unknownParent(parentNum));
  if (moving !== null && subtreeOf(childrenByParent(rows), moving).has(parentNum)) throw new Invalid(CATEGORY_MESSAGES.underItself);
}

/** The fields an edit changed, each `[before, after]`. */
function changes(before: q.CategoryRecord, after: Partial<q.CategoryFields>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(after)) {
    const was = before[k as keyof q.CategoryRecord];
    if (v !== undefined && was !== v) out[k] = [was, v];
  }
  return out;
}
