import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { taxCertificateCreatedSchema, taxCertificateListSchema } from '../../../contract/tax-certificates';
import { apiBlob, apiGet, apiUpload } from '../../lib/api-client';

/** The buyer's resale certificates (decision 0042): the list and the upload. */

export const TAX_CERTIFICATE_TEXTS = {
  fetchFailed: 'Failed to fetch your tax certificates',
  uploadFailed: 'The certificate could not be uploaded',
  fileFailed: 'The certificate file could not be opened',
} as const;

const KEY = ['taxCertificates'] as const;

export function useTaxCertificates() {
  return useQuery({ queryKey: KEY, queryFn: () => apiGet('/Customer/TaxCertificates', taxCertificateListSchema, TAX_CERTIFICATE_TEXTS.fetchFailed) });
}

export interface CertificateForm {
  number: string;
  state: string;
  expiresOn: string;
  file: File | null;
}

export function useUploadTaxCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (f: CertificateForm) => {
      const form = new FormData();
      form.append('number', f.number);
      form.append('state', f.state);
      form.append('expiresOn', f.expiresOn);
      if (f.file) form.append('file', f.file, f.file.name);
      return apiUpload('/Customer/TaxCertificates', form, taxCertificateCreatedSchema, TAX_CERTIFICATE_TEXTS.uploadFailed);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** The buyer's own file, fetched with the token (a plain link could not send it). */
export const certificateFile = (id: number) => apiBlob(`/Customer/TaxCertificates/${id}/File`, TAX_CERTIFICATE_TEXTS.fileFailed);
