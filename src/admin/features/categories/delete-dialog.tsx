import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { CategoryNode } from '../../../contract/admin/categories';
import { notify } from '../../../web/components/notify';
import { CallError } from '../../components/form-problems';
import { useDeleteCategory } from './api';

/**
 * Delete a category or collection. One holding items asks where they go first (another category
 * of the tree, or another collection); the server refuses a category with subcategories.
 */
export function DeleteDialog({ node, targets, onClose, onDeleted }: { node: CategoryNode; targets: { value: string; label: string }[]; onClose: () => void; onDeleted: () => void }) {
  const remove = useDeleteCategory();
  const [target, setTarget] = useState<string | null>(null);
  const what = node.kind === 'tree' ? 'category' : 'collection';
  const count = node.itemCount;
  const needsTarget = count > 0;

  const confirm = () =>
    remove.mutate(
      { num: node.num, query: { version: node.version, ...(needsTarget && target ? { moveItemsTo: Number(target) } : {}) } },
      {
        onSuccess: (r) => {
          notify('green', r.movedItems > 0 ? `Deleted ${node.description}; its ${r.movedItems} items moved` : `Deleted ${node.description}`);
          onClose();
          onDeleted();
        },
      },
    );

  return (
    <Modal opened onClose={onClose} title={`Delete the ${what} ${node.description}?`}>
      <Stack>
        {needsTarget ? (
          <>
            <Text size="sm">
              It holds {count} {count === 1 ? 'item' : 'items'}. Choose the {what} {count === 1 ? 'it moves' : 'they move'} to; then the {what} is deleted. This cannot be undone.
            </Text>
            <Select label={`Move the items to`} placeholder={`Choose a ${what}`} data={targets} value={target} onChange={setTarget} searchable required />
          </>
        ) : (
          <Text size="sm">The {what} holds no items. Deleting it cannot be undone.</Text>
        )}
        <CallError error={remove.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Keep it
          </Button>
          <Button color="red.9" loading={remove.isPending} disabled={needsTarget && !target} onClick={confirm}>
            {needsTarget ? 'Move the items and delete' : `Delete the ${what}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
