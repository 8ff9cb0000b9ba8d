import { useMutation, useQuery } from '@tanstack/react-query';
import { creditSummarySchema } from '../../../contract/money';
import { apiBlob, apiGet, saveBlob } from '../../lib/api-client';

/** The buyer's terms, credit and open invoices, and their PDFs (decision 0022). */
export function useCreditSummary() {
  return useQuery({ queryKey: ['account', 'credit'], staleTime: 0, queryFn: () => apiGet('/Shop/GetCreditSummary', creditSummarySchema, 'Failed to load your account terms') });
}

/** An invoice or the statement as a PDF download (the token goes in a header, so not a plain link). */
export function usePdfDownload() {
  return useMutation({
    mutationFn: async (what: { invoiceNum: number } | 'statement') =>
      what === 'statement'
        ? saveBlob(await apiBlob('/Shop/GetStatement', 'Failed to download the statement'), `statement-${new Date().toISOString().slice(0, 10)}.pdf`)
        : saveBlob(await apiBlob(`/Shop/GetInvoice/${what.invoiceNum}`, 'Failed to download the invoice'), `invoice-${what.invoiceNum}.pdf`),
  });
}
