import { useCustomerCertificates } from './api';
import { CertificateList } from './certificate-list';
import { Section } from '../customer-sections';

/** The customer page's "Tax certificates" panel: every certificate of the customer, newest first. */
export function TaxCertificatesSection({ customerId, canWrite }: { customerId: number; canWrite: boolean }) {
  const certificates = useCustomerCertificates(customerId);
  return (
    <Section title="Tax certificates">
      <CertificateList items={certificates.data?.items} withCustomer={false} canDecide={canWrite} empty="No resale certificate on file: orders are taxed where the shop collects tax." error={certificates.error} />
    </Section>
  );
}
