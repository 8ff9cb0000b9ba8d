import { z } from 'zod';

/**
 * The survey: a paged order form for a seasonal catalogue (spec §2 Survey, §3 Survey, §7
 * GetSurveyInfo). Field names are the spec's, including `case_qty`.
 */

export const SURVEY = {
  /** Survey quantity minimum (spec §5, §9). */
  minQty: 0,
  /** Above this a line would be refused by the cart (contract/cart.ts CART.maxQty). */
  maxQty: 9999,
  masterIdMax: 40,
} as const;

export const SURVEY_MESSAGES = {
  notFound: (id: string) => `Survey ${id} not found`,
  masterIdInvalid: 'The order form must be named by 1 to 40 letters, digits, dashes or underscores',
} as const;

export const surveyQuery = z.object({
  masterid: z
    .string({ error: SURVEY_MESSAGES.masterIdInvalid })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, SURVEY_MESSAGES.masterIdInvalid),
});

export const SURVEY_DETAIL_TYPES = ['ITEM', 'TEXT'] as const;

export const surveyDetailSchema = z.object({
  /** ITEM: an orderable item with a quantity input; TEXT: a block of text (spec: "ITEM or other"). */
  type: z.enum(SURVEY_DETAIL_TYPES),
  title: z.string(),
  /** The item number (shown as Order #); empty for TEXT. */
  itemnum: z.string(),
  image: z.string(),
  imageWidth: z.number().int(),
  imageHeight: z.number().int(),
  subTitle: z.string(),
  /** HTML, sanitised by the server. */
  info: z.string(),
  case_qty: z.number().int(),
  /** The signed-in customer's price, in dollars (0 for TEXT): the Review Order totals use it. */
  price: z.number(),
});
export type SurveyDetail = z.infer<typeof surveyDetailSchema>;

export const surveyQuestionSchema = z.object({ title: z.string(), detail: z.array(surveyDetailSchema) });
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;

export const surveyPageSchema = z.object({ title: z.string(), questions: z.array(surveyQuestionSchema) });
export type SurveyPage = z.infer<typeof surveyPageSchema>;

export const surveySchema = z.object({
  masterId: z.string(),
  title: z.string(),
  subtitle: z.string(),
  pages: z.array(surveyPageSchema),
});
export type Survey = z.infer<typeof surveySchema>;
