import { Alert, Anchor, Button, Card, Group, Text } from '@mantine/core';
import { useRef } from 'react';
import { Link, useLocation } from 'react-router';
import type { ItemDetail } from '../../../contract/catalogue';
import { useStartStockAlert, useStockAlerts, useStopStockAlert } from '../../components/stock-alerts-data';
import { useSession } from '../../lib/session';

/**
 * "Notify me when back in stock" for an item out of stock at both warehouses (decision 0041):
 * a signed-in buyer asks for one mail and can stop it; a visitor gets a link to sign in and back.
 */
export function NotifyWhenInStock({ item }: { item: ItemDetail }) {
  const session = useSession();
  const location = useLocation();
  if (item.inStockFresno || item.inStockFairhope) return null;
  if (session.status !== 'signedIn') {
    return (
      <Card withBorder radius="md" p="md" data-testid="notify-me">
        <Text size="sm">
          Out of stock at both warehouses.{' '}
          <Anchor component={Link} to={`/signin?returnTo=${encodeURIComponent(location.pathname + location.search)}`} fw={600}>
            Sign in to get an email when it is back
          </Anchor>
        </Text>
      </Card>
    );
  }
  return <SignedInNotify invNum={item.num} />;
}

function SignedInNotify({ invNum }: { invNum: string }) {
  const alerts = useStockAlerts();
  const start = useStartStockAlert();
  const stop = useStopStockAlert();
  const startButton = useRef<HTMLButtonElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);
  const waiting = alerts.data?.some((a) => a.invNum === invNum) ?? false;
  const error = start.error ?? stop.error;
  return (
    <Card withBorder radius="md" p="md" data-testid="notify-me">
      {waiting ? (
        <Group justify="space-between" gap="sm">
          <Text size="sm" role="status" fw={600}>
            You&apos;ll get an email when this item is back in stock.
          </Text>
          <Button
            ref={stopButton}
            size="xs"
            variant="default"
            aria-label="Stop the back-in-stock email for this item"
            loading={stop.isPending}
            onClick={() => stop.mutate(invNum, { onSuccess: () => requestAnimationFrame(() => startButton.current?.focus()) })}
          >
            Stop
          </Button>
        </Group>
      ) : (
        <Group justify="space-between" gap="sm">
          <Text size="sm">Out of stock at both warehouses.</Text>
          <Button ref={startButton} loading={start.isPending || alerts.isPending} onClick={() => start.mutate(invNum, { onSuccess: () => requestAnimationFrame(() => stopButton.current?.focus()) })}>
            Notify me when back in stock
          </Button>
        </Group>
      )}
      {error && (
        <Alert color="red" mt="sm" role="alert">
          {error.message}
        </Alert>
      )}
    </Card>
  );
}
