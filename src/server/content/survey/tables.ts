import type { Generated } from 'kysely';

/** Row types of the survey tables (migration 2026-11-21T14-00-survey). */
export interface SurveyTable {
  master_id: string;
  title: string;
  subtitle: string;
  active: number;
  created_at: string;
  /** Shown to buyers from / until these moments; null: no limit (migration 2026-11-26T00-20-content-admin). */
  opens_at: string | null;
  closes_at: string | null;
  version: Generated<number>;
}

export interface SurveyPageTable {
  id: Generated<number>;
  master_id: string;
  position: number;
  title: string;
}

export interface SurveyQuestionTable {
  id: Generated<number>;
  page_id: number;
  position: number;
  title: string;
}

export interface SurveyDetailTable {
  id: Generated<number>;
  question_id: number;
  position: number;
  type: 'ITEM' | 'TEXT';
  title: string;
  item_num: string;
  image: string;
  image_width: number;
  image_height: number;
  sub_title: string;
  info_html: string;
  case_qty: number;
}

declare module '../../platform/db/schema' {
  interface DB {
    surveys: SurveyTable;
    survey_pages: SurveyPageTable;
    survey_questions: SurveyQuestionTable;
    survey_details: SurveyDetailTable;
  }
}
