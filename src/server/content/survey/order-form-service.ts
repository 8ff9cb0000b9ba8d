import type { Kysely } from 'kysely';
import { type OrderForm, type OrderFormCreateBody, type OrderFormListItem, ORDER_FORM_MESSAGES, type OrderFormUpdateBody } from '../../../contract/admin/order-forms';
import { isUniqueViolation } from '../../platform/db/constraints';
import { type Actor, recordAudit } from '../../platform/audit/audit';
import type { CatalogueService } from '../../catalogue';
import { writeTransaction } from '../../platform/db/database';
import type { DB } from '../../platform/db/schema';
import { Conflict, Invalid, NotFound, StaleVersion } from '../../platform/errors';
import * as q from './admin-queries';

const M = ORDER_FORM_MESSAGES;

const head = (b: Pick<OrderFormUpdateBody, 'title' | 'subtitle' | 'active' | 'opensAt' | 'closesAt'>) => ({
  title: b.title,
  subtitle: b.subtitle,
  active: b.active ? 1 : 0,
  opens_at: b.opensAt,
  closes_at: b.closesAt,
});

/**
 * Order forms in the back office (DESIGN.md §5). Buyers' GetSurveyInfo reads the tables on every
 * call and lays the catalogue's current price and title over them (survey/service.ts): nothing
 * caches a form, so a saved change shows at once on every instance. An item must be on sale to be
 * added; one taken off sale later simply drops out of the buyers' form, as before.
 */
