import type { Kysely } from 'kysely';
import { buildDemoCatalogue } from '../../catalogue';
import type { BuiltItem } from '../../catalogue';
import { inTransaction } from '../../catalogue';
import type { DB } from '../../platform/db/schema';
import { insertSurvey, type NewSurvey, type NewSurveyDetail, surveyExists } from './queries';

export const DEMO_SURVEY_ID = 'WINTER';

/** The pages of the Winter order form: the Winter Catalogue's items by season (DESIGN.md §2). */
const PAGES: { title: string; events: string[]; intro: string }[] = [
  { title: 'Christmas', events: ['christmas'], intro: '<p>Christmas and holiday designs. <strong>Order by October 15</strong> for delivery before Thanksgiving.</p>' },
  { title: 'Winter', events: ['winter', 'hanukkah'], intro: '<p>Snowflakes, snowmen and Hanukkah: sell them from December right through February.</p>' },
  { title: 'New Year', events: ['new-year'], intro: "<p>Midnight silver and gold for New Year's Eve parties. <em>Ships from December 1.</em></p>" },
  { title: "Valentine's Day", events: ['valentines-day'], intro: "<p>Hearts, love messages and reds for Valentine's Day. <strong>Order by January 10.</strong></p>" },
];

/** Questions group a page's items by product line. */
const LINES: { title: string; categories: number[] }[] = [
  { title: '11" Printed Latex', categories: [17] },
  { title: 'Foil Balloons', categories: [3, 33] },
  { title: 'Bubble Balloons', categories: [4] },
];

/** Enough to fill a page without making it endless. */
const ITEMS_PER_QUESTION = 8;
const IMAGE_SIZE = 160;

const firstParagraph = (html: string) => /<p>.*?<\/p>/s.exec(html)?.[0] ?? '';

function itemDetail(item: BuiltItem): NewSurveyDetail {
  return {
    type: 'ITEM',
    title: item.webTitle,
    item_num: item.num,
    image: item.picture,
    image_width: IMAGE_SIZE,
    image_height: IMAGE_SIZE,
    sub_title: [item.dimensions, item.packaged].filter(Boolean).join(' · '),
    info_html: firstParagraph(item.productInfoHtml),
    case_qty: item.caseQty,
  };
}

/** The WINTER survey, built from the demo catalogue's Winter collection (the same on every call). */
export function buildDemoSurvey(): NewSurvey {
  const demo = buildDemoCatalogue();
  const byNum = new Map(demo.items.map((i) => [i.num, i]));
  const winter = (demo.collections.get(901) ?? []).flatMap((n) => byNum.get(n) ?? []);
  const used = new Set<string>();
  const pages = PAGES.map((page) => {
    const onPage = winter.filter((it) => !used.has(it.num) && it.facets.some((f) => f.kind === 'event' && page.events.includes(f.link)));
    const questions = LINES.map((line) => {
      const items = onPage.filter((it) => line.categories.includes(it.categoryNum)).slice(0, ITEMS_PER_QUESTION);
      for (const it of items) used.add(it.num);
      return { title: line.title, details: items.map(itemDetail) };
    }).filter((q) => q.details.length > 0);
    const intro: NewSurveyDetail = { type: 'TEXT', title: page.title, item_num: '', image: '', image_width: 0, image_height: 0, sub_title: '', info_html: page.intro, case_qty: 0 };
    if (questions[0]) questions[0].details.unshift(intro);
    return { title: page.title, questions };
  });
  return {
    masterId: DEMO_SURVEY_ID,
    title: 'Winter Catalogue Order Form',
    subtitle: "Christmas, winter, New Year and Valentine's Day balloons. Enter a quantity for each item you want, then review your order.",
    createdAt: new Date('2025-09-01T00:00:00Z').toISOString(),
    pages: pages.filter((p) => p.questions.length > 0),
  };
}

/** Adds the WINTER survey unless it exists (idempotent, like every demo seed). */
export async function seedDemoSurvey(db: Kysely<DB>): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    if (await surveyExists(trx, DEMO_SURVEY_ID)) return false;
    await insertSurvey(trx, buildDemoSurvey());
    return true;
  });
}
