import { Alert, Anchor, Group, Loader, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useCan } from '../../lib/session';
import { useAdminTitle } from '../../lib/title';
import { useItem } from './api';
import { BreaksSection } from './breaks-section';
import { ItemForm } from './item-form';
import { ItemStatusBadge } from './item-texts';
import { NewItemPhotos } from './new-item-photos';
import { handOverPhotos } from './pending-photos';
import { PhotosSection } from './photos-section';
import { useCategoryOptions } from './use-category-options';

/** `/items/new` and `/items/:num`: the editor JSON as a form, and the item's photos; read-only without catalogue:write. */
export default function ItemEditorPage() {
  const { num } = useParams();
  const isNew = num === undefined;
  useAdminTitle(isNew ? 'New item' : `Item ${num}`);
  const item = useItem(num);
  const categories = useCategoryOptions();
  const canWrite = useCan()('catalogue:write');
  // A new item's photos wait here until "Create item" succeeds, then go up on the item's page.
  const [photos, setPhotos] = useState<File[]>([]);

  return (
    <Stack>
      <Anchor component={Link} to="/items" size="sm">
        ← Items
      </Anchor>
      {isNew ? (
        <>
          <Title order={1}>New item</Title>
          <NewItemPhotos files={photos} onChange={setPhotos} />
          <ItemForm item={null} categories={categories.data} canWrite={canWrite} onCreated={(created) => handOverPhotos(created, photos)} />
        </>
      ) : item.isPending ? (
        <Loader aria-label="Loading the item" />
      ) : item.isError ? (
        <Alert color="red">{item.error.message}</Alert>
      ) : (
        <>
          <Group gap="sm">
            <Title order={1}>
              Item {item.data.num}: {item.data.web_Title}
            </Title>
            <ItemStatusBadge status={item.data.status} />
          </Group>
          {!canWrite && <Alert color="blue">You may look at this item; changing it needs the catalogue role.</Alert>}
          {categories.isError && <Alert color="red">{categories.error.message}</Alert>}
          <PhotosSection item={item.data} canWrite={canWrite} />
          <ItemForm key={item.data.num} item={item.data} categories={categories.data} canWrite={canWrite} />
          <BreaksSection num={item.data.num} listPrice={item.data.price} canWrite={canWrite} />
        </>
      )}
    </Stack>
  );
}
