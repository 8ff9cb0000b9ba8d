import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { distributorSearchResponse } from '../../../contract/content';
import { apiGet, queryString } from '../../lib/api-client';

export type DistributorSearch = { zip: string; radiusMiles: number } | { state: string };

export function useDistributorSearch(search: DistributorSearch | null) {
  return useQuery({
    queryKey: ['distributors', search],
    enabled: search !== null,
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: () =>
      apiGet(`/Distributors/Search${queryString(search as Record<string, string | number>)}`, distributorSearchResponse, 'Failed to search distributors'),
  });
}
