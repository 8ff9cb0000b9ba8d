import { Button, type ButtonProps, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { CategoryNode } from '../../../contract/admin/categories';
import { notify } from '../../../web/components/notify';
import { CallError } from '../../components/form-problems';
import { useDeleteCategory } from './api';

/** "Delete…", and its dialog; `among` are the category's or collection's own kind, the places its items may go. */
export function DeleteButton({ node, among, onDeleted, size }: { node: CategoryNode; among: readonly CategoryNode[]; onDeleted: () => void; size?: ButtonProps['size'] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button color="red.9" variant="outline" size={size} onClick={() => setOpen(true)}>
        Delete…
      </Button>
      {open && <DeleteDialog node={node} among={among} onClose={() => setOpen(false)} onDeleted={onDeleted} />}
    </>
  );
}

/**
 * Delete a category or collection. One holding items asks where they go first (another category
 * of the tree, or another collection); the server refuses a category with subcategories.
 */
function DeleteDialog({ node, among, onClose, onDeleted }: { node: CategoryNode; among: readonly CategoryNode[]; onClose: () => void; onDeleted: () => void }) {
  const remove = useDeleteCategory();
  const targets = among.filter((n) => n.num !== node.num).map((n) => ({ value: String(n.num), label: `${n.description} (#${n.num})` }));
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
