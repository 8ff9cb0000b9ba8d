import { Alert, Button, Stack, Text } from '@mantine/core';
import { ApiError } from '../../../lib/admin-api';

/**
 * The server's problem message for a failed action; on 409 (someone changed the order meanwhile,
 * or the status no longer allows it) an offer to reload the order and look again.
 */
export function ActionError({ error, onReload }: { error: Error | null; onReload: () => void }) {
  if (!error) return null;
  const conflict = error instanceof ApiError && error.status === 409;
  return (
    <Alert color="red" role="alert" title={conflict ? 'Not done' : 'Something went wrong'}>
      <Stack gap="xs">
        <Text size="sm">{error.message}</Text>
        {error instanceof ApiError && error.errors.length > 0 && (
          <Text size="sm" component="ul" m={0}>
            {error.errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </Text>
        )}
        {conflict && (
          <Button size="xs" variant="white" color="red" onClick={onReload} w="fit-content">
            Reload the order
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
