import { Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import { PHOTO_ACCEPTED, PHOTO_LIMITS } from '../../../contract/admin/photos';
import { DropArea } from '../../components/drop-area';
import { PHOTO_ACCEPT } from './photo-uploads';

/**
 * The new item's photos, chosen before it exists: kept here and uploaded right after "Create
 * item" succeeds, on the item's page, each with its progress (and, when one is refused, its
 * message and Retry; the item stays saved).
 */
export function NewItemPhotos({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  return (
    <Fieldset legend="Photos">
      <Stack gap="xs">
        <DropArea
          label="Drop photos here, or choose files"
          hint={`${PHOTO_ACCEPTED}, up to ${PHOTO_LIMITS.maxBytes / 1024 / 1024} MB each. They are uploaded when you create the item.`}
          accept={PHOTO_ACCEPT}
          multiple
          onFiles={(added) => onChange([...files, ...added])}
        />
        {files.length > 0 && (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Photos to upload">
            {files.map((f, i) => (
              <Group key={`${f.name}-${i}`} component="li" gap="sm" wrap="nowrap" justify="space-between">
                <Text size="sm" truncate>
                  {i + 1}. {f.name} ({Math.max(1, Math.round(f.size / 1024)).toLocaleString('en-US')} KB)
                </Text>
                <Button variant="subtle" color="red" size="xs" aria-label={`Remove ${f.name}`} onClick={() => onChange(files.filter((_f, j) => j !== i))}>
                  Remove
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Fieldset>
  );
}
