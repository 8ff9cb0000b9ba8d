import { Badge, Box, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { AdminCoupon } from '../../../contract/admin/coupons';
import { money } from '../../../web/components/money';
import { atTime } from '../../components/dates';
import { couponOffer, couponState } from './coupon-texts';

interface ListProps {
  coupons: AdminCoupon[];
  canEdit: boolean;
  onEdit: (c: AdminCoupon) => void;
  /** Delete (unused) or end (used). */
  onRemove: (c: AdminCoupon) => void;
}

const limit = (n: number | null) => (n === null ? 'no limit' : n.toLocaleString('en-US'));
const dates = (c: AdminCoupon) => `${c.validFrom ? atTime(c.validFrom) : 'now'} – ${c.validUntil ? atTime(c.validUntil) : 'no end'}`;

/** The coupons as a table on wider screens and as stacked cards on a phone. */
export function CouponList(props: ListProps) {
  return (
    <>
      <Box visibleFrom="sm">
        <Table.ScrollContainer minWidth={900}>
          <Table striped withTableBorder verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Code</Table.Th>
                <Table.Th>Offer</Table.Th>
                <Table.Th>Minimum</Table.Th>
                <Table.Th>Valid</Table.Th>
                <Table.Th>Used</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {props.coupons.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    <Text fw={600}>{c.code}</Text>
                    <Text size="sm">{c.name}</Text>
                  </Table.Td>
                  <Table.Td>{couponOffer(c)}</Table.Td>
                  <Table.Td>{c.minimum > 0 ? money(c.minimum) : '—'}</Table.Td>
                  <Table.Td maw={220}>
                    <Text size="sm">{dates(c)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Uses coupon={c} />
                  </Table.Td>
                  <Table.Td>
                    <StateBadge coupon={c} />
                  </Table.Td>
                  <Table.Td>
                    <Actions coupon={c} {...props} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
      <Stack hiddenFrom="sm" gap="sm">
        {props.coupons.map((c) => (
          <Paper key={c.id} withBorder p="sm" component="section" aria-label={`Coupon ${c.code}`}>
            <Stack gap={6}>
              <Group justify="space-between">
                <Text fw={600}>{c.code}</Text>
                <StateBadge coupon={c} />
              </Group>
              <Text size="sm">
                {c.name}: {couponOffer(c)}
                {c.minimum > 0 ? ` on ${money(c.minimum)} or more` : ''}
              </Text>
              <Text size="sm">{dates(c)}</Text>
              <Uses coupon={c} />
              <Actions coupon={c} {...props} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}

function Uses({ coupon: c }: { coupon: AdminCoupon }) {
  return (
    <Text size="sm">
      {c.uses.toLocaleString('en-US')} of {limit(c.maxUses)}
      {c.maxUsesPerCustomer !== null && ` (${c.maxUsesPerCustomer} per customer)`}
    </Text>
  );
}

function StateBadge({ coupon }: { coupon: AdminCoupon }) {
  const state = couponState(coupon);
  return (
    <Badge color={state.color} variant="filled" miw="max-content">
      {state.label}
    </Badge>
  );
}

function Actions({ coupon: c, canEdit, onEdit, onRemove }: { coupon: AdminCoupon } & Omit<ListProps, 'coupons'>) {
  if (!canEdit) return null;
  return (
    <Group gap={6} wrap="nowrap">
      <Button size="xs" variant="default" onClick={() => onEdit(c)} aria-label={`Edit ${c.code}`}>
        Edit
      </Button>
      {(c.uses === 0 || c.active) && (
        <Button size="xs" variant="outline" color="red.9" onClick={() => onRemove(c)} aria-label={`${c.uses === 0 ? 'Delete' : 'End'} ${c.code}`}>
          {c.uses === 0 ? 'Delete' : 'End'}
        </Button>
      )}
    </Group>
  );
}
