import { useMutation, useQuery } from '@tanstack/react-query';
import { catalogsRegeneratedSchema } from '../../../contract/admin/catalogs';
import { importJobSchema, importReportSchema, importStartedSchema, type ItemsExportQuery } from '../../../contract/admin/item-import';
import { adminCall, adminGet, documentUrl, queryString } from '../../lib/admin-api';

/** The catalogue CSV's calls (DESIGN.md §5 "Catalogue and content management") and the catalogue PDFs' Regenerate. */

/** How often a running import is asked where it is. */
const PROGRESS_MS = 500;

const fileForm = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return form;
};

export function useDryRun() {
  return useMutation({
    mutationFn: (file: File) => adminCall('POST', '/Items/Import?dryRun=1', importReportSchema, 'Failed to check the file', { body: fileForm(file) }),
  });
}

export function useApplyImport() {
  return useMutation({
    mutationFn: (file: File) => adminCall('POST', '/Items/Import?dryRun=0', importStartedSchema, 'Failed to start the import', { body: fileForm(file) }),
  });
}

/** The job's progress, asked until it is done or failed. */
export function useImportJob(jobId: string | null) {
  return useQuery({
    queryKey: ['admin', 'item-import', jobId],
    enabled: jobId !== null,
    queryFn: () => adminGet(`/Items/Import/${jobId}`, importJobSchema, 'Failed to read the import\'s progress'),
    refetchInterval: (query) => (query.state.data?.status === 'running' || !query.state.data ? PROGRESS_MS : false),
  });
}

export function useRegenerateCatalogs() {
  return useMutation({
    mutationFn: () => adminCall('POST', '/Catalogs/Regenerate', catalogsRegeneratedSchema, 'Failed to regenerate the catalogue PDFs'),
  });
}

/** The export as a plain download link (the session cookie goes with it). */
export const exportUrl = (filter: ItemsExportQuery) => documentUrl(`/Items/Export.csv${queryString({ q: filter.q, category: filter.category, status: filter.status })}`);
