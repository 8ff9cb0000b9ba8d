import { useSearchParams } from 'react-router';
import { DISTRIBUTORS, distributorsQuery, type DistributorsQuery } from '../../../contract/admin/distributors';

/** The list's search, state and page as the URL holds them (shareable, reloadable, Back works). */
export type DistributorsFilter = Partial<Pick<DistributorsQuery, 'q' | 'state'>> & Pick<DistributorsQuery, 'page' | 'pageSize'>;

const KEYS = ['q', 'state', 'page', 'pageSize'] as const;
const DEFAULTS: DistributorsFilter = { page: 1, pageSize: DISTRIBUTORS.defaultPageSize };

export function useDistributorsFilter(): [DistributorsFilter, (patch: Partial<DistributorsFilter>) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Object.fromEntries(KEYS.map((k) => [k, params.get(k) ?? undefined]).filter(([, v]) => v !== undefined && v !== ''));
  // A hand-edited URL with a bad value falls back to the defaults rather than failing the page.
  const parsed = distributorsQuery.safeParse(raw);
  const filter: DistributorsFilter = parsed.success ? parsed.data : DEFAULTS;
  const update = (patch: Partial<DistributorsFilter>) => {
    const next = { ...filter, ...('page' in patch ? {} : { page: 1 }), ...patch };
    const search = new URLSearchParams();
    for (const k of KEYS) {
      const v = next[k];
      if (v === undefined || v === '' || v === DEFAULTS[k]) continue;
      search.set(k, String(v));
    }
    setParams(search);
  };
  return [filter, update];
}
