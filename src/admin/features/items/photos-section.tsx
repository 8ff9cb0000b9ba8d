import { Alert, Fieldset, Loader, Stack } from '@mantine/core';
import type { ItemEditor } from '../../../contract/admin/items';
import { photoUrl } from '../../../contract/photos';
import { PhotoList } from './photo-list';
import { PhotoUploads } from './photo-uploads';
import { usePhotos } from './photos-api';

/** The edit page's photos: uploads and the ordered list for catalogue editors, the photos alone for readers. */
export function PhotosSection({ item, canWrite }: { item: ItemEditor; canWrite: boolean }) {
  return <Fieldset legend="Photos">{canWrite ? <EditablePhotos num={item.num} /> : <ReadOnlyPhotos item={item} />}</Fieldset>;
}

function EditablePhotos({ num }: { num: string }) {
  const photos = usePhotos(num);
  return (
    <Stack>
      <PhotoUploads num={num} />
      {photos.isPending ? <Loader aria-label="Loading the photos" /> : photos.isError ? <Alert color="red">{photos.error.message}</Alert> : <PhotoList num={num} photos={photos.data} />}
    </Stack>
  );
}

function ReadOnlyPhotos({ item }: { item: ItemEditor }) {
  return (
    <Stack gap="xs">
      {item.photos.length === 0
        ? 'No photos.'
        : item.photos.map((p, i) => <img key={p.photoId} src={photoUrl(p.hash, 160)} alt={p.alt || `Photo ${i + 1}`} width={120} height={120} style={{ objectFit: 'contain' }} />)}
    </Stack>
  );
}
