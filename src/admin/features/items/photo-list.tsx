import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { PHOTO_LIMITS, type Photo } from '../../../contract/admin/photos';
import { photoUrl } from '../../../contract/photos';
import { notify } from '../../../web/components/notify';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CallError } from '../../components/form-problems';
import { useDeletePhoto, useReorderPhotos, useSetPhotoAlt } from './photos-api';

/** The item's photos in order (the first is its picture): move up or down, alt text, delete after a confirm. */
export function PhotoList({ num, photos }: { num: string; photos: Photo[] }) {
  const reorder = useReorderPhotos(num);
  const [deleting, setDeleting] = useState<Photo | null>(null);
  const remove = useDeletePhoto(num);
  const move = (index: number, by: -1 | 1) => {
    const ids = photos.map((p) => p.photoId);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    reorder.mutate(ids);
  };
  if (photos.length === 0) return <Text size="sm">No photos yet: the shop shows the generated picture.</Text>;
  return (
    <Stack gap="xs">
      <CallError error={reorder.error} />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Photos in order">
        {photos.map((p, i) => (
          <Card key={p.photoId} withBorder padding="sm" component="li">
            <Stack gap="xs">
              <img src={photoUrl(p.hash, 320)} alt={p.alt || `Photo ${i + 1}`} width={160} height={160} style={{ objectFit: 'contain', alignSelf: 'center' }} />
              <Text size="xs">
                {i === 0 ? 'Photo 1: the item’s picture' : `Photo ${i + 1}`} · {p.width}×{p.height}
              </Text>
              <AltText num={num} photo={p} index={i} />
              <Group gap="xs" justify="space-between">
                <Group gap={4}>
                  <ActionIcon variant="default" aria-label={`Move photo ${i + 1} up`} disabled={i === 0 || reorder.isPending} onClick={() => move(i, -1)}>
                    ↑
                  </ActionIcon>
                  <ActionIcon variant="default" aria-label={`Move photo ${i + 1} down`} disabled={i === photos.length - 1 || reorder.isPending} onClick={() => move(i, 1)}>
                    ↓
                  </ActionIcon>
                </Group>
                <Button size="xs" color="red.9" variant="outline" onClick={() => setDeleting(p)}>
                  Delete photo {i + 1}
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {deleting && (
        <ConfirmDialog
          title="Delete this photo?"
          message={`The photo leaves item ${num} at once, in the shop too.`}
          confirmLabel="Delete photo"
          pending={remove.isPending}
          error={remove.error}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.photoId, {
              onSuccess: () => {
                notify('green', 'Photo deleted');
                setDeleting(null);
              },
            })
          }
        />
      )}
    </Stack>
  );
}

function AltText({ num, photo, index }: { num: string; photo: Photo; index: number }) {
  const [alt, setAlt] = useState(photo.alt);
  const save = useSetPhotoAlt(num);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ photoId: photo.photoId, alt: alt.trim() }, { onSuccess: () => notify('green', `Saved the alt text of photo ${index + 1}`) });
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={`Alt text of photo ${index + 1}`}
          size="xs"
          maxLength={PHOTO_LIMITS.altMax}
          value={alt}
          onChange={(e) => setAlt(e.currentTarget.value)}
          error={save.error?.message}
          style={{ flex: 1 }}
        />
        <Button type="submit" size="xs" variant="default" disabled={alt.trim() === photo.alt} loading={save.isPending} aria-label={`Save the alt text of photo ${index + 1}`}>
          Save
        </Button>
      </Group>
    </form>
  );
}
