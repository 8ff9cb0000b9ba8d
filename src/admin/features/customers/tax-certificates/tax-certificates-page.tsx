import { Stack, Text, Title } from '@mantine/core';
import { useCan } from '../../../lib/session';
import { useAdminTitle } from '../../../lib/title';
import { usePendingCertificates } from './api';
import { CertificateList } from './certificate-list';

/** The queue: resale certificates waiting for review, oldest first, each with View file, Accept and Reject. */
export default function TaxCertificatesPage() {
  useAdminTitle('Tax certificates');
  const pending = usePendingCertificates();
  const can = useCan();
  return (
    <Stack>
      <Title order={1}>Tax certificates</Title>
      <Text size="sm" c="dimmed">
        Resale and exemption certificates waiting for review, oldest first. Accepting one makes the customer&apos;s orders shipped to its state tax-exempt until it expires; the buyer is mailed either way.
      </Text>
      <CertificateList items={pending.data?.items} withCustomer canDecide={can('customers:write')} empty="No certificates waiting for review." error={pending.error} />
    </Stack>
  );
}
