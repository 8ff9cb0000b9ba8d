import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { productInfoPolicy } from '../catalogue';

/**
 * The content pages' Markdown → HTML, as buyers get it and as the editor's preview shows it (the
 * same function, so the preview is exactly the page). Markdown may carry raw HTML, so the output
 * goes through sanitize-html with the product info's policy (catalogue/item-detail.ts), widened
 * only by what a text page needs: section headings with their anchors, links (http, https,
 * mailto and #anchors, opened with rel=noopener), rules and quotes. Scripts, event handlers,
 * styles and other schemes never survive.
 */

const pagePolicy: sanitizeHtml.IOptions = {
  ...productInfoPolicy,
  allowedTags: [...(productInfoPolicy.allowedTags || []), 'h2', 'a', 'hr', 'blockquote', 'code', 'pre'],
  allowedAttributes: { a: ['href', 'rel'], h2: ['id'], h3: ['id'], h4: ['id'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** A heading's anchor: its words, lower case, letters and digits only ("Safe balloon practices" → safeballoonpractices). */
export const headingAnchor = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

const marked = new Marked({
  async: false,
  gfm: true,
  renderer: {
    heading({ tokens, depth }: Tokens.Heading) {
      const inner = this.parser.parseInline(tokens);
      const id = headingAnchor(sanitizeHtml(inner, { allowedTags: [], allowedAttributes: {} }));
      return `<h${depth}${id ? ` id="${id}"` : ''}>${inner}</h${depth}>\n`;
    },
  },
});

/** Safe HTML of a page's Markdown. */
export function renderPageMarkdown(markdown: string): string {
  return sanitizeHtml(marked.parse(markdown) as string, pagePolicy);
}

/** The page's first paragraph as plain text, for its meta description (at most 160 characters). */
export function pageDescription(html: string): string {
  const first = /<p>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
  const text = decodeEntities(sanitizeHtml(first, { allowedTags: [], allowedAttributes: {} })).replace(/\s+/g, ' ').trim();
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const decodeEntities = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);
