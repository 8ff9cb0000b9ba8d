import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Imports nothing of the app.

/**
 * Coupons, order forms, distributors and content pages edited in the back office (DESIGN.md §5
 * "Catalogue and content management"):
 *
 * - `content_pages`: the storefront's text pages (About, Terms, Privacy, Degradability) as
 *   Markdown, seeded with the texts the storefront carried until now; the server renders and
 *   sanitises them. `version` moves with every edit (optimistic concurrency).
 * - `version` on coupons, distributors and surveys, for the same reason.
 * - `surveys.opens_at` / `closes_at`: an order form is shown to buyers only between them (null:
 *   no limit on that side).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_pages')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('markdown', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  const now = new Date().toISOString();
  await db
    .insertInto('content_pages')
    .values(PAGES.map((p) => ({ slug: p.slug, title: p.title, markdown: p.markdown.join('\n'), updated_at: now, version: 1 })))
    .execute();

  for (const table of ['coupons', 'distributors', 'surveys']) {
    await db.schema.alterTable(table).addColumn('version', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  }
  await db.schema.alterTable('surveys').addColumn('opens_at', 'text').execute();
  await db.schema.alterTable('surveys').addColumn('closes_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('surveys').dropColumn('closes_at').execute();
  await db.schema.alterTable('surveys').dropColumn('opens_at').execute();
  for (const table of ['surveys', 'distributors', 'coupons']) await db.schema.alterTable(table).dropColumn('version').execute();
  await db.schema.dropTable('content_pages').execute();
}

/** The storefront's texts as of this migration, in Markdown (one array entry a line). */
const PAGES: { slug: string; title: string; markdown: string[] }[] = [
  {
    slug: 'about',
    title: 'About Skyline Balloons',
    markdown: [
      'Balloons made and sold by people who have been in the business since 1981.',
      '',
      'Skyline Balloons is the manufacturing division of a veteran-owned American company, incorporated in 1981. We make and distribute premium latex, foil and bubble balloons for balloon retailers, decorators, florists and party stores across the United States.',
      '',
      '## What we make',
      '',
      'Our premium latex line runs from 5" to 24", plus 260 twistees for twisting and entertainment work. Every size carries our Diamond Sizing promise: it inflates to the size on the bag. Our foil line covers everyday messages, themes, holidays and number shapes, each with the built-in TopTab for air-fill hanging. Bubble balloons round out the range.',
      '',
      '## How we work with you',
      '',
      'We sell to the trade. Open a free account to see wholesale prices, order by the pack or by the case, and ship from our West warehouse in Fresno, California, or our East warehouse in Fairhope, Alabama, whichever is closer to you. Orders are on account terms once your account is approved.',
      '',
      '## Our values',
      '',
      'We are a veteran-owned company and we run it that way: straight answers, orders shipped when we say, and products we are proud to put our name on. Latex is a natural product from rubber trees, and we publish how to use and dispose of every balloon responsibly.',
    ],
  },
  {
    slug: 'terms',
    title: 'Terms and conditions',
    markdown: [
      'The terms on which we sell to trade customers.',
      '',
      '## Prices',
      '',
      'All wholesale prices are net F.O.B. ship point. Prices may change without notice; your order is charged at the price shown when it is placed.',
      '',
      '## Payment',
      '',
      'Approved accounts pay on account. Invoices not paid when due carry a late charge of 1.5% per month (18% APR), with a minimum monthly charge of $1.00. A fee of $35.00 applies to every returned check.',
      '',
      '## Returns',
      '',
      'All sales are final. If an order arrives damaged or short, tell us within 10 days of delivery and we will put it right.',
      '',
      '## Safety',
      '',
      'Choking hazard: children under 8 can choke or suffocate on uninflated or broken balloons. Adult supervision required. Keep uninflated balloons from children and discard broken balloons at once.',
    ],
  },
  {
    slug: 'privacy',
    title: 'Privacy policy',
    markdown: [
      'We collect only what we need to run your account and ship your orders.',
      '',
      '## What we collect',
      '',
      'When you open an account we keep your business name, contact names, addresses, phone number and email address, and the orders you place. When you write to us through the contact form we keep your message and the details you give.',
      '',
      '## How we use it',
      '',
      'To run your account, ship and invoice your orders, answer your questions and, if you ask for it, send you news about new products. We do not sell your details to anyone.',
      '',
      '## Cookies and storage',
      '',
      "The site keeps your sign-in in your browser's local storage so you stay signed in. We do not use advertising cookies.",
      '',
      '## Your choices',
      '',
      'You can update your details in My Account at any time, or contact us to have your account closed and your data removed.',
    ],
  },
  {
    slug: 'degradability',
    title: 'Sustainability and safe balloon practices',
    markdown: [
      'What our balloons are made of, where they go afterwards, and how to use them safely.',
      '',
      '[Sustainability](#sustainability) · [Degradability](#degradability) · [Recyclability](#recyclability) · [Safe balloon practices](#safeballoonpractices)',
      '',
      '## Sustainability',
      '',
      'Our latex balloons are made from natural latex, the sap of the rubber tree. The sap is tapped by hand, much like maple syrup, and the trees keep growing and producing for decades. Rubber plantations take in carbon dioxide and give a living to farmers in the regions where they grow.',
      '',
      '## Degradability',
      '',
      'Natural latex is biodegradable. Exposed to sunlight, air and moisture, a latex balloon oxidises, loses its colour and breaks down over time, much like an oak leaf. That is no excuse for litter: please dispose of every balloon in the bin after use, and never release balloons.',
      '',
      '## Recyclability',
      '',
      'Foil balloons and bubble balloons are made of films, not natural rubber. They are recyclable but not degradable. Let the air or helium out, fold them flat and take them to a film recycling point, or reuse them: air-filled foils with our TopTab can be refilled and hung again.',
      '',
      '## Safe balloon practices',
      '',
      '- Children under 8 can choke or suffocate on uninflated or broken balloons. Adult supervision is required.',
      '- Never inhale helium. It can cause serious injury or death.',
      '- Latex balloons contain natural rubber latex, which may cause allergic reactions in some people.',
      '- To deflate, snip the balloon just above the knot or valve, then throw it away.',
      '- Always tie helium balloons to a weight, and never let them go outdoors or near power lines.',
    ],
  },
];
