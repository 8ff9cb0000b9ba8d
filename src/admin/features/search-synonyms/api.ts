import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SearchSynonym, searchSynonymsSchema } from '../../../contract/admin/search-synonyms';
import { adminCall, adminGet } from '../../lib/admin-api';

/** Search synonyms (DESIGN.md §7 "Buying faster"): a word a buyer types and the words it also finds. */

const KEY = ['admin', 'search-synonyms'];

export function useSearchSynonyms() {
  return useQuery({ queryKey: KEY, queryFn: () => adminGet('/SearchSynonyms', searchSynonymsSchema, 'Failed to load the synonyms') });
}

export function useSaveSearchSynonyms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (synonyms: SearchSynonym[]) => adminCall('PUT', '/SearchSynonyms', searchSynonymsSchema, 'Failed to save the synonyms', { body: { synonyms } }),
    onSuccess: (saved) => queryClient.setQueryData(KEY, saved),
  });
}
