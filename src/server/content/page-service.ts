import type { Kysely } from 'kysely';
import { type AdminPage, PAGE_MESSAGES, type PageSummary, type PageUpdateBody } from '../../contract/admin/pages';
import type { ContentPage } from '../../contract/content';
import { type Actor, recordAudit } from '../platform/audit/audit';
import { writeTransaction } from '../platform/db/database';
import type { DB } from '../platform/db/schema';
import { NotFound, StaleVersion } from '../platform/errors';
import { pageDescription, renderPageMarkdown } from './markdown';
import { type ContentPageRow, findPage, listPages, updatePage } from './page-queries';

const toAdminPage = (r: ContentPageRow): AdminPage => ({ slug: r.slug, title: r.title, markdown: r.markdown, updatedAt: r.updated_at, version: r.version });

/**
 * The storefront's text pages. Buyers' reads render the stored Markdown on every call (a page is
 * a few kilobytes and rarely read), so an edit shows on every instance at once; nothing caches it.
 */
export class ContentPageService {
  constructor(private readonly db: Kysely<DB>) {}

  /** The page as buyers see it. */
  async page(slug: string): Promise<ContentPage> {
    const row = await findPage(this.db, slug);
    if (!row) throw new NotFound(PAGE_MESSAGES.notFound(slug));
    const html = renderPageMarkdown(row.markdown);
    return { slug: row.slug, title: row.title, description: pageDescription(html), html, updatedAt: row.updated_at };
  }

  async list(): Promise<PageSummary[]> {
    return (await listPages(this.db)).map((r) => ({ slug: r.slug, title: r.title, updatedAt: r.updated_at, version: r.version }));
  }

  async get(slug: string): Promise<AdminPage> {
    const row = await findPage(this.db, slug);
    if (!row) throw new NotFound(PAGE_MESSAGES.notFound(slug));
    return toAdminPage(row);
  }

  preview(markdown: string): { html: string } {
    return { html: renderPageMarkdown(markdown) };
  }

  async update(actor: Actor, slug: string, body: PageUpdateBody): Promise<AdminPage> {
    await writeTransaction(this.db, async (trx) => {
      const before = await findPage(trx, slug);
      if (!before) throw new NotFound(PAGE_MESSAGES.notFound(slug));
      if (!(await updatePage(trx, slug, body.version, body.title, body.markdown))) throw new StaleVersion(PAGE_MESSAGES.stale, toAdminPage((await findPage(trx, slug))!));
      const summary: Record<string, unknown> = { version: [before.version, body.version + 1] };
      if (before.title !== body.title) summary.title = [before.title, body.title];
      if (before.markdown !== body.markdown) summary.markdown = [before.markdown.length, body.markdown.length];
      await recordAudit(trx, actor, { action: 'page.update', target: `page:${slug}`, summary });
    });
    return this.get(slug);
  }
}
