import type { Kysely } from 'kysely';
import { ITEM_MESSAGES, type ItemCreateBody, type NextItemNum, type ItemEditor, type ItemsList, type ItemsListQuery, type ItemUpdateBody } from '../../../contract/admin/items';
import { dollars } from '../../../contract/cart';
import { type Actor, recordAudit } from '../../platform/audit/audit';
import { movesInIndex, recordItemChanges, takeChangeSeq } from '../change-feed';
import { publishItemsChanged } from '../import-events';
import type { CatalogueService } from '../service';
import { loadItemInputs } from '../stored-items';
import { blankItem, type CatalogueItemInput, upsertItems } from '../writes';
import { writeTransaction } from '../../platform/db/database';
import type { DB } from '../../platform/db/schema';
import { atField, Conflict, Invalid, NotFound } from '../../platform/errors';
import type { WebhookEvents } from '../../staff';
import { itemPhotos } from '../photos/queries';
import { toItemPhoto } from '../photos/service';
import { editorJson, fromEditor } from './editor-json';
import * as q from './queries';

/** A stale `version`: the 409 carries the item as it is now, so the editor can show the other change. */
export class StaleItem extends Conflict {
  constructor(readonly current: ItemEditor) {
    super(ITEM_MESSAGES.stale);
    this.extensions = { current };
  }
}

type EditorFields = Omit<ItemUpdateBody | ItemCreateBody, 'version' | 'num'>;

/**
 * The item editor's rules (DESIGN.md §5 "Catalogue and content management"). Every change is one
 * transaction with its audit row and item.changed webhooks, written through `upsertItems` (the
 * import's path), recorded in the catalogue change feed, and shown by this process's indexes
 * before the call answers; other processes follow on their next poll (docs/decisions/0020).
 */
