import { Alert, Button, Text } from '@mantine/core';
import { CallError } from './form-problems';

/**
 * A save's refusal in an editor. A 409 for a stale version offers what the other person saved
 * (`current`, from the problem); any other refusal is the server's message and field errors.
 */
export function SaveRefusal<T>({ error, current, what, onLoad }: { error: Error | null; current: T | undefined; what: string; onLoad: (current: T) => void }) {
  if (current === undefined) return <CallError error={error} />;
  return (
    <Alert color="red" role="alert" title="Not saved">
      <Text size="sm">{error?.message}</Text>
      <Button mt="xs" size="xs" variant="default" onClick={() => onLoad(current)}>
        Load the saved {what} (your changes are dropped)
      </Button>
    </Alert>
  );
}
