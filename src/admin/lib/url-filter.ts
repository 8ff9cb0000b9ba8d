import { useSearchParams } from 'react-router';
import type { z } from 'zod';

/**
 * A list screen's search, filters, sort and page as the URL holds them (shareable, reloadable,
 * Back works). `schema` is the list call's query schema; values equal to `defaults` stay out of
 * the URL, and a change to anything but the page goes back to page 1.
 */
export function useUrlFilter<F extends Record<string, unknown>>(
  schema: z.ZodType<F>,
  keys: readonly (keyof F & string)[],
  defaults: F,
): [F, (patch: Partial<F>) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? undefined]).filter(([, v]) => v !== undefined && v !== ''));
  // A hand-edited URL with a bad value falls back to the defaults rather than failing the page.
  const parsed = schema.safeParse(raw);
  const filter: F = parsed.success ? parsed.data : defaults;
  const update = (patch: Partial<F>) => {
    const next: F = { ...filter, ...('page' in patch ? {} : { page: 1 }), ...patch };
    const search = new URLSearchParams();
    for (const k of keys) {
      const v = next[k];
      if (v === undefined || v === '' || v === defaults[k]) continue;
      search.set(k, String(v));
    }
    setParams(search);
  };
  return [filter, update];
}
