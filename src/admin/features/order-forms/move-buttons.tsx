import { ActionIcon, Group } from '@mantine/core';

/** Up, down and remove for one element of an ordered list, named after it for screen readers. */
export function MoveButtons({ name, index, count, onMove, onRemove }: { name: string; index: number; count: number; onMove: (delta: -1 | 1) => void; onRemove: () => void }) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="default" size="md" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => onMove(-1)}>
        ↑
      </ActionIcon>
      <ActionIcon variant="default" size="md" aria-label={`Move ${name} down`} disabled={index === count - 1} onClick={() => onMove(1)}>
        ↓
      </ActionIcon>
      <ActionIcon variant="outline" color="red.9" size="md" aria-label={`Remove ${name}`} onClick={onRemove}>
        ✕
      </ActionIcon>
    </Group>
  );
}
