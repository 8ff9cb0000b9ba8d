import { Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { ORDER_FORMS } from '../../../contract/admin/order-forms';
import { AddItem } from './add-item';
import { type DraftSection, moved, without } from './draft';
import { MoveButtons } from './move-buttons';

interface SectionProps {
  section: DraftSection;
  index: number;
  count: number;
  onChange: (s: DraftSection) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  isOnForm: (num: string) => boolean;
}

/** A section of a page: its heading and its items in order. */
export function SectionBlock({ section, index, count, onChange, onMove, onRemove, isOnForm }: SectionProps) {
  const name = `section ${section.title || index + 1}`;
  return (
    <Paper withBorder p="sm" component="section" aria-label={`Section ${section.title || index + 1}`}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <TextInput label="Section heading" required maxLength={ORDER_FORMS.titleMax} value={section.title} onChange={(e) => onChange({ ...section, title: e.currentTarget.value })} style={{ flex: 1 }} />
          <MoveButtons name={name} index={index} count={count} onMove={onMove} onRemove={onRemove} />
        </Group>
        {section.items.length === 0 && (
          <Text size="sm" c="dimmed">
            No items yet.
          </Text>
        )}
        {section.items.map((item, i) => (
          <Group key={item.itemNum} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm">
              <Text span fw={600}>
                {item.itemNum}
              </Text>{' '}
              {item.title || '(no longer on sale)'}
            </Text>
            <MoveButtons
              name={`item ${item.itemNum}`}
              index={i}
              count={section.items.length}
              onMove={(d) => onChange({ ...section, items: moved(section.items, i, d) })}
              onRemove={() => onChange({ ...section, items: without(section.items, i) })}
            />
          </Group>
        ))}
        <AddItem sectionName={name} isOnForm={isOnForm} onAdd={(item) => onChange({ ...section, items: [...section.items, item] })} />
      </Stack>
    </Paper>
  );
}

