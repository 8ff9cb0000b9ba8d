import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { categoryUpdateBody, type CategoryNode } from '../../../contract/admin/categories';
import { notify } from '../../../web/components/notify';
import { CallError, FormProblems } from '../../components/form-problems';
import { useReorderCategories, useUpdateCategory } from './api';
import { DeleteDialog } from './delete-dialog';
import { problemsOf, SharedFields, valuesOf } from './shared-fields';
import { movedOrder, parentOptions } from './tree-model';

/**
 * The selected category: name, SEO texts, logo and code, its parent (never itself or one of its
 * subcategories), its place among its siblings, and delete. Keyed by number and version, so a
 * saved or reloaded category starts the form afresh.
 */
export function CategoryPanel({ node, nodes, onDeleted }: { node: CategoryNode; nodes: readonly CategoryNode[]; onDeleted: () => void }) {
  const update = useUpdateCategory();
  const reorder = useReorderCategories();
  const [values, setValues] = useState(valuesOf(node));
  const [parent, setParent] = useState(String(node.parentNum));
  const [problems, setProblems] = useState<string[]>([]);
  const [deleting, setDeleting] = useState(false);
  const up = movedOrder(nodes, node.num, -1);
  const down = movedOrder(nodes, node.num, 1);

  const save = () => {
    const parsed = categoryUpdateBody.safeParse({ ...values, parentNum: Number(parent), version: node.version });
    setProblems(problemsOf(parsed));
    if (parsed.success) update.mutate({ num: node.num, body: parsed.data }, { onSuccess: (saved) => notify('green', `Saved ${saved.description}`) });
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="category-panel-title">
      <Stack>
        <div>
          <Title order={2} size="h3" id="category-panel-title">
            {node.description}
          </Title>
          <Text size="sm" c="dimmed">
            #{node.num} · {node.itemCount} {node.itemCount === 1 ? 'item' : 'items'} here, {node.totalItemCount} with its subcategories
          </Text>
        </div>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <Stack gap="sm">
            <SharedFields values={values} onChange={setValues} />
            <Select label="Parent" description="Where the category sits in the tree" data={parentOptions(nodes, node.num)} value={parent} onChange={(v) => setParent(v ?? '0')} allowDeselect={false} searchable />
            <FormProblems problems={problems} />
            <CallError error={update.error} />
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
        <Group justify="space-between">
          <Group gap="xs">
            <Button variant="default" size="xs" disabled={!up} loading={reorder.isPending} onClick={() => up && reorder.mutate(up)}>
              Move up
            </Button>
            <Button variant="default" size="xs" disabled={!down} loading={reorder.isPending} onClick={() => down && reorder.mutate(down)}>
              Move down
            </Button>
          </Group>
          <Button color="red.9" variant="outline" size="xs" onClick={() => setDeleting(true)}>
            Delete…
          </Button>
        </Group>
        <CallError error={reorder.error} />
      </Stack>
      {deleting && (
        <DeleteDialog
          node={node}
          targets={nodes.filter((n) => n.num !== node.num).map((n) => ({ value: String(n.num), label: `${n.description} (#${n.num})` }))}
          onClose={() => setDeleting(false)}
          onDeleted={onDeleted}
        />
      )}
    </Card>
  );
}
