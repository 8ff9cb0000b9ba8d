import { Select } from '@mantine/core';
import { useState } from 'react';
import { categoryCreateBody, collectionCreateBody, type CategoryNode } from '../../../contract/admin/categories';
import { notify } from '../../../web/components/notify';
import { FormDialog } from '../../components/form-dialog';
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
    <FormDialog title={`Add a ${what}`} onSubmit={submit} problems={problems} error={call.error} pending={call.isPending} submitLabel="Add" closeLabel="Cancel" onClose={onClose}>
      <SharedFields values={values} onChange={setValues} seo={false} />
      {kind === 'tree' && <Select label="Parent" data={parentOptions(nodes, null)} value={parent} onChange={(v) => setParent(v ?? '0')} allowDeselect={false} searchable />}
    </FormDialog>
  );
}
