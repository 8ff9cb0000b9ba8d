import { Badge, Button, Card, Container, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Customer, ShipTo } from '../../../contract/accounts';
import { SUCCESS } from '../../../contract/messages';
import { usePageMeta } from '../../lib/page-meta';
import { deleteShipTo, setDefaultShipTo, useCustomer } from './api';
import type { SaveStatus } from './edit-frame';
import { addressLines } from './names';
import { safeReturnTo } from './return-to';
import { ACCOUNT_FAILURES } from './texts';
import { useAccountActions } from './use-account-actions';

interface CardModel {
  key: string;
  code: string;
  title: string;
  address: Customer | ShipTo;
  isDefault: boolean;
  isBilling: boolean;
}

/** Manage addresses (spec §2): the billing card, then each ship-to; DEFAULT or Set as Default; Edit; Delete with a confirm dialog. */
export default function ManageAddressesPage() {
  usePageMeta('Shipping addresses', 'Manage the shipping addresses of your trade account.');
  const customer = useCustomer();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const { run, busy, status } = useAccountActions();
  const [confirming, setConfirming] = useState<CardModel | null>(null);
  if (!customer) return null;
  const cards: CardModel[] = [
    { key: 'billing', code: '', title: 'Billing address', address: customer, isDefault: customer.defaultShipTo === '', isBilling: true },
    ...customer.shipTo.map((s) => ({ key: s.code, code: s.code, title: s.orgName || s.contact || 'Shipping address', address: s, isDefault: s.code === customer.defaultShipTo, isBilling: false })),
  ];
  const addLink = `/account/addshippingaddress${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`;
  return (
    <Container size="lg" py={{ base: 24, sm: 40 }} px="md">
      <Title order={1} mb="xs">
        Shipping addresses
      </Title>
      <Text c="dimmed" mb="lg">
        The default address is where your orders ship unless you choose another at checkout.
      </Text>
      <StatusLine status={status} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {cards.map((c) => (
          <Card key={c.key} withBorder radius="md" padding="lg" component="section" aria-label={c.isBilling ? 'Billing address' : `Shipping address ${c.code}`}>
            <Group justify="space-between" mb="xs" wrap="nowrap">
              <Text fw={700}>{c.isBilling ? 'Billing address' : c.title}</Text>
              {c.isDefault && <Badge color="shop.8">DEFAULT</Badge>}
            </Group>
            <Stack gap={2} mb="md">
              {addressLines(c.address).map((l, i) => (
                <Text key={i} size="sm">
                  {l}
                </Text>
              ))}
              {c.address.dayPhone && <Text size="sm">{c.address.dayPhone}</Text>}
            </Stack>
            <Group gap="xs" mt="auto">
              {!c.isDefault && (
                <Button size="xs" variant="light" loading={busy === `default:${c.key}`} onClick={() => run(`default:${c.key}`, () => setDefaultShipTo(c.code), SUCCESS.defaultAddressUpdated, ACCOUNT_FAILURES.updateDefault)}>
                  Set as Default
                </Button>
              )}
              <Button size="xs" variant="default" component={Link} to={c.isBilling ? '/account/editbillinginfo' : `/account/editshippingaddress/${encodeURIComponent(c.code)}`} aria-label={`Edit ${c.isBilling ? 'billing address' : `address ${c.title}`}`}>
                Edit
              </Button>
              {!c.isDefault && !c.isBilling && (
                <Button size="xs" variant="outline" color="red" onClick={() => setConfirming(c)} aria-label={`Delete address ${c.title}`}>
                  Delete
                </Button>
              )}
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      <Group mt="xl" gap="sm">
        <Button component={Link} to={addLink}>
          Add New Address
        </Button>
        {returnTo ? (
          <Button component={Link} to={returnTo} variant="default">
            Back to Checkout
          </Button>
        ) : (
          <Button component={Link} to="/account" variant="default">
            Back to My Profile
          </Button>
        )}
      </Group>
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title="Delete this address?" centered>
        {confirming && (
          <>
            <Text size="sm" mb="lg">
              {addressLines(confirming.address).join(', ')} will be removed from your account.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirming(null)}>
                Cancel
              </Button>
              <Button
                color="red"
                loading={busy === `delete:${confirming.key}`}
                onClick={async () => {
                  await run(`delete:${confirming.key}`, () => deleteShipTo(confirming.code), SUCCESS.addressDeleted, ACCOUNT_FAILURES.deleteAddress);
                  setConfirming(null);
                }}
              >
                Delete
              </Button>
            </Group>
          </>
        )}
      </Modal>
    </Container>
  );
}

function StatusLine({ status }: { status: SaveStatus | null }) {
  return (
    <Text role={status && !status.ok ? 'alert' : 'status'} c={status?.ok ? 'green.9' : 'red.8'} fw={600} mb={status ? 'md' : 0} size="sm">
      {status?.text ?? ''}
    </Text>
  );
}
