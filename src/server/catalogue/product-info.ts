import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import type { ProductInfoFormat } from '../../contract/admin/items';
import { productInfoPolicy, sanitizeProductInfo } from './item-detail';

/**
 * An item's product info as clients may see it, from the text as the operator typed it: HTML is
 * sanitised as it always was; Markdown is turned into HTML and then sanitised with the same policy
 * (Markdown may carry raw HTML, so nothing it lets through escapes the policy). The editor's
 * preview calls the same function, so the preview is what buyers get (docs/decisions/0032).
 */

// The item page's own headings are h1/h2; a description's headings start at h3, as the policy allows.
const marked = new Marked({
  async: false,
  gfm: true,
  breaks: true,
  renderer: {
    heading({ tokens, depth }: Tokens.Heading) {
      const level = depth <= 1 ? 3 : 4;
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
  },
});

export function renderProductInfo(text: string, format: ProductInfoFormat): string {
  if (text === '') return '';
  if (format === 'html') return sanitizeProductInfo(text);
  return sanitizeHtml(marked.parse(text) as string, productInfoPolicy).trim();
}
