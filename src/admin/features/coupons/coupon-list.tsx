import { Button, Group, Table, Text } from '@mantine/core';
import type { AdminCoupon } from '../../../contract/admin/coupons';
import { ACTIONS_COLUMN, HeadedTable } from '../../../web/components/headed-table';
import { money } from '../../../web/components/money';
import { atTime } from '../../components/dates';
import { ListCard, TableOrCards } from '../../components/table-or-cards';
import { couponOffer, couponState } from './coupon-texts';
import { StatusBadge } from '../../../web/components/status-badge';

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
    <TableOrCards
      table={
        <HeadedTable minWidth={900} striped withTableBorder verticalSpacing="sm" columns={['Code', 'Offer', 'Minimum', 'Valid', 'Used', 'State', ACTIONS_COLUMN]}>
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
        </HeadedTable>
      }
      cards={props.coupons.map((c) => (
        <ListCard key={c.id} label={`Coupon ${c.code}`}>
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
        </ListCard>
      ))}
    />
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
    <StatusBadge tone={state.tone}>
      {state.label}
    </StatusBadge>
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