export class ItemEditorService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly catalogue: CatalogueService,
    private readonly events: WebhookEvents,
    private readonly afterCommit: () => void,
  ) {}

  async list(query: ItemsListQuery): Promise<ItemsList> {
    const scope = query.category === undefined ? null : await q.categoryScope(this.db, query.category);
    if (query.category !== undefined && !scope) throw new Invalid(ITEM_MESSAGES.unknownCategory(query.category));
    const { total, rows } = await q.listItems(this.db, query, scope);
    return {
      items: rows.map((r) => ({
        num: r.num,
        web_Title: r.web_title,
        status: r.status,
        price: dollars(r.price_cents),
        srp: dollars(r.srp_cents),
        upc: r.upc,
        picture: r.picture,
        photoCount: r.photo_count,
        westAvailable: r.west,
        eastAvailable: r.east,
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async get(num: string): Promise<ItemEditor> {
    const found = await editorOf(this.db, num);
    if (!found) throw new NotFound(ITEM_MESSAGES.notFound(num));
    return found;
  }

  /** The number a new item of `category` should get (the next free one in its range). */
  async nextNum(category: number): Promise<NextItemNum> {
    const [found] = await q.categoriesByNum(this.db, [category]);
    if (found?.kind !== 'tree') throw atField(new Invalid(ITEM_MESSAGES.unknownCategory(category)), 'category');
    return { category, num: await q.suggestedNum(this.db, category) };
  }

  async create(actor: Actor, body: ItemCreateBody): Promise<ItemEditor> {
    const result = await this.write(async (trx) => {
      const tree = (await q.categoriesByNum(trx, body.categories)).filter((c) => c.kind === 'tree');
      const num = body.num ?? (tree.length === 1 ? await q.suggestedNum(trx, tree[0]!.num) : await q.nextFreeNum(trx));
      if (await q.itemHead(trx, num)) throw atField(new Conflict(ITEM_MESSAGES.numTaken(num)), 'num');
      const { item, collections } = await this.checked(trx, num, body, blankItem(num, new Date().toISOString()));
      await upsertItems(trx, [item], { bumpVersion: false });
      const head = (await q.itemHead(trx, num))!;
      if (body.orderMultiple !== undefined && body.orderMultiple !== 1) await q.setOrderMultiple(trx, head.id, body.orderMultiple);
      await q.changeCollections(trx, head.id, collections, []);
      await publishItemsChanged(trx, this.events, [item], new Set([num]));
      await recordAudit(trx, actor, { action: 'item.create', target: `item:${num}`, summary: { after: auditFields(item) } });
      return { itemId: head.id, moves: true, num };
    });
    return this.get(result.num);
  }

  async update(actor: Actor, num: string, body: ItemUpdateBody): Promise<ItemEditor> {
    if (body.num !== undefined && body.num !== num) throw atField(new Invalid(ITEM_MESSAGES.numMismatch), 'num');
    await this.write(async (trx) => {
      const head = await q.itemHead(trx, num);
      if (!head) throw new NotFound(ITEM_MESSAGES.notFound(num));
      if (head.version !== body.version) throw new StaleItem((await editorOf(trx, num))!);
      const before = (await loadItemInputs(trx, [num])).get(num)!;
      const { item, collections } = await this.checked(trx, num, body, before);
      const current = await q.collectionsOf(trx, head.id);
      const add = collections.filter((c) => !current.includes(c));
      const remove = current.filter((c) => !collections.includes(c));
      await upsertItems(trx, [item], { bumpVersion: false });
      await q.changeCollections(trx, head.id, add, remove);
      await publishItemsChanged(trx, this.events, [item], new Set());
      const multipleChanged = body.orderMultiple !== undefined && body.orderMultiple !== head.order_multiple;
      if (multipleChanged) await q.setOrderMultiple(trx, head.id, body.orderMultiple!);
      const summary = { ...changedFields(before, item, add, remove), ...(multipleChanged ? { orderMultiple: [head.order_multiple, body.orderMultiple] } : {}) };
      await recordAudit(trx, actor, { action: 'item.update', target: `item:${num}`, summary });
      return { itemId: head.id, moves: movesInIndex(before, item) || add.length + remove.length > 0, num };
    });
    return this.get(num);
  }

  /**
   * Runs an item edit: the change sequence first (its lock runs edits one at a time on
   * PostgreSQL), the work, then the change recorded; after the commit this process's index
   * shows it. `work` answers the items it changed, whether it moved them in the read indexes
   * (`moves`: taken out, put in, another category, facets, collections…) and whether it changed
   * the categories themselves (`rebuild`: every process rebuilds its indexes).
   */
  async write<T extends { itemId: number | number[]; moves: boolean; rebuild?: boolean }>(work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
    const result = await writeTransaction(this.db, async (trx) => {
      const seq = await takeChangeSeq(trx);
      const done = await work(trx);
      await recordItemChanges(trx, seq, [done.itemId].flat(), done.moves, done.rebuild);
      return done;
    });
    this.afterCommit();
    await this.catalogue.refreshAfterWrite();
    return result;
  }

  /** The item to store, with the body's references checked: categories, poscats, suggestions, UPC. */
  private async checked(trx: Kysely<DB>, num: string, body: EditorFields, base: CatalogueItemInput): Promise<{ item: CatalogueItemInput; collections: number[] }> {
    const wanted = [...new Set(body.categories)];
    const found = await q.categoriesByNum(trx, wanted);
    const missing = wanted.find((n) => !found.some((c) => c.num === n));
    if (missing !== undefined) throw atField(new Invalid(ITEM_MESSAGES.unknownCategory(missing)), 'categories');
    const tree = found.filter((c) => c.kind === 'tree');
    if (tree.length !== 1) throw atField(new Invalid(ITEM_MESSAGES.oneTreeCategory), 'categories');
    const known = (p: string) => base.facets.some((f) => f.kind === 'poscat' && f.link === p);
    const names = await q.poscatNames(trx, body.filters.poscat.filter((p) => !known(p)));
    const unknownPoscat = body.filters.poscat.find((p) => !names.has(p) && !known(p));
    if (unknownPoscat !== undefined) throw atField(new Invalid(ITEM_MESSAGES.unknownPoscat(unknownPoscat)), 'filters.poscat');
    const suggested = await q.existingNums(trx, body.suggestedItems);
    const unknownSuggested = body.suggestedItems.find((n) => !suggested.has(n));
    if (unknownSuggested !== undefined) throw atField(new Invalid(ITEM_MESSAGES.unknownSuggested(unknownSuggested)), 'suggestedItems');
    if (body.upc !== '') {
      const other = await q.itemWithUpc(trx, body.upc, num);
      if (other) throw atField(new Conflict(ITEM_MESSAGES.upcTaken(body.upc, other)), 'upc');
    }
    const poscatName = (p: string) => names.get(p) ?? base.facets.find((f) => f.kind === 'poscat' && f.link === p)!.name;
    const item = fromEditor(body, base, tree[0]!.num, poscatName);
    return { item, collections: found.filter((c) => c.kind === 'nv').map((c) => c.num) };
  }
}

/** The editor's JSON of a stored item, or undefined. */
export async function editorOf(db: Kysely<DB>, num: string): Promise<ItemEditor | undefined> {
  const head = await q.itemHead(db, num);
  if (!head) return undefined;
  const item = (await loadItemInputs(db, [num])).get(num)!;
  const photos = (await itemPhotos(db, head.id)).map(toItemPhoto);
  return editorJson(item, { version: head.version, collections: await q.collectionsOf(db, head.id), photos, orderMultiple: head.order_multiple });
}

/** What the audit row keeps of an item. */
function auditFields(it: CatalogueItemInput) {
  return { title: it.webTitle, category: it.categoryNum, price: dollars(it.priceCents), srp: dollars(it.srpCents), upc: it.upc, status: it.status ?? (it.active ? 'active' : 'hidden') };
}

const COMPARED: (keyof CatalogueItemInput)[] = [
  'code', 'categoryNum', 'webTitle', 'seoTitle', 'keyWords', 'upc', 'brand', 'colorFamily', 'colorGroup', 'dimensions', 'packaged',
  'caseQty', 'priceCents', 'srpCents', 'productInfoHtml', 'productInfoFormat', 'isNew', 'active', 'status', 'facets', 'attributes', 'suggestedNums',
];

/** The fields an edit changed, each `[before, after]` (long texts shortened). */
function changedFields(before: CatalogueItemInput, after: CatalogueItemInput, add: number[], remove: number[]): Record<string, unknown> {
  const short = (v: unknown) => {
    const s = typeof v === 'string' ? v : JSON.stringify(v);
    return s.length > 120 ? `${s.slice(0, 117)}…` : s;
  };
  const changes: Record<string, unknown> = {};
  for (const k of COMPARED) {
    const a = before[k];
    const b = after[k];
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[k] = [short(a), short(b)];
  }
  if (add.length > 0) changes.addedTo = add;
  if (remove.length > 0) changes.removedFrom = remove;
  return changes;
}
