import { ActionIcon, Button, Fieldset, Group, MultiSelect, Select, SimpleGrid, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { FILTER_NAMES, type ItemFormValues } from './item-form-values';
import type { ItemForm } from './item-main-fields';
import type { CategoryOptions } from './use-category-options';

const FILTER_LABELS: Record<(typeof FILTER_NAMES)[number], { label: string; description?: string }> = {
  color: { label: 'Colours' },
  sizes: { label: 'Sizes', description: 'As written, e.g. 11"' },
  events: { label: 'Events' },
  messages: { label: 'Messages' },
  shapes: { label: 'Shapes' },
  themes: { label: 'Themes' },
  poscat: { label: 'POS categories', description: 'POS category numbers' },
};

/** Where the item shows: its category of the tree, NV collections, listing filters, attributes and suggestions. */
export function ItemPlacementFields({ form, categories }: { form: ItemForm; categories: CategoryOptions | undefined }) {
  const attributes = form.values.attributes;
  return (
    <>
      <Fieldset legend="Categories">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label="Category" description="Its place in the shop’s tree" required searchable data={categories?.tree ?? []} {...form.getInputProps('category')} />
          <MultiSelect label="Collections" description="Curated lists (New Arrivals, catalogues)" searchable data={categories?.collections ?? []} {...form.getInputProps('collections')} />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend="Listing filters">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {FILTER_NAMES.map((name) => (
            <TagsInput key={name} label={FILTER_LABELS[name].label} description={FILTER_LABELS[name].description ?? 'Enter a value and press Enter'} clearable {...form.getInputProps(`filters.${name}`)} />
          ))}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend="Attributes">
        <Stack gap="xs">
          {attributes.length === 0 && <Text size="sm">No attributes.</Text>}
          {attributes.map((_, i) => (
            <Group key={i} align="flex-end" wrap="nowrap" gap="xs">
              <TextInput label={`Attribute ${i + 1} name`} maxLength={100} style={{ flex: 1 }} {...form.getInputProps(`attributes.${i}.name`)} />
              <TextInput label={`Attribute ${i + 1} value`} maxLength={200} style={{ flex: 1 }} {...form.getInputProps(`attributes.${i}.value`)} />
              <ActionIcon variant="default" size="lg" aria-label={`Remove attribute ${i + 1}`} onClick={() => form.removeListItem('attributes', i)}>
                ×
              </ActionIcon>
            </Group>
          ))}
          <Button variant="default" size="xs" w="fit-content" onClick={() => form.insertListItem('attributes', { name: '', value: '' } satisfies ItemFormValues['attributes'][number])}>
            Add attribute
          </Button>
        </Stack>
      </Fieldset>
      <Fieldset legend="Suggested items">
        <TagsInput label="Suggested items" description="Item numbers shown as “you may also like”, in order" {...form.getInputProps('suggestedItems')} />
      </Fieldset>
    </>
  );
}
