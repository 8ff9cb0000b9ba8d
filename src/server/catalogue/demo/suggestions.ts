import type { BuiltItem } from './item-builder';
import type { SeededRandom } from './random';

/**
 * Fills each item's suggested items: 2 to 4 others sharing its most specific relation (same
 * message, theme, event or colour), never the same product in another colour, which the detail
 * page already lists under `colors`.
 */
export function assignSuggestions(items: BuiltItem[], rng: SeededRandom): void {
  // Every item also relates to its category, the fallback when nothing more specific fits.
  const keysOf = (item: BuiltItem) => [...item.related, `category:${item.categoryNum}`];
  const byKey = new Map<string, BuiltItem[]>();
  for (const item of items) {
    for (const key of keysOf(item)) {
      const list = byKey.get(key) ?? [];
      list.push(item);
      byKey.set(key, list);
    }
  }
  for (const item of items) {
    const wanted = rng.int(2, 4);
    const chosen: string[] = [];
    const fits = (other: BuiltItem) =>
      other.num !== item.num && !chosen.includes(other.num) && (item.colorGroup === '' || other.colorGroup !== item.colorGroup);
    for (const key of keysOf(item)) {
      if (chosen.length >= wanted) break;
      const candidates = (byKey.get(key) ?? []).filter(fits);
      for (const other of rng.sample(candidates, wanted - chosen.length)) chosen.push(other.num);
    }
    item.suggestedNums = chosen;
  }
}
