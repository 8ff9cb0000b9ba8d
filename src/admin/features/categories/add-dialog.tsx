import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { categoryCreateBody, collectionCreateBody, type CategoryNode } from '../../../contract/admin/categories';
import { notify } from '../../../web/components/notify';
import { CallError, FormProblems } from '../../components/form-problems';
import { useCreateCategory, useCreateCollection } from './api';
import { problemsOf, SharedFields, valuesOf } from './shared-fields';
import { parentOptions } from './tree-model';

/** A new category (under a chosen parent, last among its siblings) or a new, empty collection; the rest is edited in its panel. */
export function AddDialog({ kind, nodes, parentNum, onClose, onAdded }: { kind: 'tree' | 'nv'; nodes: readonly CategoryNode[]; parentNum: number; onClose: () => void; onAdded: (num: number) => void }) {
  const createCategory = useCreateCategory();
  const createCollection = useCreateCollection();
  const call = kind === 'tree' ? createCategory : createCollection;
  const [values, setValues] = useState(valuesOf());
  const [parent, setParent] = useState(String(parentNum));
  const [problems, setProblems] = useState<string[]>([]);
  const what = kind === 'tree' ? 'category' : 'collection';

  const submit = () => {
    const done = {
      onSuccess: (n: CategoryNode) => {
        notify('green', `Added the ${what} ${n.description}`);
        onClose();
        onAdded(n.num);
      },
    };
    if (kind === 'tree') {
      const parsed = categoryCreateBody.safeParse({ ...values, parentNum: Number(parent) });
      setProblems(problemsOf(parsed));
      if (parsed.success) createCategory.mutate(parsed.data, done);
    } else {
      const parsed = collectionCreateBody.safeParse(values);
      setProblems(problemsOf(parsed));
      if (parsed.success) createCollection.mutate(parsed.data, done);
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Add a ${what}`}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <SharedFields values={values} onChange={setValues} seo={false} />
          {kind === 'tree' && <Select label="Parent" data={parentOptions(nodes, null)} value={parent} onChange={(v) => setParent(v ?? '0')} allowDeselect={false} searchable />}
          <FormProblems problems={problems} />
          <CallError error={call.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={call.isPending}>
              Add
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
