import { Button, Group, Select } from '@mantine/core';
import { useState } from 'react';
import { categoryUpdateBody, type CategoryNode } from '../../../contract/admin/categories';
import { notify } from '../../../web/components/notify';
import { CallError } from '../../components/form-problems';
import { useReorderCategories, useUpdateCategory } from './api';
import { DeleteButton } from './delete-dialog';
import { EditForm, EditPanel, useEditForm } from './edit-panel';
import { movedOrder, parentOptions } from './tree-model';

/**
 * The selected category: name, SEO texts, logo and code, its parent (never itself or one of its
 * subcategories), its place among its siblings, and delete. Keyed by number and version, so a
 * saved or reloaded category starts the form afresh.
 */
export function CategoryPanel({ node, nodes, onDeleted }: { node: CategoryNode; nodes: readonly CategoryNode[]; onDeleted: () => void }) {
  const update = useUpdateCategory();
  const reorder = useReorderCategories();
  const [parent, setParent] = useState(String(node.parentNum));
  const form = useEditForm(
    node,
    (values) => categoryUpdateBody.safeParse({ ...values, parentNum: Number(parent), version: node.version }),
    (body) => update.mutate({ num: node.num, body }, { onSuccess: (saved) => notify('green', `Saved ${saved.description}`) }),
  );
  const up = movedOrder(nodes, node.num, -1);
  const down = movedOrder(nodes, node.num, 1);

  return (
    <EditPanel
      id="category-panel-title"
      title={node.description}
      subtitle={`#${node.num} · ${node.itemCount} ${node.itemCount === 1 ? 'item' : 'items'} here, ${node.totalItemCount} with its subcategories`}
    >
      <EditForm
        {...form}
        error={update.error}
        pending={update.isPending}
        extra={<Select label="Parent" description="Where the category sits in the tree" data={parentOptions(nodes, node.num)} value={parent} onChange={(v) => setParent(v ?? '0')} allowDeselect={false} searchable />}
      />
      <Group justify="space-between">
        <Group gap="xs">
          <Button variant="default" size="xs" disabled={!up} loading={reorder.isPending} onClick={() => up && reorder.mutate(up)}>
            Move up
          </Button>
          <Button variant="default" size="xs" disabled={!down} loading={reorder.isPending} onClick={() => down && reorder.mutate(down)}>
            Move down
          </Button>
        </Group>
        <DeleteButton node={node} among={nodes} onDeleted={onDeleted} size="xs" />
      </Group>
      <CallError error={reorder.error} />
    </EditPanel>
  );
}
