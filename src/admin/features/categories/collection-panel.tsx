import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { collectionUpdateBody, type CategoryNode, type Collection } from '../../../contract/admin/categories';
import { notify } from '../../../web/components/notify';
import { CallError, FormProblems } from '../../components/form-problems';
import { useCollection, useUpdateCollection } from './api';
import { CollectionItems } from './collection-items';
import { DeleteDialog } from './delete-dialog';
import { problemsOf, SharedFields, valuesOf } from './shared-fields';

/** The selected collection: its fields, its ordered items, and delete (its items going to another collection). */
export function CollectionPanel({ num, collections, onDeleted }: { num: number; collections: readonly CategoryNode[]; onDeleted: () => void }) {
  const collection = useCollection(num);
  if (collection.isPending) return <Loader aria-label="Loading the collection" />;
  if (collection.isError) return <Alert color="red">{collection.error.message}</Alert>;
  return <Loaded key={`${num}-${collection.data.version}`} collection={collection.data} collections={collections} onDeleted={onDeleted} />;
}

function Loaded({ collection, collections, onDeleted }: { collection: Collection; collections: readonly CategoryNode[]; onDeleted: () => void }) {
  const update = useUpdateCollection();
  const [values, setValues] = useState(valuesOf(collection));
  const [problems, setProblems] = useState<string[]>([]);
  const [deleting, setDeleting] = useState(false);

  const save = () => {
    const parsed = collectionUpdateBody.safeParse({ ...values, version: collection.version });
    setProblems(problemsOf(parsed));
    if (parsed.success) update.mutate({ num: collection.num, body: parsed.data }, { onSuccess: (saved) => notify('green', `Saved ${saved.description}`) });
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="collection-panel-title">
      <Stack>
        <div>
          <Title order={2} size="h3" id="collection-panel-title">
            {collection.description}
          </Title>
          <Text size="sm" c="dimmed">
            #{collection.num} · {collection.itemCount} {collection.itemCount === 1 ? 'item' : 'items'}
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
            <FormProblems problems={problems} />
            <CallError error={update.error} />
            <Group justify="space-between">
              <Button color="red.9" variant="outline" onClick={() => setDeleting(true)}>
                Delete…
              </Button>
              <Button type="submit" loading={update.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
        <CollectionItems collection={collection} />
      </Stack>
      {deleting && (
        <DeleteDialog
          node={collection}
          targets={collections.filter((c) => c.num !== collection.num).map((c) => ({ value: String(c.num), label: `${c.description} (#${c.num})` }))}
          onClose={() => setDeleting(false)}
          onDeleted={onDeleted}
        />
      )}
    </Card>
  );
}
