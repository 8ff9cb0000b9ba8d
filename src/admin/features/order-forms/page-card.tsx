import { Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { ORDER_FORMS } from '../../../contract/admin/order-forms';
import { type DraftPage, moved, newKey, replaced, without } from './draft';
import { MoveButtons } from './move-buttons';
import { SectionBlock } from './section-block';

interface PageProps {
  page: DraftPage;
  index: number;
  count: number;
  onChange: (p: DraftPage) => void;
  onMove: (delta: -1 | 1) => void;
  /** Asks first: the page's sections and items go with it. */
  onRemove: () => void;
  isOnForm: (num: string) => boolean;
}

/** One page of the form: its title, its sections in order, and a way to add a section. */
export function PageCard({ page, index, count, onChange, onMove, onRemove, isOnForm }: PageProps) {
  return (
    <Card withBorder component="section" aria-label={`Page ${index + 1}`}>
      <Stack>
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <Stack gap={4} style={{ flex: 1 }}>
            <Title order={2} size="h4">
              Page {index + 1}
            </Title>
            <TextInput label="Page title" required maxLength={ORDER_FORMS.titleMax} value={page.title} onChange={(e) => onChange({ ...page, title: e.currentTarget.value })} />
          </Stack>
          <MoveButtons name={`page ${page.title || index + 1}`} index={index} count={count} onMove={onMove} onRemove={onRemove} />
        </Group>
        {page.sections.map((s, i) => (
          <SectionBlock
            key={s.key}
            section={s}
            index={i}
            count={page.sections.length}
            isOnForm={isOnForm}
            onChange={(next) => onChange({ ...page, sections: replaced(page.sections, i, next) })}
            onMove={(d) => onChange({ ...page, sections: moved(page.sections, i, d) })}
            onRemove={() => onChange({ ...page, sections: without(page.sections, i) })}
          />
        ))}
        <Group>
          <Button variant="default" size="xs" onClick={() => onChange({ ...page, sections: [...page.sections, { key: newKey(), title: page.title, items: [] }] })}>
            Add a section to {page.title || `page ${index + 1}`}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
