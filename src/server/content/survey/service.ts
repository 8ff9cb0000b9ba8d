import type { Kysely } from 'kysely';
import { LIST_PRICES, type PriceView } from '../../catalogue';
import sanitizeHtml from 'sanitize-html';
import { dollars } from '../../../contract/cart';
import { type Survey, type SurveyDetail, SURVEY_MESSAGES } from '../../../contract/survey';
import type { CatalogueService } from '../../catalogue';
import type { DB } from '../../platform/db/schema';
import { NotFound } from '../../platform/errors';
import { loadSurvey, type SurveyDetailRow } from './queries';

/** Survey text is operator-entered HTML: only simple formatting and plain links survive. */
const infoPolicy: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'h3', 'h4', 'span', 'a'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export const sanitizeSurveyInfo = (html: string): string => sanitizeHtml(html, infoPolicy);

/**
 * Seasonal order forms (spec §2 Survey). The survey stores which items it offers; the catalogue
 * supplies what changes (price, case quantity, whether the item is still sold), so an item taken
 * out of the catalogue disappears from the form instead of failing at Review Order.
 */
export class SurveyService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly catalogue: CatalogueService,
  ) {}

  /** `prices`: the customer's (pricing/price-book.ts); each ITEM shows its unit price for one unit. */
  async surveyInfo(masterId: string, prices: PriceView = LIST_PRICES): Promise<Survey> {
    // Survey ids are case-insensitive in links (/survey/winter works as /survey/WINTER).
    const stored = await loadSurvey(this.db, masterId.toUpperCase());
    if (!stored) throw new NotFound(SURVEY_MESSAGES.notFound(masterId));
    return {
      masterId: stored.masterId,
      title: stored.title,
      subtitle: stored.subtitle,
      pages: stored.pages
        .map((page) => ({
          title: page.title,
          questions: page.questions
            .map((q) => ({ title: q.title, detail: q.details.flatMap((d) => this.detail(d, prices)) }))
            .filter((q) => q.detail.length > 0),
        }))
        .filter((page) => page.questions.length > 0),
    };
  }

  private detail(row: SurveyDetailRow, prices: PriceView): SurveyDetail[] {
    const base = {
      type: row.type,
      title: row.title,
      itemnum: row.item_num,
      image: row.image,
      imageWidth: row.image_width,
      imageHeight: row.image_height,
      subTitle: row.sub_title,
      info: sanitizeSurveyInfo(row.info_html),
      case_qty: row.case_qty,
      price: 0,
    };
    if (row.type !== 'ITEM') return [{ ...base, itemnum: '', case_qty: 0 }];
    const item = this.catalogue.current().byNum.get(row.item_num);
    if (!item) return [];
    return [{ ...base, title: base.title || item.title, image: base.image || item.picture, case_qty: item.caseQty, price: dollars(prices.unitCents(item)) }];
  }
}
