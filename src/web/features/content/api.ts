import { useMutation } from '@tanstack/react-query';
import { type ContactRequest, contactResponseSchema, CONTACT_MESSAGES } from '../../../contract/content';
import { apiPost } from '../../lib/api-client';

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: ContactRequest) => apiPost('/System/ContactUs', message, contactResponseSchema, CONTACT_MESSAGES.failed),
  });
}
