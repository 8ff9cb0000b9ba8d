import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { notify } from '../../components/notify';
import { useStockAlerts, useStopStockAlert } from '../../components/stock-alerts-data';

const onDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** The buyer's waiting back-in-stock alerts on the account page (decision 0041), each with Stop. A list, not a table: on a phone each line wraps. */
export function StockAlertsSection() {
  const alerts = useStockAlerts();
  const stop = useStopStockAlert();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="stock-alerts" mt="md">
      <Title order={2} size="h4" mb="xs" id="stock-alerts">
        Back-in-stock alerts
      </Title>
      <Text size="xs" c="dimmed" mb="md">
        You get one email when an item is back in stock, then its alert ends. Ask on an item&apos;s page when it is out of stock at both warehouses.
      </Text>
      {alerts.isError && <Alert color="red">{alerts.error.message}</Alert>}
      {alerts.data &&
        (alerts.data.length === 0 ? (
          <Text size="sm">No alerts waiting.</Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {alerts.data.map((a) => (
              <Group component="li" key={a.invNum} justify="space-between" gap="xs" wrap="nowrap" data-testid={`stock-alert-${a.invNum}`}>
                <div style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={`/productdetail?productNum=${encodeURIComponent(a.invNum)}`} fw={700}>
                    {a.title}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    Item {a.invNum} · asked {onDay(a.createdAt)}
                  </Text>
                </div>
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Stop the alert for ${a.title}`}
                  loading={stop.isPending && stop.variables === a.invNum}
                  onClick={() => stop.mutate(a.invNum, { onSuccess: () => notify('green', 'Alert stopped'), onError: (e) => notify('red', e.message) })}
                >
                  Stop
                </Button>
              </Group>
            ))}
          </Stack>
        ))}
    </Card>
  );
}
