import { Alert, Anchor, Button, Card, Group, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
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
  // After Notify me or Stop, focus goes to the button that replaced the one pressed.
  const moveFocus = useRef(false);
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    (waiting ? stopButton : startButton).current?.focus();
  }, [waiting]);
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
            onClick={() => {
              moveFocus.current = true;
              stop.mutate(invNum);
            }}
          >
            Stop
          </Button>
        </Group>
      ) : (
        <Group justify="space-between" gap="sm">
          <Text size="sm">Out of stock at both warehouses.</Text>
          <Button ref={startButton} loading={start.isPending || alerts.isPending} onClick={() => {
              moveFocus.current = true;
              start.mutate(invNum);
            }}>
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
