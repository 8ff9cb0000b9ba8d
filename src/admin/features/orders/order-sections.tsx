import { Anchor, Paper, Stack, Table, Text, Timeline, Title } from '@mantine/core';
import type { AdminOrder } from '../../../contract/admin/orders';
import type { Shipment } from '../../../contract/order-lifecycle';
import { HeadedTable } from '../../../web/components/headed-table';
import { money } from '../../../web/components/money';
import { OrderTotalsList } from '../../../web/components/order-totals';
import { atTime, onDate } from '../../components/dates';
import { documentUrl } from '../../lib/admin-api';
import { useCan } from '../../lib/session';
import { Link } from 'react-router';

export const CARRIER_LABELS: Record<Shipment['carrier'], string> = { ups: 'UPS', fedex: 'FedEx', usps: 'USPS', ltl: 'LTL freight', pickup: 'Pick-up', other: 'Other' };
export const WAREHOUSE_LABELS = { west: 'West', east: 'East' } as const;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="sm" id={id}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export function CustomerSection({ order }: { order: AdminOrder }) {
  const a = order.shipTo;
  const canReadCustomers = useCan()('customers:read');
  return (
    <Section title="Customer">
      <Stack gap={2}>
        {canReadCustomers ? (
          <Anchor component={Link} to={`/customers/${order.customer.id}`} fw={600}>
            {order.customer.orgName}
          </Anchor>
        ) : (
          <Text fw={600}>{order.customer.orgName}</Text>
        )}
        <Anchor href={`mailto:${order.customer.email}`} size="sm">
          {order.customer.email}
        </Anchor>
        <Text size="sm" mt="xs" fw={600}>
          Ship to
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {[a.orgName, a.contact, a.addressLine1, `${a.city}, ${a.state} ${a.zip}`, a.country, a.dayPhone].filter(Boolean).join('\n')}
        </Text>
        <Text size="sm" mt="xs">
          {order.shippingOption.name}
          {order.poNumber ? ` · PO ${order.poNumber}` : ''}
        </Text>
        {order.comments && (
          <Text size="sm" c="dimmed">
            “{order.comments}”
          </Text>
        )}
      </Stack>
    </Section>
  );
}

export function TotalsSection({ order }: { order: AdminOrder }) {
  return (
    <Section title="Totals">
      <OrderTotalsList
        totals={order}
        coupons={order.coupons}
        shipping={{ label: 'Shipping', value: money(order.shipping) }}
        cancelNote="Total is what remains to be delivered and paid. Subtotal, discount, shipping and sales tax are of what remains."
        taxTerms={order}
      />
    </Section>
  );
}

export function ShipmentsSection({ order, packingSlips }: { order: AdminOrder; packingSlips: boolean }) {
  if (order.shipments.length === 0) return null;
  return (
    <Section title="Shipments">
      <HeadedTable minWidth={560} striped columns={['Shipment', 'From', 'Shipped', 'Carrier and tracking', { label: 'Units', ta: 'right' }, 'Documents']}>
        {order.shipments.map((s) => (
          <Table.Tr key={s.shipmentNum} data-testid={`shipment-${s.shipmentNum}`}>
            <Table.Td>{s.shipmentNum}</Table.Td>
            <Table.Td>{WAREHOUSE_LABELS[s.warehouse]}</Table.Td>
            <Table.Td>{atTime(s.shippedAt)}</Table.Td>
            <Table.Td>
              {CARRIER_LABELS[s.carrier]}{' '}
              {s.trackingUrl ? (
                <Anchor href={s.trackingUrl} target="_blank" rel="noopener noreferrer">
                  {s.trackingNumber}
                </Anchor>
              ) : (
                s.trackingNumber
              )}
            </Table.Td>
            <Table.Td ta="right">{s.lines.reduce((n, l) => n + l.qty, 0)}</Table.Td>
            <Table.Td>
              {packingSlips && (
                <Anchor href={documentUrl(`/Shipments/${s.shipmentNum}/PackingSlip.pdf`)} target="_blank" rel="noopener">
                  Packing slip {s.shipmentNum}
                </Anchor>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </HeadedTable>
    </Section>
  );
}

export function InvoicesSection({ order, pdfs }: { order: AdminOrder; pdfs: boolean }) {
  if (order.invoices.length === 0) return null;
  return (
    <Section title="Invoices">
      <HeadedTable minWidth={480} striped columns={['Invoice', 'Date', 'Due', 'Status', { label: 'Total', ta: 'right' }]}>
        {order.invoices.map((i) => (
          <Table.Tr key={i.invoiceNum}>
            <Table.Td>
              {pdfs ? (
                <Anchor href={documentUrl(`/Invoices/${i.invoiceNum}.pdf`)} target="_blank" rel="noopener" aria-label={`Invoice ${i.invoiceNum} (PDF)`}>
                  {i.invoiceNum} (PDF)
                </Anchor>
              ) : (
                i.invoiceNum
              )}
            </Table.Td>
            <Table.Td>{onDate(i.date)}</Table.Td>
            <Table.Td>{onDate(i.dueDate)}</Table.Td>
            <Table.Td>{i.status}</Table.Td>
            <Table.Td ta="right">{money(i.total)}</Table.Td>
          </Table.Tr>
        ))}
      </HeadedTable>
    </Section>
  );
}

const EVENT_TITLES: Record<string, string> = {
  placed: 'Placed',
  accepted: 'Accepted',
  on_hold: 'Put on hold',
  buyer_told: 'Message to the buyer',
  released: 'Released',
  cancelled: 'Cancelled',
  shipped: 'Shipped',
  backorder_allocated: 'Backordered units allocated',
  closed: 'Closed',
  reopened: 'Reopened',
};

/** A timeline entry's kind in words ("on_hold" → "Put on hold"); an unknown kind with its underscores as spaces. */
export function eventTitle(kind: string): string {
  const words = kind.replace(/_/g, ' ');
  return EVENT_TITLES[kind] ?? `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

/** The order's timeline, newest last, with who did what; the buyer sees only the public ones. */
export function TimelineSection({ order }: { order: AdminOrder }) {
  return (
    <Section title="Timeline">
      {order.events.length === 0 ? (
        <Text size="sm">Nothing has happened yet.</Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} active={order.events.length - 1}>
          {order.events.map((e, i) => (
            <Timeline.Item key={i} title={eventTitle(e.kind)}>
              {e.detail && e.detail !== eventTitle(e.kind) && <Text size="sm">{e.detail}</Text>}
              <Text size="xs" c="dimmed">
                {atTime(e.at)} · {e.actor}
                {e.public ? ' · shown to the buyer' : ''}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Section>
  );
}
