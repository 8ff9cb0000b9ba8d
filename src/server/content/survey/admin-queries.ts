import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB } from '../../platform/db/schema';
import type { SurveyDetailTable, SurveyTable } from './tables';

/** The back office's reads and writes of the survey tables; functions take `db` (or a transaction) first. */

export type SurveyRow = Selectable<SurveyTable>;
export type DetailRow = Selectable<SurveyDetailTable>;

export interface FormTree {
  survey: SurveyRow;
  pages: { id: number; title: string }[];
  questions: { id: number; page_id: number; title: string }[];
  details: DetailRow[];
}

export async function listSurveys(db: Kysely<DB>): Promise<(SurveyRow & { page_count: number | string; item_count: number | string })[]> {
  return db
    .selectFrom('surveys as s')
    .selectAll('s')
    .select((eb) => [
      eb.selectFrom('survey_pages').whereRef('survey_pages.master_id', '=', 's.master_id').select(eb.fn.countAll<number | string>().as('n')).as('page_count'),
      eb
        .selectFrom('survey_details as d')
        .innerJoin('survey_questions as q', 'q.id', 'd.question_id')
        .innerJoin('survey_pages as p', 'p.id', 'q.page_id')
        .whereRef('p.master_id', '=', 's.master_id')
        .where('d.type', '=', 'ITEM')
        .select(eb.fn.countAll<number | string>().as('n'))
        .as('item_count'),
    ])
    .orderBy('s.created_at', 'desc')
    .orderBy('s.master_id')
    .execute() as Promise<(SurveyRow & { page_count: number | string; item_count: number | string })[]>;
}

/** The form with its pages, sections and details, each in order; undefined when there is none. */
export async function loadFormTree(db: Kysely<DB>, masterId: string): Promise<FormTree | undefined> {
  const survey = await db.selectFrom('surveys').selectAll().where('master_id', '=', masterId).executeTakeFirst();
  if (!survey) return undefined;
  const pages = await db.selectFrom('survey_pages').select(['id', 'title']).where('master_id', '=', masterId).orderBy('position').orderBy('id').execute();
  const pageIds = pages.map((p) => p.id);
  const questions = pageIds.length
    ? await db.selectFrom('survey_questions').select(['id', 'page_id', 'title']).where('page_id', 'in', pageIds).orderBy('position').orderBy('id').execute()
    : [];
  const questionIds = questions.map((q) => q.id);
  const details = questionIds.length ? await db.selectFrom('survey_details').selectAll().where('question_id', 'in', questionIds).orderBy('position').orderBy('id').execute() : [];
  return { survey, pages, questions, details };
}

export async function insertSurveyHead(db: Kysely<DB>, row: Insertable<SurveyTable>): Promise<void> {
  await db.insertInto('surveys').values(row).execute();
}

type Head = Pick<SurveyRow, 'title' | 'subtitle' | 'active' | 'opens_at' | 'closes_at'>;

/** Stores the form's head when `version` is still the stored one; answers whether it did. */
export async function updateSurveyHead(db: Kysely<DB>, masterId: string, version: number, head: Head): Promise<boolean> {
  const r = await db.updateTable('surveys').set({ ...head, version: version + 1 }).where('master_id', '=', masterId).where('version', '=', version).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Deletes the form (pages, sections and details cascade) when `version` is still the stored one; answers whether it did. */
export async function deleteSurvey(db: Kysely<DB>, masterId: string, version: number): Promise<boolean> {
  const r = await db.deleteFrom('surveys').where('master_id', '=', masterId).where('version', '=', version).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

export async function deleteDetails(db: Kysely<DB>, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('survey_details').where('id', 'in', ids).execute();
}
export async function deleteQuestions(db: Kysely<DB>, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('survey_questions').where('id', 'in', ids).execute();
}
export async function deletePages(db: Kysely<DB>, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('survey_pages').where('id', 'in', ids).execute();
}

/** Updates page `id` or, without one, adds it; answers its id. */
export async function savePage(db: Kysely<DB>, masterId: string, id: number | undefined, position: number, title: string): Promise<number> {
  if (id !== undefined) {
    await db.updateTable('survey_pages').set({ position, title }).where('id', '=', id).execute();
    return id;
  }
  return (await db.insertInto('survey_pages').values({ master_id: masterId, position, title }).returning('id').executeTakeFirstOrThrow()).id;
}

/** Updates section (question) `id`, moving it to `pageId`, or adds it; answers its id. */
export async function saveQuestion(db: Kysely<DB>, pageId: number, id: number | undefined, position: number, title: string): Promise<number> {
  if (id !== undefined) {
    await db.updateTable('survey_questions').set({ page_id: pageId, position, title }).where('id', '=', id).execute();
    return id;
  }
  return (await db.insertInto('survey_questions').values({ page_id: pageId, position, title }).returning('id').executeTakeFirstOrThrow()).id;
}

/** Moves detail `id` to `questionId` at `position`. */
export async function placeDetail(db: Kysely<DB>, id: number, questionId: number, position: number): Promise<void> {
  await db.updateTable('survey_details').set({ question_id: questionId, position }).where('id', '=', id).execute();
}

export async function insertItemDetail(db: Kysely<DB>, questionId: number, position: number, itemNum: string, caseQty: number): Promise<void> {
  // Title and picture are left empty: the storefront takes the catalogue's (survey/service.ts).
  await db
    .insertInto('survey_details')
    .values({ question_id: questionId, position, type: 'ITEM', title: '', item_num: itemNum, image: '', image_width: 160, image_height: 160, sub_title: '', info_html: '', case_qty: caseQty })
    .execute();
}
