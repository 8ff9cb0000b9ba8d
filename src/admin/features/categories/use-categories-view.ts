import { useSearchParams } from 'react-router';

/** What the categories screen shows, as the URL holds it (shareable, reloadable, Back works). */
export interface CategoriesView {
  tab: 'categories' | 'collections';
  /** The selected category of the tree, or collection, by number. */
  selected: number | null;
}

export function useCategoriesView(): [CategoriesView, (next: Partial<CategoriesView>) => void] {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'collections' ? 'collections' : 'categories';
  const raw = Number(params.get('selected'));
  const view: CategoriesView = { tab, selected: Number.isInteger(raw) && raw > 0 ? raw : null };
  const update = (next: Partial<CategoriesView>) => {
    // Another tab starts with nothing selected.
    const merged = { ...view, ...(next.tab && next.tab !== view.tab ? { selected: null } : {}), ...next };
    const search = new URLSearchParams();
    if (merged.tab === 'collections') search.set('tab', 'collections');
    if (merged.selected !== null) search.set('selected', String(merged.selected));
    setParams(search);
  };
  return [view, update];
}
