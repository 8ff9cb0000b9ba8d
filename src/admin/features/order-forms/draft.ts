import type { OrderForm, OrderFormUpdateBody } from '../../../contract/admin/order-forms';

/**
 * The editor's working copy of a form: pages and sections keep their ids (new ones have none and
 * a local key for React), items their titles for display. Pure functions, tested beside it.
 */
export interface DraftItem {
  itemNum: string;
  title: string;
}
export interface DraftSection {
  key: string;
  id?: number;
  title: string;
  items: DraftItem[];
}
export interface DraftPage {
  key: string;
  id?: number;
  title: string;
  sections: DraftSection[];
}

let serial = 0;
export const newKey = () => `new-${++serial}`;

export function draftOf(form: OrderForm): DraftPage[] {
  return form.pages.map((p) => ({
    key: `page-${p.id}`,
    id: p.id,
    title: p.title,
    sections: p.sections.map((s) => ({ key: `section-${s.id}`, id: s.id, title: s.title, items: s.items.map((i) => ({ itemNum: i.itemNum, title: i.title })) })),
  }));
}

export function pagesBody(pages: DraftPage[]): OrderFormUpdateBody['pages'] {
  return pages.map((p) => ({ id: p.id, title: p.title, sections: p.sections.map((s) => ({ id: s.id, title: s.title, items: s.items.map((i) => i.itemNum) })) }));
}

/** The list with element `i` moved by `delta` places (unchanged at either end). */
export function moved<T>(list: readonly T[], i: number, delta: -1 | 1): T[] {
  const j = i + delta;
  if (j < 0 || j >= list.length) return [...list];
  const out = [...list];
  [out[i], out[j]] = [out[j]!, out[i]!];
  return out;
}

export const replaced = <T>(list: readonly T[], i: number, value: T): T[] => list.map((x, k) => (k === i ? value : x));
export const without = <T>(list: readonly T[], i: number): T[] => list.filter((_, k) => k !== i);

/** True when the item number is on the form already (an item appears once per form). */
export const hasItem = (pages: DraftPage[], num: string) => pages.some((p) => p.sections.some((s) => s.items.some((i) => i.itemNum === num)));
