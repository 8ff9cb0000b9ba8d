import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Dashboard, DashboardSales } from '../../../contract/admin/dashboard';
import { money } from '../../../web/components/money';

/** "+12 %", "−3 %", or words when last week had nothing to compare with. */
export function changeText(now: number, before: number): string {
  if (before === 0) return now === 0 ? 'the same' : 'no sales then';
  const pct = Math.round(((now - before) / before) * 100);
  if (pct === 0) return 'the same';
  return `${pct > 0 ? '+' : '−'}${Math.abs(pct)} %`;
}

const plural = (n: number, one: string) => `${n.toLocaleString('en-US')} ${one}${n === 1 ? '' : 's'}`;

function Period({ title, now, before, beforeName }: { title: string; now: DashboardSales; before: DashboardSales; beforeName: string }) {
  const sales = money(now.salesCents / 100);
  return (
    <Card withBorder padding="md" component="section" aria-label={`${title}: ${plural(now.orders, 'order')}, ${sales} sales`}>
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {title}
        </Text>
        <Text fz={28} fw={700}>
          {sales}
        </Text>
        <Text size="sm">{plural(now.orders, 'order')}</Text>
        <Text size="sm" c="dimmed">
          {beforeName}: {money(before.salesCents / 100)} ({changeText(now.salesCents, before.salesCents)}), {plural(before.orders, 'order')}
        </Text>
      </Stack>
    </Card>
  );
}

/** Today and this week against the same weekdays of last week: orders placed, net of cancellations, merchandise less discounts. */
export function SalesSection({ sales }: { sales: NonNullable<Dashboard['sales']> }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        Orders and sales
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Period title="Today" now={sales.today} before={sales.sameDayLastWeek} beforeName="Same day last week" />
        <Period title="This week" now={sales.thisWeek} before={sales.sameDaysLastWeek} beforeName="Same days last week" />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        Orders placed, less cancellations; sales are merchandise less coupon discounts, without shipping or tax. Weeks start on Monday (UTC).
      </Text>
    </Stack>
  );
}
