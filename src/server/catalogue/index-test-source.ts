import type { CategoryRow, IndexSource, ItemRow } from './read-index/types';
import type { SearchTextRow } from './search/words';

/** A synthetic catalogue for the index tests, the same every time (a fixed pseudo-random sequence). */

/** Words that share prefixes ("red", "redwood", "rose"), so prefix ranges overlap and nest. */
export const vocabulary = ['red', 'redwood', 'rose', 'royal', 'blue', 'balloon', 'birthday', 'bubble', 'gold', 'star', 'heart', 'happy', 'crème', 'straße', 'Ünicorn', '11"', '16in', 'x'];
const colours = ['Red', 'Royal Blue', 'Gold', 'Clear', 'Pink'];
const events = ['Birthday', 'Wedding', 'Graduation'];
const categories: CategoryRow[] = [
  { num: 1, description: 'Latex', parent_num: 0, kind: 'tree', logo: '', be_cat: '' },
  { num: 11, description: '11 inch', parent_num: 1, kind: 'tree', logo: '', be_cat: '' },
  { num: 3, description: 'Foil', parent_num: 0, kind: 'tree', logo: '', be_cat: '' },
  { num: 900, description: 'New', parent_num: 0, kind: 'nv', logo: '', be_cat: '' },
];
export const SCOPES = [undefined, 1, 11, 3, 900] as const;

/** An index row as the index tests build them: price 50 cents (list 100), one unit in each warehouse, no pictures, no colour. */
export function itemRow(fields: Pick<ItemRow, 'id' | 'num' | 'category_num' | 'web_title' | 'created_at'> & Partial<ItemRow>): ItemRow {
  return { code: '', picture: '', logo: '', srp_cents: 100, price_cents: 50, case_qty: 1, is_new: 0, qty_fr: 1, qty_fh: 1, reserve_fr: 0, reserve_fh: 0, color_family: '', color_group: '', ...fields };
}

/** 2,000 items whose texts are drawn from the vocabulary, their facets, NV memberships and search rows. */
export function searchSource(): { source: IndexSource; rows: SearchTextRow[] } {
  let seed = 7;
  const next = (k: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648) >>> 8) % k;
  const items: ItemRow[] = [];
  const rows: SearchTextRow[] = [];
  const facets: IndexSource['facets'] = [];
  const nvMemberships: IndexSource['nvMemberships'] = [];
  for (let i = 0; i < 2000; i++) {
    const id = 5000 - i;
    const words = Array.from({ length: 1 + next(4) }, () => vocabulary[next(vocabulary.length)]!);
    items.push(
      itemRow({
        id,
        num: String(100000 + next(900000)),
        code: `C-${next(100)}.${i}`,
        category_num: [1, 11, 3][next(3)]!,
        web_title: words.join(' '),
        created_at: new Date(Date.UTC(2025, 0, 1) + next(400) * 86_400_000).toISOString(),
      }),
    );
    // One item in ten has no search row (as if it were imported between the two loads).
    if (i % 10 !== 3) rows.push({ id, key_words: next(3) === 0 ? vocabulary[next(vocabulary.length)]! : '', upc: `07${next(1e9)}` });
    const colour = colours[next(colours.length)]!;
    facets.push({ item_id: id, kind: 'color', name: colour, link: colour.toLowerCase().replace(' ', '-') });
    const event = events[next(3)]!;
    if (next(2) === 0) facets.push({ item_id: id, kind: 'event', name: event, link: event.toLowerCase() });
    facets.push({ item_id: id, kind: 'size', name: '', link: next(2) ? '11"' : '16"' });
    facets.push({ item_id: id, kind: 'poscat', name: `Poscat ${i % 4}`, link: String(i % 4) });
    if (next(5) === 0) nvMemberships.push({ category_num: 900, item_id: id });
  }
  return { source: { categories, items, facets, nvMemberships }, rows };
}
