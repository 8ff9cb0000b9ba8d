import { Button, Checkbox, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { CATALOGUE, type FilterParam } from '../../../contract/catalogue';
import { FILTER_LABELS, filterButtonProps, type FilterOption } from './filter-options';

interface FilterMenuProps {
  /** The first click happened on the placeholder button, which had the focus: this button takes it over. */
  autoFocus: boolean;
  f: FilterParam;
  options: FilterOption[];
  selected: string[];
  opened: boolean;
  setOpened(opened: boolean): void;
  onToggle(f: FilterParam, value: string): void;
  onReset(f: FilterParam): void;
}

/** One filter's dropdown: multi-select with counts, Reset, Show all. Its own chunk (Popover brings floating-ui). */
export function FilterMenu({ autoFocus, f, options, selected, opened, setOpened, onToggle, onReset }: FilterMenuProps) {
  const total = options.reduce((n, o) => n + (o.count ?? 0), 0);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" width={280} shadow="md" trapFocus={false} returnFocus>
      <Popover.Target>
        <Button {...filterButtonProps(f, selected, options)} autoFocus={autoFocus} onClick={() => setOpened(!opened)} />
      </Popover.Target>
      <Popover.Dropdown p="xs" aria-label={`${FILTER_LABELS[f]} filter`}>
        <Group justify="space-between" mb={6}>
          <Text size="sm" fw={700}>
            {FILTER_LABELS[f]}
          </Text>
          <Button variant="subtle" size="compact-xs" onClick={() => onReset(f)} disabled={selected.length === 0}>
            Reset
          </Button>
        </Group>
        <ScrollArea.Autosize mah={300} type="auto">
          <Stack gap={6} pr="xs">
            <Checkbox size="xs" label={`Show all${total ? ` (${total})` : ''}`} checked={selected.includes(CATALOGUE.anyValue)} onChange={() => onToggle(f, CATALOGUE.anyValue)} />
            {options.map((o) => (
              <Checkbox
                key={o.value}
                size="xs"
                label={o.count !== undefined ? `${o.label} (${o.count})` : o.label}
                checked={selected.includes(o.value)}
                onChange={() => onToggle(f, o.value)}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
