import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';

/**
 * A secret the server gives only once (a webhook's signing secret, an API key): shown in full with
 * a copy button and a plain warning that it cannot be shown again.
 */
export function ShownOnce({ label, value, onDone }: { label: string; value: string; onDone: () => void }) {
  return (
    <Stack>
      <Alert color="red" title="Copy it now" role="status">
        This is the only time the {label} is shown: you will not see it again. Keep it somewhere safe, such as your password manager or the other system's settings.
      </Alert>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="shown-once-label">
          {label[0]!.toUpperCase() + label.slice(1)}
        </Text>
        <Code block aria-labelledby="shown-once-label" data-testid="shown-once" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {value}
        </Code>
      </Stack>
      <Group justify="flex-end">
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button variant={copied ? 'light' : 'filled'} color={copied ? 'teal.9' : undefined} onClick={copy}>
              {copied ? 'Copied' : `Copy the ${label}`}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={onDone} data-autofocus>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
