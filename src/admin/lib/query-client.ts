import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './admin-api';

/**
 * The back office's query cache. Staff act on live data, so lists are fresh for a short while
 * only; a 4xx (403, 404) is an answer, not a hiccup, and is not retried.
 */
export const adminQueryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      refetchOnWindowFocus: false,
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 1,
    },
  },
});
