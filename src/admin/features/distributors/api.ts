import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type DistributorCreateBody,
  distributorImportResultSchema,
  adminDistributorSchema,
  distributorsPageSchema,
  type DistributorsQuery,
  type DistributorUpdateBody,
} from '../../../contract/admin/distributors';
import { adminCall, adminGet, queryString } from '../../lib/admin-api';

/** Where to Buy's distributors (DESIGN.md §5 "Catalogue and content management"). */

const KEY = ['admin', 'distributors'];

export function useDistributors(filter: Partial<DistributorsQuery>) {
  return useQuery({
    queryKey: [...KEY, filter],
    placeholderData: keepPreviousData,
    queryFn: () => adminGet(`/Distributors${queryString({ q: filter.q, state: filter.state, page: filter.page, pageSize: filter.pageSize })}`, distributorsPageSchema, 'Failed to load the distributors'),
  });
}

export function useSaveDistributor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: DistributorCreateBody | DistributorUpdateBody }) =>
      id === null
        ? adminCall('POST', '/Distributors', adminDistributorSchema, 'Failed to add the distributor', { body })
        : adminCall('PUT', `/Distributors/${id}`, adminDistributorSchema, 'Failed to save the distributor', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteDistributor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminCall('DELETE', `/Distributors/${id}`, null, 'Failed to delete the distributor'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** A CSV's text: a dry run (nothing written) or the import itself. */
export function useImportDistributors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, dryRun }: { csv: string; dryRun: boolean }) =>
      adminCall('POST', `/Distributors/Import?dryRun=${dryRun ? 1 : 0}`, distributorImportResultSchema, 'Failed to read the file', { body: { csv } }),
    onSuccess: (result) => {
      if (result.applied) void queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
}
