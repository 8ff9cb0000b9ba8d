import { z } from 'zod';
import { problemSchema } from '../problem';
import { fieldName, requiredSingleLine, singleLine } from '../text';
import { itemNumSchema } from './items';
import { versionSchema } from './versions';

/**
 * Order forms (the storefront's surveys, spec §2 Survey) in the back office: a form has pages,
 * a page has sections (the storefront's "questions", each a heading over its items), a section
 * has items in order. The editor saves the whole form at once with its version.
 */

export const ORDER_FORMS = { titleMax: 200, subtitleMax: 500, maxPages: 50, maxSections: 20, maxItems: 200 } as const;

export const ORDER_FORM_MESSAGES = {
  notFound: (id: string) => `Order form ${id} not found`,
  idTaken: (id: string) => `An order form ${id} exists already`,
  unknownItem: (num: string) => `Item ${num} not found`,
  duplicateItem: (num: string) => `Item ${num} is on the form twice`,
  closeBeforeOpen: 'Closes must be after Opens',
  unknownPage: (id: number) => `Page ${id} is not on this form`,
  unknownSection: (id: number) => `Section ${id} is not on this form`,
  stale: 'Someone else saved this order form meanwhile: your changes were not saved. The form as it is now is shown.',
  staleDelete: 'Someone else saved this order form meanwhile: it was not deleted. Look at it again first.',
} as const;

const M = ORDER_FORM_MESSAGES;

export const orderFormIdSchema = z
  .string({ error: 'Form ID must be 1 to 40 letters, digits, dashes or underscores' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'Form ID must be 1 to 40 letters, digits, dashes or underscores')
  .transform((s) => s.toUpperCase());
export const orderFormIdParam = z.object({ masterId: orderFormIdSchema });

const moment = z.iso
  .datetime({ offset: true, error: (i) => `${fieldName(i)} must be a date and time.` })
  .transform((v) => new Date(v).toISOString())
  .nullable()
  .default(null);

const headFields = {
  title: requiredSingleLine(ORDER_FORMS.titleMax),
  subtitle: singleLine(ORDER_FORMS.subtitleMax).default(''),
  /** Off: buyers never see it. */
  active: z.boolean().default(true),
  /** Shown to buyers from / until (null: no limit). */
  opensAt: moment,
  closesAt: moment,
};
const datesInOrder = (f: { opensAt: string | null; closesAt: string | null }) => !f.opensAt || !f.closesAt || Date.parse(f.closesAt) > Date.parse(f.opensAt);

export const orderFormCreateBody = z
  .strictObject({ masterId: orderFormIdSchema, ...headFields })
  .refine(datesInOrder, { message: M.closeBeforeOpen, path: ['closesAt'] });
export type OrderFormCreateBody = z.infer<typeof orderFormCreateBody>;

/** An existing page or section keeps its id; a new one has none. */
const id = z.number().int().positive().max(2_147_483_647).optional();
const sectionBody = z.strictObject({ id, title: requiredSingleLine(ORDER_FORMS.titleMax), items: z.array(itemNumSchema).max(ORDER_FORMS.maxItems) });
const pageBody = z.strictObject({ id, title: requiredSingleLine(ORDER_FORMS.titleMax), sections: z.array(sectionBody).max(ORDER_FORMS.maxSections) });

export const orderFormUpdateBody = z
  .strictObject({ ...headFields, pages: z.array(pageBody).max(ORDER_FORMS.maxPages), version: versionSchema })
  .refine(datesInOrder, { message: M.closeBeforeOpen, path: ['closesAt'] });
export type OrderFormUpdateBody = z.infer<typeof orderFormUpdateBody>;

const formItem = z.object({
  itemNum: z.string(),
  /** The catalogue's title (empty when the item is gone: the storefront then leaves it out). */
  title: z.string(),
  available: z.boolean(),
});
export const orderFormSchema = z.object({
  masterId: z.string(),
  title: z.string(),
  subtitle: z.string(),
  active: z.boolean(),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  version: z.number().int(),
  pages: z.array(z.object({ id: z.number().int(), title: z.string(), sections: z.array(z.object({ id: z.number().int(), title: z.string(), items: z.array(formItem) })) })),
});
export type OrderForm = z.infer<typeof orderFormSchema>;

export const orderFormListItemSchema = orderFormSchema.omit({ pages: true }).extend({ pageCount: z.number().int(), itemCount: z.number().int() });
export type OrderFormListItem = z.infer<typeof orderFormListItemSchema>;

/** DELETE's query: the version the staff member saw, so a form changed meanwhile is not deleted unseen. */
export const orderFormDeleteQuery = z.strictObject({ version: z.coerce.number().int().min(1).max(2_147_483_647) });
export const orderFormDeletedSchema = z.object({ masterId: z.string(), deleted: z.literal(true) });

export const staleOrderFormProblemSchema = problemSchema.extend({ current: orderFormSchema });
