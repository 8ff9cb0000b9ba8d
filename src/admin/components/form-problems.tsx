import { Alert, Text } from '@mantine/core';
import { ApiError } from '../lib/admin-api';

/** What the form found wrong before sending, one message a line. */
export function FormProblems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <Alert color="red" role="alert">
      {problems.map((p) => (
        <div key={p}>{p}</div>
      ))}
    </Alert>
  );
}

/** The server's problem message for a refused call (and its field errors), in the dialog that made it. */
export function CallError({ error, title = 'Not done' }: { error: Error | null; title?: string }) {
  if (!error) return null;
  const errors = error instanceof ApiError ? error.errors.filter((e) => e !== error.message) : [];
  return (
    <Alert color="red" role="alert" title={title}>
      <Text size="sm">{error.message}</Text>
      {errors.length > 0 && (
        <Text size="sm" component="ul" m={0} mt={4}>
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </Text>
      )}
    </Alert>
  );
}
