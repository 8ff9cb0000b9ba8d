import { Paper, Text, Timeline, Title } from '@mantine/core';
import type { Order } from '../../../contract/cart';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** What happened to the order, oldest first: the public events (placed, accepted, shipped, cancelled…). */
export function OrderTimeline({ events }: { events: Order['events'] }) {
  if (events.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="timeline-title">
      <Title order={2} size="h4" mb="sm" id="timeline-title">
        History
      </Title>
      <Timeline active={events.length - 1} bulletSize={14} lineWidth={2} color="shop.9">
        {events.map((e, i) => (
          <Timeline.Item key={`${e.at}-${i}`} title={e.detail || e.kind}>
            <Text size="xs" c="dimmed">
              {when(e.at)} · {e.actor}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Paper>
  );
}
