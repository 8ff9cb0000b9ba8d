import { ActionIcon, Badge, Button, Group, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { Collection } from '../../../contract/admin/categories';
import { HeadedTable } from '../../../web/components/headed-table';
import { notify } from '../../../web/components/notify';
import { CallError } from '../../components/form-problems';
import { useItemTitle, useSetCollectionItems } from './api';

/**
 * A collection's items in their curated order: add one by number (its title shown before it is
 * added), remove, move up or down. Each change is saved at once with the collection's version.
 */
export function CollectionItems({ collection }: { collection: Collection }) {
  const save = useSetCollectionItems();
  const [adding, setAdding] = useState('');
  const [typed] = useDebouncedValue(adding.trim(), 300);
  const title = useItemTitle(typed);
  const nums = collection.items.map((i) => i.num);
  const already = nums.includes(typed);

  const store = (next: string[], message: string) =>
    save.mutate({ num: collection.num, body: { nums: next, version: collection.version } }, { onSuccess: () => notify('green', message) });
  const move = (index: number, step: -1 | 1) => {
    const next = [...nums];
    [next[index], next[index + step]] = [next[index + step]!, next[index]!];
    store(next, `Moved ${nums[index]} ${step < 0 ? 'up' : 'down'}`);
  };
  const add = () => {
    if (!title.data || already) return;
    store([...nums, typed], `Added ${typed} to ${collection.description}`);
    setAdding('');
  };

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        Items ({nums.length})
      </Title>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <Group align="flex-end" wrap="nowrap">
          <TextInput label="Add an item by number" inputMode="numeric" value={adding} onChange={(e) => setAdding(e.currentTarget.value)} style={{ flex: 1 }} />
          <Button type="submit" disabled={!title.data || already || typed !== adding.trim()} loading={save.isPending}>
            Add
          </Button>
        </Group>
        <Text size="sm" mt={4} c={title.isError || already ? 'red.9' : 'dimmed'} aria-live="polite">
          {typed === '' ? ' ' : already ? `${typed} is already in this collection` : title.isError ? title.error.message : title.data ? title.data : title.isFetching ? 'Looking it up…' : ' '}
        </Text>
      </form>
      <CallError error={save.error} />
      {nums.length === 0 ? (
        <Text c="dimmed">No items yet.</Text>
      ) : (
        <HeadedTable minWidth={360} striped columns={['Item', 'Title', { label: 'Order and remove', visuallyHidden: true }]}>
          {collection.items.map((item, i) => (
            <Table.Tr key={item.num}>
              <Table.Td>{item.num}</Table.Td>
              <Table.Td>
                {item.web_Title}
                {item.status !== 'active' && (
                  <Badge ml="xs" size="sm" color="gray">
                    {item.status}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <ActionIcon variant="default" aria-label={`Move ${item.num} up`} disabled={i === 0 || save.isPending} onClick={() => move(i, -1)}>
                    <span aria-hidden>↑</span>
                  </ActionIcon>
                  <ActionIcon variant="default" aria-label={`Move ${item.num} down`} disabled={i === nums.length - 1 || save.isPending} onClick={() => move(i, 1)}>
                    <span aria-hidden>↓</span>
                  </ActionIcon>
                  <Button size="compact-sm" variant="default" disabled={save.isPending} onClick={() => store(nums.filter((n) => n !== item.num), `Removed ${item.num}`)}>
                    Remove<VisuallyHidden> {item.num}</VisuallyHidden>
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </HeadedTable>
      )}
    </Stack>
  );
}
