import { Container, Paper, Text } from '@mantine/core';
import { accountStatusMessage } from '../../contract/account-status';
import { useSession } from '../lib/session';

/** Why a signed-in customer sees no prices and cannot order (pending approval or suspended); null otherwise. */
export function useAccountStatusMessage(): string | null {
  const session = useSession();
  return session.status === 'signedIn' ? accountStatusMessage(session.customer?.accountStatus) : null;
}

/**
 * The message where prices would be: a strip under the header on every page (`banner`), or a box
 * in place of the buy box and the cart.
 */
export function AccountStatusNotice({ banner = false }: { banner?: boolean }) {
  const message = useAccountStatusMessage();
  if (!message) return null;
  const text = (
    <Text size="sm" fw={600} data-testid="account-status">
      {message}
    </Text>
  );
  if (banner) {
    return (
      <div role="status" style={{ background: 'var(--mantine-color-yellow-1)', borderBottom: '1px solid var(--mantine-color-yellow-4)' }}>
        <Container size="xl" py="xs">
          {text}
        </Container>
      </div>
    );
  }
  return (
    <Paper withBorder p="md" radius="md" bg="yellow.0">
      {text}
    </Paper>
  );
}
