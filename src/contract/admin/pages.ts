import { z } from 'zod';
import { problemSchema } from '../problem';
import { multiLine, requiredSingleLine } from '../text';
import { versionSchema } from './versions';

/** The storefront's text pages, edited as Markdown in the back office (DESIGN.md §5 "Catalogue and content management"). */

export const CONTENT_PAGES = {
  titleMax: 200,
  markdownMax: 100_000,
} as const;

export const PAGE_MESSAGES = {
  notFound: (slug: string) => `Page ${slug} not found`,
  stale: 'Someone else saved this page meanwhile: your changes were not saved. The page as it is now is shown.',
} as const;

export const pageSlugParam = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,60}$/, 'Unknown page') });

export const pageSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type PageSummary = z.infer<typeof pageSummarySchema>;

export const adminPageSchema = pageSummarySchema.extend({ markdown: z.string() });
export type AdminPage = z.infer<typeof adminPageSchema>;

/** Markdown may be empty (a page with nothing to say yet), but must be given. */
const markdown = z.string().pipe(multiLine(CONTENT_PAGES.markdownMax));

export const pageUpdateBody = z.strictObject({
  title: requiredSingleLine(CONTENT_PAGES.titleMax),
  markdown,
  /** The version the editor loaded: an older one than the stored page is 409. */
  version: versionSchema,
});
export type PageUpdateBody = z.infer<typeof pageUpdateBody>;

export const pagePreviewBody = z.strictObject({ markdown });
/** The page's HTML exactly as buyers get it. */
export const pagePreviewSchema = z.object({ html: z.string() });

/** A stale `version`: the page as it is now. */
export const stalePageProblemSchema = problemSchema.extend({ current: adminPageSchema });
