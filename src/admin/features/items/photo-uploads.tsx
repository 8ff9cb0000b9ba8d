import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { PHOTO_ACCEPTED, PHOTO_LIMITS, PHOTO_MESSAGES } from '../../../contract/admin/photos';
import { DropArea } from '../../components/drop-area';
import { takePendingPhotos } from './pending-photos';
import { useUploadPhoto } from './photos-api';

interface Upload {
  id: number;
  name: string;
  /** Kept for Retry. */
  file: File;
  progress: number;
  state: 'waiting' | 'sending' | 'done' | 'refused';
  message?: string;
}

export const PHOTO_ACCEPT = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/heic', 'image/heif', '.heic', '.heif'];

/**
 * Several photos at once, by drop or the file picker: each file has its progress bar and, when
 * the server refuses it (an SVG, a text file, too big), the server's message beside it; the
 * others still go up. One at a time, so the photos keep the order they were chosen in.
 */
export function PhotoUploads({ num }: { num: string }) {
  const upload = useUploadPhoto(num);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const queue = useRef(Promise.resolve());
  const serial = useRef(0);
  const change = (id: number, patch: Partial<Upload>) => setUploads((all) => all.map((u) => (u.id === id ? { ...u, ...patch } : u)));

  const send = (entry: Upload) => {
    queue.current = queue.current.then(async () => {
      // The server refuses it too; said here, 25 MB are not sent first (and the server may cut the connection).
      if (entry.file.size > PHOTO_LIMITS.maxBytes) return change(entry.id, { state: 'refused', message: PHOTO_MESSAGES.tooLarge });
      change(entry.id, { state: 'sending', progress: 0, message: undefined });
      try {
        await upload(entry.file, (progress) => change(entry.id, { progress }));
        change(entry.id, { state: 'done', progress: 1 });
      } catch (err) {
        change(entry.id, { state: 'refused', message: err instanceof Error ? err.message : 'Failed to upload the photo' });
      }
    });
  };

  const add = (files: File[]) => {
    const added = files.map((file): Upload => ({ id: ++serial.current, name: file.name, file, progress: 0, state: 'waiting' }));
    setUploads((all) => [...all.filter((u) => u.state !== 'done'), ...added]);
    added.forEach(send);
  };

  const retry = (entry: Upload) => {
    change(entry.id, { state: 'waiting', progress: 0, message: undefined });
    send(entry);
  };

  // Photos chosen on the new-item form go up as soon as the item's page opens (taken once).
  const tookPending = useRef(false);
  useEffect(() => {
    if (tookPending.current) return;
    tookPending.current = true;
    const files = takePendingPhotos(num);
    if (files.length > 0) add(files);
    // Once, on mount: add and num are those of this item's page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Stack gap="xs">
      <DropArea
        label="Drop photos here, or choose files"
        hint={`${PHOTO_ACCEPTED}, up to ${PHOTO_LIMITS.maxBytes / 1024 / 1024} MB each; several at once`}
        accept={PHOTO_ACCEPT}
        multiple
        onFiles={add}
      />
      {uploads.length > 0 && (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.id}>
              <Group gap="sm" wrap="nowrap">
                <Text size="sm" truncate maw={220}>
                  {u.name}
                </Text>
                <Progress
                  value={Math.round(u.progress * 100)}
                  color={u.state === 'refused' ? 'red.9' : u.state === 'done' ? 'green.9' : undefined}
                  style={{ flex: 1 }}
                  aria-label={`Upload of ${u.name}`}
                />
                {u.state !== 'refused' && <Text size="sm">{u.state === 'done' ? 'Uploaded' : u.state === 'waiting' ? 'Waiting' : `${Math.round(u.progress * 100)} %`}</Text>}
              </Group>
              {/* On its own line, so a phone shows the whole message beside its Retry. */}
              {u.state === 'refused' && (
                <Group gap="sm" wrap="nowrap" justify="space-between" mt={4}>
                  <Text size="sm" c="red.9" role="alert">
                    Not uploaded: {u.message}
                  </Text>
                  {u.file.size <= PHOTO_LIMITS.maxBytes && (
                    <Button size="xs" variant="default" onClick={() => retry(u)} aria-label={`Retry ${u.name}`} style={{ flexShrink: 0 }}>
                      Retry
                    </Button>
                  )}
                </Group>
              )}
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
