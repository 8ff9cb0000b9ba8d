import { Alert, Loader } from '@mantine/core';
import { collectionUpdateBody, type CategoryNode, type Collection } from '../../../contract/admin/categories';
import { notify } from '../../../web/components/notify';
import { useCollection, useUpdateCollection } from './api';
import { CollectionItems } from './collection-items';
import { DeleteButton } from './delete-dialog';
import { EditForm, EditPanel, useEditForm } from './edit-panel';

/** The selected collection: its fields, its ordered items, and delete (its items going to another collection). */
export function CollectionPanel({ num, collections, onDeleted }: { num: number; collections: readonly CategoryNode[]; onDeleted: () => void }) {
  const collection = useCollection(num);
  if (collection.isPending) return <Loader aria-label="Loading the collection" />;
  if (collection.isError) return <Alert color="red">{collection.error.message}</Alert>;
  return <Loaded key={`${num}-${collection.data.version}`} collection={collection.data} collections={collections} onDeleted={onDeleted} />;
}

function Loaded({ collection, collections, onDeleted }: { collection: Collection; collections: readonly CategoryNode[]; onDeleted: () => void }) {
  const update = useUpdateCollection();
  const form = useEditForm(
    collection,
    (values) => collectionUpdateBody.safeParse({ ...values, version: collection.version }),
    (body) => update.mutate({ num: collection.num, body }, { onSuccess: (saved) => notify('green', `Saved ${saved.description}`) }),
  );

  return (
    <EditPanel id="collection-panel-title" title={collection.description} subtitle={`#${collection.num} · ${collection.itemCount} ${collection.itemCount === 1 ? 'item' : 'items'}`}>
      <EditForm
        {...form}
        error={update.error}
        pending={update.isPending}
        aside={<DeleteButton node={collection} among={collections} onDeleted={onDeleted} />}
      />
      <CollectionItems collection={collection} />
    </EditPanel>
  );
}
