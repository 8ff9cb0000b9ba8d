import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminPageSchema, type PageUpdateBody, pagePreviewSchema, pageSummarySchema } from '../../../contract/admin/pages';
import { adminCall, adminGet } from '../../lib/admin-api';

/** The storefront's text pages (DESIGN.md §5 "Catalogue and content management"). */

const KEY = ['admin', 'pages'];

export function usePages() {
  return useQuery({ queryKey: KEY, queryFn: () => adminGet('/Pages', z.array(pageSummarySchema), 'Failed to load the pages') });
}

export function usePage(slug: string) {
  return useQuery({ queryKey: [...KEY, slug], queryFn: () => adminGet(`/Pages/${slug}`, adminPageSchema, 'Failed to load the page') });
}

export function useSavePage(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PageUpdateBody) => adminCall('PUT', `/Pages/${slug}`, adminPageSchema, 'Failed to save the page', { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData([...KEY, slug], saved);
      void queryClient.invalidateQueries({ queryKey: KEY, exact: true });
    },
  });
}

/** The Markdown as buyers will get it, rendered and sanitised by the server. */
export function usePreview(markdown: string) {
  return useQuery({
    queryKey: [...KEY, 'preview', markdown],
    queryFn: () => adminCall('POST', '/Pages/Preview', pagePreviewSchema, 'Failed to render the preview', { body: { markdown } }),
    placeholderData: (previous) => previous,
    staleTime: Infinity,
  });
}
