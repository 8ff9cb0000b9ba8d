import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiKeyListSchema, apiKeySchema, createdApiKeySchema, type NewApiKeyBody } from '../../../contract/admin/api-keys';
import { adminCall, adminGet } from '../../lib/admin-api';

/** API keys' calls (DESIGN.md §5 "Integration"): list, create (the key in that answer only), revoke. */

const KEY = ['admin', 'api-keys'];

export function useApiKeys() {
  return useQuery({ queryKey: KEY, queryFn: async () => (await adminGet('/ApiKeys', apiKeyListSchema, 'Failed to load the API keys')).items });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewApiKeyBody) => adminCall('POST', '/ApiKeys', createdApiKeySchema, 'Failed to create the key', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminCall('DELETE', `/ApiKeys/${id}`, apiKeySchema, 'Failed to revoke the key'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
