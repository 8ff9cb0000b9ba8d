import { Alert, Anchor, Button, CloseButton, FileButton, Group, Image, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { RETURN_PHOTO_MESSAGES, RETURN_PHOTOS, returnPhotoAnswerSchema, type ReturnPhoto } from '../../contract/returns';
import { apiBlob, apiUpload } from '../lib/api-client';
import { RETURN_KEYS } from './returns-data';

/**
 * Photos on a return (decision 0039): the buyer picks them (from the library or the camera), sees
 * them before sending, and they are uploaded one at a time once the return has its number. The
 * stored photos are fetched with the token (a plain <img> could not send it) and shown as thumbnails.
 */

const MB = RETURN_PHOTOS.maxBytes / 1024 / 1024;
export const PHOTO_HINT = `Up to ${RETURN_PHOTOS.perReturn} photos of what arrived: JPEG, PNG, WebP or HEIC, up to ${MB} MB each.`;

/** HEIC from some phones comes without a type; its name tells. */
const looksLikePhoto = (f: File) => f.type.startsWith('image/') || /\.(heic|heif)$/i.test(f.name);

/** The files that may be added to `already` photos, and what is said about the others. */
export function checkPicked(files: readonly File[], already: number): { ok: File[]; problems: string[] } {
  const ok: File[] = [];
  const problems: string[] = [];
  for (const f of files) {
    if (!looksLikePhoto(f)) problems.push(`${f.name}: ${RETURN_PHOTO_MESSAGES.notAnImage}`);
    else if (f.size > RETURN_PHOTOS.maxBytes) problems.push(`${f.name}: ${RETURN_PHOTO_MESSAGES.tooLarge}`);
    else if (already + ok.length >= RETURN_PHOTOS.perReturn) problems.push(`${f.name}: ${RETURN_PHOTO_MESSAGES.full}.`);
    else ok.push(f);
  }
  return { ok, problems };
}

/** Object URLs whose revoking waits a moment: a remount (React's strict mode runs effects twice) takes them back. */
const revoking = new Map<string, number>();

/** An object URL for a blob or file, revoked once no component shows it any more. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => {
    if (!url) return undefined;
    window.clearTimeout(revoking.get(url));
    revoking.delete(url);
    return () => {
      revoking.set(
        url,
        window.setTimeout(() => {
          URL.revokeObjectURL(url);
          revoking.delete(url);
        }, 1000),
      );
    };
  }, [url]);
  return url;
}

const THUMB = 72;

function Thumb({ src, alt, href }: { src: string | undefined; alt: string; href?: string }) {
  const image = src ? <Image src={src} alt={alt} w={THUMB} h={THUMB} fit="cover" radius="sm" /> : <Loader size="xs" aria-label={`Loading ${alt}`} />;
  if (!href) return image;
  return (
    <Anchor href={href} target="_blank" rel="noopener" aria-label={`${alt}, full size`}>
      {image}
    </Anchor>
  );
}

/** A picked file, before it is sent: its preview and a button to leave it out. */
function PickedThumb({ file, index, onRemove }: { file: File; index: number; onRemove: () => void }) {
  const url = useObjectUrl(file);
  return (
    <Paper withBorder radius="sm" p={4} pos="relative" data-testid="picked-photo">
      <Thumb src={url} alt={`Photo ${index + 1}: ${file.name}`} />
      <CloseButton size="sm" pos="absolute" top={2} right={2} aria-label={`Leave out ${file.name}`} onClick={onRemove} bg="white" />
    </Paper>
  );
}

/** Two buttons: the photo library (several at once) and, on a phone, the camera. */
export function PhotoButtons({ onPick, disabled, label = 'Add photos (optional)', size = 'sm' }: { onPick: (files: File[]) => void; disabled?: boolean; label?: string; size?: 'xs' | 'sm' }) {
  return (
    <Group gap="xs">
      <FileButton accept="image/*" multiple onChange={(files) => onPick(files)} disabled={disabled} inputProps={{ 'aria-label': label }}>
        {(props) => (
          <Button {...props} variant="light" size={size} disabled={disabled}>
            {label}
          </Button>
        )}
      </FileButton>
      <FileButton accept="image/*" capture="environment" onChange={(file) => file && onPick([file])} disabled={disabled} inputProps={{ 'aria-label': 'Take a photo' }}>
        {(props) => (
          <Button {...props} variant="subtle" size={size} disabled={disabled}>
            Take a photo
          </Button>
        )}
      </FileButton>
    </Group>
  );
}

/** The request form's photos: picked before sending, shown as thumbnails, sent after the return has its number. */
export function PhotoPicker({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const [problems, setProblems] = useState<string[]>([]);
  return (
    <Stack gap="xs" role="group" aria-labelledby="return-photos-label">
      <div>
        <Text fw={500} size="sm" id="return-photos-label">
          Photos (optional)
        </Text>
        <Text size="xs" c="dimmed">
          {PHOTO_HINT}
        </Text>
      </div>
      {files.length > 0 && (
        <Group gap="xs">
          {files.map((f, i) => (
            <PickedThumb key={`${f.name}-${f.size}-${f.lastModified}`} file={f} index={i} onRemove={() => onChange(files.filter((x) => x !== f))} />
          ))}
        </Group>
      )}
      <PhotoButtons
        disabled={files.length >= RETURN_PHOTOS.perReturn}
        onPick={(picked) => {
          const { ok, problems: found } = checkPicked(picked, files.length);
          setProblems(found);
          onChange([...files, ...ok]);
        }}
      />
      {problems.length > 0 && (
        <Alert color="red" role="alert" title="Some photos were left out">
          {problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        </Alert>
      )}
    </Stack>
  );
}

export interface UploadState {
  busy: boolean;
  added: number;
  total: number;
  problems: string[];
}

/** Uploads files to a return one at a time; each refusal is said with the file's name, the others still go. */
export function usePhotoUpload(rmaNum: number) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState>({ busy: false, added: 0, total: 0, problems: [] });
  const run = useCallback(
    async (files: readonly File[]) => {
      setState({ busy: true, added: 0, total: files.length, problems: [] });
      let added = 0;
      const problems: string[] = [];
      for (const f of files) {
        const form = new FormData();
        form.append('file', f, f.name);
        try {
          await apiUpload(`/Shop/Returns/${rmaNum}/Photos`, form, returnPhotoAnswerSchema, 'The photo could not be added');
          added++;
        } catch (e) {
          problems.push(`${f.name}: ${(e as Error).message}`);
        }
        setState({ busy: true, added, total: files.length, problems: [...problems] });
      }
      setState({ busy: false, added, total: files.length, problems });
      await queryClient.invalidateQueries({ queryKey: RETURN_KEYS.all });
    },
    [rmaNum, queryClient],
  );
  return { state, run };
}

/** How an upload went, in words. */
export function UploadProgress({ state }: { state: UploadState }) {
  if (state.total === 0) return null;
  const noun = (n: number) => `${n} ${n === 1 ? 'photo' : 'photos'}`;
  return (
    <Stack gap={4} role="status" aria-live="polite">
      <Group gap="xs">
        {state.busy && <Loader size="xs" />}
        <Text size="sm">{state.busy ? `Adding photos: ${state.added} of ${state.total}…` : `${noun(state.added)} added.`}</Text>
      </Group>
      {state.problems.length > 0 && (
        <Alert color="red" title="Not added">
          {state.problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        </Alert>
      )}
    </Stack>
  );
}

/** One stored photo: fetched with the token, opened full size in a new tab. */
function StoredThumb({ photo, index, rmaNum }: { photo: ReturnPhoto; index: number; rmaNum: number }) {
  const blob = useQuery({ queryKey: [...RETURN_KEYS.all, 'photo', photo.url], staleTime: Infinity, gcTime: 60_000, queryFn: () => apiBlob(photo.url.replace(/^\/beapi/, ''), 'Failed to load the photo') });
  const url = useObjectUrl(blob.data);
  if (blob.isError) return <Text size="xs" c="red.9">Photo {index + 1} could not be shown</Text>;
  return <Thumb src={url} href={url} alt={`Photo ${index + 1} of return ${rmaNum}`} />;
}

/** A return's photos as thumbnails, with their count; and, while it takes more, a button to add some. */
export function ReturnPhotos({ rmaNum, photos, canAdd }: { rmaNum: number; photos: readonly ReturnPhoto[]; canAdd: boolean }) {
  const { state, run } = usePhotoUpload(rmaNum);
  const [problems, setProblems] = useState<string[]>([]);
  const room = canAdd && photos.length < RETURN_PHOTOS.perReturn;
  if (photos.length === 0 && !room) return null;
  return (
    <Stack gap={4} data-testid={`return-photos-${rmaNum}`}>
      {photos.length > 0 && (
        <>
          <Text size="xs" c="dimmed">
            {photos.length} {photos.length === 1 ? 'photo' : 'photos'}
          </Text>
          <Group gap="xs">
            {photos.map((p, i) => (
              <StoredThumb key={p.photoId} photo={p} index={i} rmaNum={rmaNum} />
            ))}
          </Group>
        </>
      )}
      {room && (
        <PhotoButtons
          label={`Add photos to return ${rmaNum}`}
          size="xs"
          disabled={state.busy}
          onPick={(picked) => {
            const { ok, problems: found } = checkPicked(picked, photos.length);
            setProblems(found);
            if (ok.length > 0) void run(ok);
          }}
        />
      )}
      {problems.length > 0 && (
        <Alert color="red" role="alert" title="Some photos were left out">
          {problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        </Alert>
      )}
      <UploadProgress state={state} />
    </Stack>
  );
}
