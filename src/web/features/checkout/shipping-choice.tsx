import { Group, Loader, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import type { ShippingOption } from '../../../contract/cart';
import { money } from '../../components/money';

const days = (n: number) => (n === 0 ? 'ready today' : n === 1 ? '1 business day' : `${n} business days`);

/** Shipping options with prices and estimated days, priced to the cart's destination. */
export function ShippingChoice({
  options,
  loading,
  error,
  value,
  onChange,
}: {
  options: ShippingOption[];
  loading: boolean;
  error: string | null;
  value: string | null;
  onChange(code: string): void;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        2. Shipping
      </Title>
      {loading ? (
        <Loader size="sm" aria-label="Loading shipping options" />
      ) : error ? (
        <Text c="red.9">{error}</Text>
      ) : (
        <Radio.Group value={value} onChange={onChange} aria-label="Shipping option">
          <Stack gap="xs">
            {options.map((o) => (
              <Radio.Card key={o.code} value={o.code} radius="md" p="sm" aria-label={`${o.name}, ${o.amount === 0 ? 'free' : money(o.amount)}, ${days(o.estimatedDays)}`}>
                <Group wrap="nowrap" align="flex-start" justify="space-between">
                  <Group wrap="nowrap" align="flex-start">
                    <Radio.Indicator />
                    <div>
                      <Text size="sm" fw={600}>
                        {o.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {o.description} · estimated {days(o.estimatedDays)}
                      </Text>
                    </div>
                  </Group>
                  <Text size="sm" fw={700}>
                    {o.amount === 0 ? 'Free' : money(o.amount)}
                  </Text>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      )}
    </Paper>
  );
}
