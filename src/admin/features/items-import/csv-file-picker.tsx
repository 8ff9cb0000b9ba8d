import { Stack, Text } from '@mantine/core';
import { IMPORT_LIMITS } from '../../../contract/admin/item-import';
import { DropArea } from '../../components/drop-area';

/** Chooses the CSV to import: dropped on the shared drop area or picked, and named once chosen. */
export function CsvFilePicker({ file, onChange, disabled }: { file: File | null; onChange: (file: File | null) => void; disabled?: boolean }) {
  return (
    <Stack gap="xs" maw={480}>
      <DropArea
        label="Drop the catalogue CSV file here"
        hint={`The columns of an export (or of docs/catalogue-import.md); up to ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB`}
        accept={['.csv', 'text/csv']}
        disabled={disabled}
        onFiles={(files) => onChange(files[0] ?? null)}
      />
      {file && (
        <Text size="sm" aria-live="polite">
          Chosen: {file.name} ({Math.max(1, Math.round(file.size / 1024)).toLocaleString('en-US')} KB)
        </Text>
      )}
    </Stack>
  );
}
