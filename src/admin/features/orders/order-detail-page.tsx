import { Button, Grid, Text } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { EDITABLE_STATUSES, ORDER_SOURCE_LABELS, type OrderAction } from '../../../contract/admin/orders';
import type { Permission } from '../../../contract/admin/permissions';
import { OrderLines } from '../../../web/components/order-lines';
import { OrderStatusBadge } from '../../../web/components/order-status-badge';
import { atTime } from '../../components/dates';
import { RecordHeader, RecordPage } from '../../components/record-page';
import { useCan } from '../../lib/session';
import { useAdminTitle } from '../../lib/title';
import { CancelDialog } from './actions/cancel-dialog';
import { EditOrder } from './actions/edit-order';
import { ShipDialog } from './actions/ship-dialog';
import { ConfirmActionDialog, HoldDialog } from './actions/simple-action-dialog';
import { useAdminOrder } from './api';
import { OrderReturnsSection } from './order-returns-section';
import { CustomerSection, InvoicesSection, ShipmentsSection, TimelineSection, TotalsSection } from './order-sections';

const ACTION_BUTTONS: { action: OrderAction; label: string; permission: Permission; color?: string; variant?: string }[] = [
  { action: 'accept', label: 'Accept', permission: 'orders:write' },
  { action: 'ship', label: 'Ship', permission: 'orders:ship' },
  { action: 'hold', label: 'Hold', permission: 'orders:write', variant: 'default' },
  { action: 'release', label: 'Release', permission: 'orders:write', variant: 'default' },
  { action: 'cancel', label: 'Cancel…', permission: 'orders:write', color: 'red.9', variant: 'outline' },
];

/** One order: header and actions, customer and totals, lines with their five quantities, shipments, invoices, returns, timeline. */
export default function OrderDetailPage() {
  const orderNum = Number(useParams().orderNum);
  useAdminTitle(`Order ${orderNum}`);
  const query = useAdminOrder(orderNum);
  const can = useCan();
  const [dialog, setDialog] = useState<OrderAction | null>(null);
  const [editing, setEditing] = useState(false);
  const order = query.data;
  const reload = () => {
    setDialog(null);
    void query.refetch();
  };
  const buttons = order && !editing ? ACTION_BUTTONS.filter((b) => order.actions.includes(b.action) && can(b.permission)) : [];
  const editable = !!order && !editing && can('orders:write') && (EDITABLE_STATUSES as readonly string[]).includes(order.statusCode);
  const dialogProps = order ? { order, opened: true, onClose: () => setDialog(null), onReload: reload } : null;

  return (
    <RecordPage list={{ to: '/orders', label: 'Orders' }} crumb={`Order ${Number.isFinite(orderNum) ? orderNum : ''}`} loading="Loading the order" query={query}>
      {(order) => (
        <>
          <RecordHeader
            title={`Order ${order.orderNum}`}
            badge={<OrderStatusBadge status={order.statusCode} size="lg" />}
            actionsLabel="Order actions"
            actions={
              <>
                {editable && (
                  <Button variant="default" onClick={() => setEditing(true)}>
                    Edit
                  </Button>
                )}
                {buttons.map((b) => (
                  <Button key={b.action} color={b.color} variant={b.variant ?? 'filled'} onClick={() => setDialog(b.action)}>
                    {b.label}
                  </Button>
                ))}
              </>
            }
          >
            <Text size="sm" c="dimmed" mt={4}>
              Placed {atTime(order.createdAt)} by {order.customer.orgName}
              {order.poNumber ? ` · PO ${order.poNumber}` : ''}
            </Text>
            {order.enteredBy && (
              <Text size="sm" mt={2}>
                Entered by {order.enteredBy.name} · {ORDER_SOURCE_LABELS[order.source].toLowerCase()}
              </Text>
            )}
            {order.holdReason && (
              <Text size="sm" c="orange.9" fw={600}>
                On hold: {order.holdReason}
              </Text>
            )}
          </RecordHeader>
          <Grid>
            <Grid.Col span={{ base: 12, md: 7 }}>
              <CustomerSection order={order} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <TotalsSection order={order} />
            </Grid.Col>
          </Grid>
          {editing ? (
            <EditOrder order={order} onDone={() => setEditing(false)} onReload={reload} />
          ) : (
            <OrderLines rows={order.lines} caption={order.lines.length === 1 ? '1 line' : `${order.lines.length} lines`} allQuantities />
          )}
          <ShipmentsSection order={order} packingSlips={can('orders:ship')} />
          <InvoicesSection order={order} pdfs={can('invoices:read')} />
          {can('orders:write') && <OrderReturnsSection order={order} />}
          <TimelineSection order={order} />
          {dialogProps && (dialog === 'accept' || dialog === 'release') && <ConfirmActionDialog {...dialogProps} action={dialog} />}
          {dialogProps && dialog === 'hold' && <HoldDialog {...dialogProps} />}
          {dialogProps && dialog === 'ship' && <ShipDialog {...dialogProps} />}
          {dialogProps && dialog === 'cancel' && <CancelDialog {...dialogProps} />}
        </>
      )}
    </RecordPage>
  );
}