export class OrderFormService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly catalogue: CatalogueService,
  ) {}

  async list(): Promise<OrderFormListItem[]> {
    return (await q.listSurveys(this.db)).map((s) => ({ ...this.headOf(s), pageCount: Number(s.page_count), itemCount: Number(s.item_count) }));
  }

  async get(masterId: string): Promise<OrderForm> {
    const tree = await q.loadFormTree(this.db, masterId);
    if (!tree) throw new NotFound(M.notFound(masterId));
    return this.formOf(tree);
  }

  async create(actor: Actor, body: OrderFormCreateBody): Promise<OrderForm> {
    await writeTransaction(this.db, async (trx) => {
      if (await q.loadFormTree(trx, body.masterId)) throw new Conflict(M.idTaken(body.masterId));
      await q.insertSurveyHead(trx, { master_id: body.masterId, ...head(body), created_at: new Date().toISOString() });
      await recordAudit(trx, actor, { action: 'order-form.create', target: `order-form:${body.masterId}`, summary: { after: body } });
    }).catch((err: unknown) => {
      // Another save made the same id between the check and the insert.
      throw isUniqueViolation(err) ? new Conflict(M.idTaken(body.masterId)) : err;
    });
    return this.get(body.masterId);
  }

  /** Saves the whole form: its head, and its pages, sections and items in the order given. */
  async update(actor: Actor, masterId: string, body: OrderFormUpdateBody): Promise<OrderForm> {
    await writeTransaction(this.db, async (trx) => {
      const tree = await q.loadFormTree(trx, masterId);
      if (!tree) throw new NotFound(M.notFound(masterId));
      if (tree.survey.version !== body.version) throw new StaleVersion(M.stale, this.formOf(tree));
      const caseQty = this.checkItems(tree, body);
      if (!(await q.updateSurveyHead(trx, masterId, body.version, head(body)))) throw new StaleVersion(M.stale, this.formOf((await q.loadFormTree(trx, masterId))!));
      await this.saveTree(trx, tree, body, caseQty);
      const before = this.formOf(tree);
      await recordAudit(trx, actor, { action: 'order-form.update', target: `order-form:${masterId}`, summary: { before: shape(before), after: shape(body) } });
    });
    return this.get(masterId);
  }

  /**
   * Deletes the form with its pages, sections and items (the tables cascade), when `version` is
   * still the stored one: a form saved by someone else meanwhile is 409, not deleted unseen. The
   * audit row keeps what the form held, so nothing is lost without a trace.
   */
  async remove(actor: Actor, masterId: string, version: number): Promise<{ masterId: string; deleted: true }> {
    await writeTransaction(this.db, async (trx) => {
      const tree = await q.loadFormTree(trx, masterId);
      if (!tree) throw new NotFound(M.notFound(masterId));
      if (tree.survey.version !== version || !(await q.deleteSurvey(trx, masterId, version))) throw new Conflict(M.staleDelete);
      await recordAudit(trx, actor, { action: 'order-form.delete', target: `order-form:${masterId}`, summary: { before: shape(this.formOf(tree)) } });
    });
    return { masterId, deleted: true };
  }

  /** Refuses unknown pages, sections and items and an item twice; answers each item's case quantity. */
  private checkItems(tree: q.FormTree, body: OrderFormUpdateBody): Map<string, number> {
    const pageIds = new Set(tree.pages.map((p) => p.id));
    const questionIds = new Set(tree.questions.map((x) => x.id));
    const seen = new Set<string>();
    const caseQty = new Map<string, number>();
    const index = this.catalogue.current();
    for (const page of body.pages) {
      if (page.id !== undefined && !pageIds.has(page.id)) throw new Invalid(M.unknownPage(page.id));
      for (const section of page.sections) {
        if (section.id !== undefined && !questionIds.has(section.id)) throw new Invalid(M.unknownSection(section.id));
        for (const num of section.items) {
          if (seen.has(num)) throw new Invalid(M.duplicateItem(num));
          seen.add(num);
          const item = index.byNum.get(num);
          const kept = tree.details.some((d) => d.type === 'ITEM' && d.item_num === num);
          if (!item && !kept) throw new Invalid(M.unknownItem(num));
          caseQty.set(num, item?.caseQty ?? 0);
        }
      }
    }
    return caseQty;
  }

  private async saveTree(trx: Kysely<DB>, tree: q.FormTree, body: OrderFormUpdateBody, caseQty: Map<string, number>): Promise<void> {
    const keptPages = new Set(body.pages.flatMap((p) => (p.id === undefined ? [] : [p.id])));
    const keptQuestions = new Set(body.pages.flatMap((p) => p.sections.flatMap((s) => (s.id === undefined ? [] : [s.id]))));
    const keptItems = new Set(body.pages.flatMap((p) => p.sections.flatMap((s) => s.items)));
    const itemDetail = new Map(tree.details.filter((d) => d.type === 'ITEM').map((d) => [d.item_num, d.id]));
    // Details of dropped items and of dropped sections' text go first, then the sections and pages.
    await q.deleteDetails(trx, tree.details.filter((d) => (d.type === 'ITEM' ? !keptItems.has(d.item_num) : !keptQuestions.has(d.question_id))).map((d) => d.id));
    for (const [pi, page] of body.pages.entries()) {
      const pageId = await q.savePage(trx, tree.survey.master_id, page.id, pi, page.title);
      for (const [si, section] of page.sections.entries()) {
        const questionId = await q.saveQuestion(trx, pageId, section.id, si, section.title);
        // A section's text blocks (its introduction) stay first, then its items in the order given.
        const texts = tree.details.filter((d) => d.type !== 'ITEM' && d.question_id === section.id);
        for (const [ti, text] of texts.entries()) await q.placeDetail(trx, text.id, questionId, ti);
        for (const [ii, num] of section.items.entries()) {
          const existing = itemDetail.get(num);
          if (existing !== undefined) await q.placeDetail(trx, existing, questionId, texts.length + ii);
          else await q.insertItemDetail(trx, questionId, texts.length + ii, num, caseQty.get(num) ?? 0);
        }
      }
    }
    await q.deleteQuestions(trx, tree.questions.filter((x) => !keptQuestions.has(x.id)).map((x) => x.id));
    await q.deletePages(trx, tree.pages.filter((p) => !keptPages.has(p.id)).map((p) => p.id));
  }

  private headOf(s: q.SurveyRow) {
    return { masterId: s.master_id, title: s.title, subtitle: s.subtitle, active: s.active === 1, opensAt: s.opens_at, closesAt: s.closes_at, version: s.version };
  }

  private formOf(tree: q.FormTree): OrderForm {
    const index = this.catalogue.current();
    return {
      ...this.headOf(tree.survey),
      pages: tree.pages.map((p) => ({
        id: p.id,
        title: p.title,
        sections: tree.questions
          .filter((x) => x.page_id === p.id)
          .map((x) => ({
            id: x.id,
            title: x.title,
            items: tree.details
              .filter((d) => d.question_id === x.id && d.type === 'ITEM')
              .map((d) => {
                const item = index.byNum.get(d.item_num);
                return { itemNum: d.item_num, title: item?.title ?? d.title, available: item !== undefined };
              }),
          })),
      })),
    };
  }
}

/** What the audit row keeps of a form: its head and the item numbers per page. */
function shape(f: Pick<OrderForm, 'title' | 'active' | 'opensAt' | 'closesAt'> & { pages: { title: string; sections: { items: (string | { itemNum: string })[] }[] }[] }) {
  return {
    title: f.title,
    active: f.active,
    opensAt: f.opensAt,
    closesAt: f.closesAt,
    pages: f.pages.map((p) => `${p.title}: ${p.sections.flatMap((s) => s.items.map((i) => (typeof i === 'string' ? i : i.itemNum))).join(' ')}`),
  };
}
