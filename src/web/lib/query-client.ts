import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one query cache. List results are cached per parameter set (spec §4 Persistence).
 * A module of its own so that route loaders can start a page's calls before the page renders
 * (app/router.tsx).
 */
export const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } } });
