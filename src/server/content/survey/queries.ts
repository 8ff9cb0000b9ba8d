import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB } from '../../platform/db/schema';
import type { SurveyDetailTable } from './tables';

/** The only place the survey module touches Kysely. Functions take `db` (or a transaction) first. */

export type SurveyDetailRow = Selectable<SurveyDetailTable>;
export type NewSurveyDetail = Omit<Insertable<SurveyDetailTable>, 'question_id' | 'position' | 'id'>;

export interface StoredSurvey {
  masterId: string;
  title: string;
  subtitle: string;
  pages: { title: string; questions: { title: string; details: SurveyDetailRow[] }[] }[];
}

/** An active survey open at `now`, with its pages, questions and details in order; null when there is none. */
export async function loadSurvey(db: Kysely<DB>, masterId: string, now = new Date().toISOString()): Promise<StoredSurvey | null> {
  const survey = await db
    .selectFrom('surveys')
    .select(['master_id', 'title', 'subtitle'])
    .where('master_id', '=', masterId)
    .where('active', '=', 1)
    // Times are ISO-8601 UTC text on both databases, so text order is time order.
    .where((eb) => eb.or([eb('opens_at', 'is', null), eb('opens_at', '<=', now)]))
    .where((eb) => eb.or([eb('closes_at', 'is', null), eb('closes_at', '>', now)]))
    .executeTakeFirst();
  if (!survey) return null;
  const pages = await db.selectFrom('survey_pages').select(['id', 'title']).where('master_id', '=', masterId).orderBy('position').execute();
  const pageIds = pages.map((p) => p.id);
  const questions = pageIds.length
    ? await db.selectFrom('survey_questions').select(['id', 'page_id', 'title']).where('page_id', 'in', pageIds).orderBy('position').execute()
    : [];
  const questionIds = questions.map((q) => q.id);
  const details = questionIds.length
    ? await db.selectFrom('survey_details').selectAll().where('question_id', 'in', questionIds).orderBy('position').execute()
    : [];
  return {
    masterId: survey.master_id,
    title: survey.title,
    subtitle: survey.subtitle,
    pages: pages.map((p) => ({
      title: p.title,
      questions: questions
        .filter((q) => q.page_id === p.id)
        .map((q) => ({ title: q.title, details: details.filter((d) => d.question_id === q.id) })),
    })),
  };
}

export async function surveyExists(db: Kysely<DB>, masterId: string): Promise<boolean> {
  return (await db.selectFrom('surveys').select('master_id').where('master_id', '=', masterId).executeTakeFirst()) !== undefined;
}

export interface NewSurvey {
  masterId: string;
  title: string;
  subtitle: string;
  createdAt: string;
  pages: { title: string; questions: { title: string; details: NewSurveyDetail[] }[] }[];
}

/** Writes a whole survey; run it in a transaction. */
export async function insertSurvey(db: Kysely<DB>, survey: NewSurvey): Promise<void> {
  await db.insertInto('surveys').values({ master_id: survey.masterId, title: survey.title, subtitle: survey.subtitle, active: 1, created_at: survey.createdAt }).execute();
  for (const [pi, page] of survey.pages.entries()) {
    const { id: pageId } = await db
      .insertInto('survey_pages')
      .values({ master_id: survey.masterId, position: pi, title: page.title })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [qi, question] of page.questions.entries()) {
      const { id: questionId } = await db
        .insertInto('survey_questions')
        .values({ page_id: pageId, position: qi, title: question.title })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (question.details.length === 0) continue;
      await db
        .insertInto('survey_details')
        .values(question.details.map((d, di) => ({ ...d, question_id: questionId, position: di })))
        .execute();
    }
  }
}
