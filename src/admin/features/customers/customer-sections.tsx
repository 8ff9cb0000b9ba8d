import { Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { CUSTOMERS_ADMIN, type AdminCustomer } from '../../../contract/admin/customers';
import { money } from '../../../web/components/money';
import { OrderStatusBadge } from '../../../web/components/order-status-badge';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CallError } from '../../components/form-problems';
import { atTime } from '../../components/dates';
import { useAddNote, useRevokeSessions } from './api';
import { CustomerEditDialog } from './customer-edit-dialog';

type Address = AdminCustomer['billing'];

/** A titled card of the customer page, with an optional action beside its title. */
export function Section({ title, children, action }: { title: string; children: React.ReactNode; action?: React.ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

function AddressBlock({ label, a }: { label: string; a: Address }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {label}
        {a.isDefault ? ' (default ship-to)' : ''}
      </Text>
      {[a.orgName, a.contact, a.addressLine1, `${a.city}, ${a.state} ${a.zip}`, a.country, a.dayPhone, a.email].filter((l) => l.trim() && l.trim() !== ',').map((l, i) => (
        <Text key={i} size="sm">
          {l}
        </Text>
      ))}
    </div>
  );
}

export function ProfileSection({ customer: c, canWrite }: { customer: AdminCustomer; canWrite: boolean }) {
  const [editing, setEditing] = useState(false);
  return (
    <Section
      title="Profile and addresses"
      action={
        canWrite && (
          <Button size="xs" variant="default" onClick={() => setEditing(true)}>
            Edit profile
          </Button>
        )
      }
    >
      {editing && <CustomerEditDialog customer={c} onClose={() => setEditing(false)} />}
      <Stack gap="sm">
        <Text size="sm">
          {c.email} {c.emailVerified ? '(verified)' : '(not verified)'}
          {c.pendingEmail && ` · changing to ${c.pendingEmail}`}
        </Text>
        <Text size="sm">
          Account {c.code} · opened {atTime(c.createdAt)}
          {c.web && ` · ${c.web}`}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <AddressBlock label="Billing" a={c.billing} />
          {c.shipTos.map((s) => (
            <AddressBlock key={s.code} label={`Ship-to ${s.code}`} a={s} />
          ))}
        </SimpleGrid>
      </Stack>
    </Section>
  );
}

export function OrdersSection({ customer: c }: { customer: AdminCustomer }) {
  return (
    <Section
      title={`Orders (${c.orderCount})`}
      action={
        c.orderCount > c.recentOrders.length && (
          <Anchor component={Link} to={`/orders?customer=${c.id}`} size="sm">
            All orders
          </Anchor>
        )
      }
    >
      {c.recentOrders.length === 0 ? (
        <Text size="sm">No orders yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Order</Table.Th>
                <Table.Th>Placed</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {c.recentOrders.map((o) => (
                <Table.Tr key={o.orderNum}>
                  <Table.Td>
                    <Anchor component={Link} to={`/orders/${o.orderNum}`}>
                      {o.orderNum}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{atTime(o.createdAt)}</Table.Td>
                  <Table.Td>
                    <OrderStatusBadge status={o.statusCode} size="sm" />
                  </Table.Td>
                  <Table.Td ta="right">{o.cancelledTotal > 0 ? `${money(o.total)} (was ${money(o.originalTotal)})` : money(o.total)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

export function NotesSection({ customer: c, canWrite }: { customer: AdminCustomer; canWrite: boolean }) {
  const add = useAddNote(c.id);
  const [text, setText] = useState('');
  return (
    <Section title="Notes">
      <Stack gap="sm">
        {canWrite && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              add.mutate(text, { onSuccess: () => setText('') });
            }}
          >
            <Stack gap="xs">
              <Textarea label="New note" description="Only staff see notes" autosize minRows={2} maxLength={CUSTOMERS_ADMIN.noteMax} value={text} onChange={(e) => setText(e.currentTarget.value)} />
              <CallError error={add.error} />
              <Group>
                <Button type="submit" variant="default" loading={add.isPending}>
                  Add note
                </Button>
              </Group>
            </Stack>
          </form>
        )}
        {c.notes.length === 0 && <Text size="sm">No notes.</Text>}
        {c.notes.map((n) => (
          <div key={n.id}>
            <Text size="xs">
              {n.author} · {atTime(n.createdAt)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {n.text}
            </Text>
          </div>
        ))}
      </Stack>
    </Section>
  );
}

export function SessionsSection({ customer: c, canWrite }: { customer: AdminCustomer; canWrite: boolean }) {
  const revoke = useRevokeSessions(c.id);
  // undefined: no dialog; null: every session; a number: that one.
  const [confirm, setConfirm] = useState<number | null | undefined>(undefined);
  const close = () => {
    setConfirm(undefined);
    revoke.reset();
  };
  return (
    <Section
      title={`Signed in (${c.sessions.length})`}
      action={
        canWrite &&
        c.sessions.length > 0 && (
          <Button size="xs" variant="default" onClick={() => setConfirm(null)}>
            Sign out everywhere
          </Button>
        )
      }
    >
      {c.sessions.length === 0 && <Text size="sm">Not signed in anywhere.</Text>}
      <Stack gap="xs">
        {c.sessions.map((s) => (
          <Group key={s.id} justify="space-between" wrap="nowrap">
            <Text size="sm">
              {s.actingStaff ? `${s.actingStaff}, viewing the shop as this customer, since ${atTime(s.createdAt)} · ends ${atTime(s.expiresAt)}` : `Since ${atTime(s.createdAt)} · last seen about ${atTime(s.lastSeenAt)}`}
            </Text>
            {canWrite && (
              <Button size="xs" variant="default" onClick={() => setConfirm(s.id)} aria-label={`Sign out the session since ${atTime(s.createdAt)}`}>
                Sign out
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      {confirm !== undefined && (
        <ConfirmDialog
          title={confirm === null ? 'Sign out everywhere?' : 'Sign out this session?'}
          message={confirm === null ? 'The customer is signed out on every device and must sign in again.' : 'The customer is signed out on that device and must sign in again there.'}
          confirmLabel="Sign out"
          pending={revoke.isPending}
          error={revoke.error}
          onConfirm={() => revoke.mutate(confirm, { onSuccess: close })}
          onClose={close}
        />
      )}
    </Section>
  );
}
