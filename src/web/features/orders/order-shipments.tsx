import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Order } from '../../../contract/cart';
import type { Shipment } from '../../../contract/order-lifecycle';
import { money } from '../../components/money';
import { notify } from '../../components/notify';
import { useInvoiceDownload } from './api';
import { orderDate } from './orders-page';

const CARRIERS: Record<string, string> = { ups: 'UPS', fedex: 'FedEx', usps: 'USPS', ltl: 'LTL freight', pickup: 'Pick-up', other: 'Carrier' };
/** Invoice dates are days (YYYY-MM-DD): read at local noon so no time zone moves them. */
const day = (d: string) => orderDate(d.length === 10 ? `${d}T12:00:00` : d);
const FROM = { west: 'West (Fresno, CA)', east: 'East (Fairhope, AL)' } as const;

function Tracking({ s }: { s: Shipment }) {
  const carrier = CARRIERS[s.carrier] ?? s.carrier;
  if (!s.trackingNumber) return <Text size="sm">{carrier}</Text>;
  return (
    <Text size="sm">
      {carrier}{' '}
      {s.trackingUrl ? (
        <Anchor href={s.trackingUrl} target="_blank" rel="noopener noreferrer" aria-label={`Track shipment ${s.shipmentNum}: ${carrier} ${s.trackingNumber} (opens the carrier's site)`}>
          {s.trackingNumber}
        </Anchor>
      ) : (
        s.trackingNumber
      )}
    </Text>
  );
}

/** The order's shipments: where from, when, the carrier with a tracking link, and what each carried. */
export function OrderShipments({ shipments }: { shipments: Shipment[] }) {
  if (shipments.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="shipments-title">
      <Title order={2} size="h4" mb="sm" id="shipments-title">
        Shipments
      </Title>
      <Stack gap="md">
        {shipments.map((s) => (
          <div key={s.shipmentNum} data-testid={`shipment-${s.shipmentNum}`}>
            <Group gap="xs" justify="space-between">
              <Text fw={700}>Shipment {s.shipmentNum}</Text>
              <Text size="sm" c="dimmed">
                {orderDate(s.shippedAt)} from {FROM[s.warehouse]}
              </Text>
            </Group>
            <Tracking s={s} />
            <Text size="sm" c="dimmed">
              {s.lines.map((l) => `${l.qty} × ${l.invNum} ${l.title}`).join(' · ')}
            </Text>
          </div>
        ))}
      </Stack>
    </Paper>
  );
}

/** The order's invoices, each downloadable as a PDF. */
export function OrderInvoices({ invoices }: { invoices: Order['invoices'] }) {
  const download = useInvoiceDownload();
  if (invoices.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="invoices-title">
      <Title order={2} size="h4" mb="sm" id="invoices-title">
        Invoices
      </Title>
      {/* A list rather than a table: on a phone each invoice wraps onto two lines and the button stays in view. */}
      <Stack gap="sm">
        {invoices.map((i) => (
          <Group key={i.invoiceNum} justify="space-between" gap="xs" data-testid={`invoice-${i.invoiceNum}`}>
            <div>
              <Group gap="xs">
                <Text fw={700}>Invoice {i.invoiceNum}</Text>
                <Badge variant="filled" color={i.status === 'paid' ? 'green.9' : i.status === 'void' ? 'gray.8' : 'shop.9'}>
                  {i.status}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {day(i.date)} · due {day(i.dueDate)} · {money(i.total)}
              </Text>
            </div>
            <Button
              size="xs"
              variant="light"
              aria-label={`Download invoice ${i.invoiceNum} (PDF)`}
              loading={download.isPending && download.variables === i.invoiceNum}
              onClick={() => download.mutate(i.invoiceNum, { onError: (e) => notify('red', e.message) })}
            >
              Download PDF
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
