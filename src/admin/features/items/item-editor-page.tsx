import { Alert, Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useCan } from '../../lib/session';
import { useAdminTitle } from '../../lib/title';
import { useItem } from './api';
import { BreaksSection } from './breaks-section';
import { ItemForm } from './item-form';
import { ItemStatusBadge } from './item-texts';
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

  return (
    <Stack>
      <Anchor component={Link} to="/items" size="sm">
        ← Items
      </Anchor>
      {isNew ? (
        <>
          <Title order={1}>New item</Title>
          <ItemForm item={null} categories={categories.data} canWrite={canWrite} />
          <Text size="sm">Photos can be added once the item is created.</Text>
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
