import { z } from 'zod';
import { requiredMultiLine, requiredSingleLine, singleLine } from './text';

/** Contact form and Where to Buy (DESIGN.md §3 "Beyond the spec"). */

export const CONTACT_MESSAGES = {
  nameRequired: 'Please input your name',
  emailRequired: 'Please input your email address',
  emailInvalid: 'Please enter a valid email address',
  messageRequired: 'Please write your message',
  tooLong: 'This field is too long',
  sent: 'Thank you! Your message has been sent. We will reply within one business day.',
  failed: 'Your message could not be sent. Please try again.',
} as const;

const M = CONTACT_MESSAGES;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const optional = (max: number) =>
  singleLine(max, { tooLong: M.tooLong })
    .nullish()
    .transform((v) => v ?? '');

/** Name, company and subject reach the shop's inbox mail: single-line text only (contract/text.ts). */
export const contactRequestSchema = z.object({
  name: requiredSingleLine(120, { required: M.nameRequired, tooLong: M.tooLong }),
  email: requiredSingleLine(254, { required: M.emailRequired, tooLong: M.tooLong }).refine((v) => v === '' || EMAIL.test(v), M.emailInvalid),
  company: optional(120),
  phone: optional(40),
  subject: optional(160),
  message: requiredMultiLine(5000, { required: M.messageRequired, tooLong: M.tooLong }),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({
  /** A short reference the customer can quote. */
  reference: z.string(),
  receivedAt: z.string(),
});
export type ContactResponse = z.infer<typeof contactResponseSchema>;

export const DISTRIBUTOR_SEARCH = {
  defaultRadiusMiles: 100,
  maxRadiusMiles: 3000,
  radiusChoices: [25, 50, 100, 250, 500],
  zipInvalid: 'Please enter a 5-digit ZIP code',
  zipUnknown: 'We do not know that ZIP code',
  stateInvalid: 'Please choose a state',
  zipOrState: 'Search by ZIP code or by state',
} as const;

const D = DISTRIBUTOR_SEARCH;

export const distributorSearchQuery = z
  .object({
    zip: z.string().trim().regex(/^\d{5}$/, D.zipInvalid).optional(),
    radiusMiles: z.coerce.number().int().min(1).max(D.maxRadiusMiles).default(D.defaultRadiusMiles),
    state: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, D.stateInvalid)
      .transform((s) => s.toUpperCase())
      .optional(),
  })
  .refine((q) => q.zip !== undefined || q.state !== undefined, { message: D.zipOrState });

export const distributorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
  website: z.string(),
  /** Miles from the searched ZIP code; null for a search by state. */
  distanceMiles: z.number().nullable(),
});
export type Distributor = z.infer<typeof distributorSchema>;

export const distributorSearchResponse = z.object({
  /** Where a ZIP search was measured from. */
  origin: z.object({ zip: z.string(), city: z.string(), state: z.string() }).nullable(),
  distributors: z.array(distributorSchema),
});
export type DistributorSearchResponse = z.infer<typeof distributorSearchResponse>;

/** The storefront's text pages (About, Terms, Privacy, Degradability), edited in the back office. */
export const CONTENT_PAGE_SLUGS = ['about', 'terms', 'privacy', 'degradability'] as const;

/** `GET /beapi/Content/Pages/{slug}`: the page's HTML, rendered from Markdown and sanitised by the server. */
export const contentPageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  /** The first paragraph as plain text (the page's meta description). */
  description: z.string(),
  html: z.string(),
  updatedAt: z.string(),
});
export type ContentPage = z.infer<typeof contentPageSchema>;

export const contentPageParams = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,60}$/, 'Page not found') });
