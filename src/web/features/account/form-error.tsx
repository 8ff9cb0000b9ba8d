import { Alert } from '@mantine/core';

/** Why the form's last send failed, read out by screen readers; nothing while there is none. */
export function FormError({ error, title }: { error: string | null; title?: string }) {
  if (!error) return null;
  return (
    <Alert color="red" role="alert" title={title}>
      {error}
    </Alert>
  );
}
