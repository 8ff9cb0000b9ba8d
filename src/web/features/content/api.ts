import { useMutation, useQuery } from '@tanstack/react-query';
import { type ContactRequest, contactResponseSchema, CONTACT_MESSAGES, contentPageSchema } from '../../../contract/content';
import { apiGet, apiPost } from '../../lib/api-client';

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: ContactRequest) => apiPost('/System/ContactUs', message, contactResponseSchema, CONTACT_MESSAGES.failed),
  });
}

/** A text page as staff last saved it (asked again on every visit: edits show at once). */
export function useContentPage(slug: string) {
  return useQuery({
    queryKey: ['content-page', slug],
    staleTime: 0,
    queryFn: () => apiGet(`/Content/Pages/${slug}`, contentPageSchema, 'Failed to load this page'),
  });
}
