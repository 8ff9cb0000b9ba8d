import { Anchor, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageMeta } from '../../lib/page-meta';
import { useCustomer } from './api';
import { addressLines, displayName } from './names';
import { CreditSection } from './credit-section';
import { PendingEmailChange } from './pending-email-change';
import { ReturnsSection } from './returns-section';
import { StockAlertsSection } from './stock-alerts-section';
import { TaxCertificatesSection } from './tax-certificates-section';

function Section({ title, edit, editLabel, children }: { title: string; edit: string; editLabel: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Anchor component={Link} to={edit} size="sm" aria-label={editLabel}>
          Edit
        </Anchor>
      </Group>
      {children}
    </Card>
  );
}

const Lines = ({ lines }: { lines: string[] }) => (
  <Stack gap={2}>
    {lines.map((l, i) => (
      <Text key={i} size="sm">
        {l}
      </Text>
    ))}
  </Stack>
);

/** The account profile (spec §2): Bill To, Ship To (default ship-to or billing), email, phone, security question; terms, credit and open invoices; returns and credit memos. */
export default function ProfilePage() {
  usePageMeta('My Account', 'Your Skyline Balloons trade account: billing and shipping addresses, email and password.');
  const customer = useCustomer();
  if (!customer) return null;
  const shipTo = customer.shipTo.find((s) => s.code === customer.defaultShipTo) ?? customer;
  return (
    <Container size="lg" py={{ base: 24, sm: 40 }} px="md">
      <Group justify="space-between" align="flex-end" mb="lg">
        <div>
          <Title order={1}>My Account</Title>
          <Text c="dimmed">{displayName(customer)}</Text>
        </div>
        <Group gap="xs">
          <Button component={Link} to="/landingpage" variant="filled">
            Account Portal
          </Button>
          <Button component={Link} to="/orders" variant="default">
            Order Status
          </Button>
          <Button component={Link} to="/cart" variant="default">
            My Cart
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <Section title="Bill To" edit="/account/editbillinginfo" editLabel="Edit billing information">
          <Lines lines={addressLines(customer)} />
        </Section>
        <Section title="Ship To" edit="/account/manageshippingaddresses" editLabel="Manage shipping addresses">
          <Lines lines={addressLines(shipTo)} />
        </Section>
        <Section title="Email" edit="/account/editemailaddress" editLabel="Edit email address">
          <Text size="sm">{customer.email}</Text>
          {!customer.emailVerified && (
            <Text size="xs" c="red.9" mt={4}>
              Not yet confirmed: see the link we mailed you.
            </Text>
          )}
          <PendingEmailChange customer={customer} />
        </Section>
        <Section title="Daytime Phone" edit="/account/editbillinginfo" editLabel="Edit daytime phone">
          <Text size="sm">{customer.dayPhone}</Text>
        </Section>
        <Section title="Security Question" edit="/account/editsecurityquestion" editLabel="Edit security question">
          <Text size="sm">{customer.securityQuesiton || 'Not set'}</Text>
        </Section>
        <Section title="Password" edit="/account/editpassword" editLabel="Change password">
          <Text size="sm">••••••••</Text>
        </Section>
      </SimpleGrid>
      <CreditSection />
      <TaxCertificatesSection />
      <StockAlertsSection />
      <ReturnsSection />
    </Container>
  );
}
