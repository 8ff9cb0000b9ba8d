import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useCustomerSearch } from './api';

/** Whom the order is for: found by company, email, contact or code among active customers. */
export function CustomerPicker({ customer, onPick, onClear }: { customer: { id: number; orgName: string } | null; onPick: (c: { id: number; orgName: string }) => void; onClear: () => void }) {
  const [q, setQ] = useState('');
  const found = useCustomerSearch(customer ? '' : q);
  if (customer) {
    return (
      <Paper withBorder p="md">
        <Group justify="space-between">
          <Text>
            Customer: <strong>{customer.orgName}</strong>
          </Text>
          <Button variant="default" size="xs" onClick={onClear}>
            Change customer
          </Button>
        </Group>
      </Paper>
    );
  }
  const items = found.data?.items ?? [];
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Customer
        </Title>
        <TextInput label="Find the customer" description="Company, email, contact name or account code" value={q} onChange={(e) => setQ(e.currentTarget.value)} />
        {q.trim().length >= 2 && found.isSuccess && items.length === 0 && <Text size="sm">No active customer matches.</Text>}
        {items.length > 0 && (
          <Stack gap={4} role="list" aria-label="Matching customers">
            {items.map((c) => (
              <Button
                key={c.id}
                role="listitem"
                variant="subtle"
                justify="flex-start"
                h="auto"
                py={6}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                onClick={() => onPick({ id: c.id, orgName: c.orgName })}
              >
                {c.orgName} · {c.contact} · {c.email} · {c.state}
              </Button>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
