import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiGet, queryString } from '../../lib/api-client';

/**
 * What the foil menu reads from GetPagedItemsForCategory (category 3, page 1, size 10; spec §7):
 * the distinct messages, themes and events, plus one picture for Number Shapes. Parsed with
 * zod/mini so the menu, which every page loads, does not pull in the full zod.
 */
const facet = z.object({ name: z.string(), link: z.string(), count: z.number() });
const menuFacets = z.object({
  items: z.array(z.object({ num: z.string(), picture: z.string() })),
  distinctMessages: z.array(facet),
  distinctThemes: z.array(facet),
  distinctEvents: z.array(facet),
});
export type MenuFacets = z.infer<typeof menuFacets>;

export function useMenuFacets(categoryNum: number, pageSize: number) {
  return useQuery({
    queryKey: ['menu', categoryNum, pageSize],
    staleTime: 10 * 60_000,
    queryFn: () => apiGet(`/Inventory/GetPagedItemsForCategory${queryString({ categoryNum, page: 1, pageSize })}`, menuFacets, 'Failed to fetch category items'),
  });
}
