import { FileInput } from '@mantine/core';
import { IMPORT_LIMITS } from '../../../contract/admin/item-import';

/**
 * Chooses the CSV to import. A plain file input for now: the shared drop area
 * (components/drop-area.tsx, being written for the photos) can take its place.
 */
export function CsvFilePicker({ file, onChange, disabled }: { file: File | null; onChange: (file: File | null) => void; disabled?: boolean }) {
  return (
    <FileInput
      label="Catalogue CSV file"
      description={`The columns of an export (or of docs/catalogue-import.md); up to ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB`}
      accept=".csv,text/csv"
      value={file}
      onChange={onChange}
      disabled={disabled}
      maw={480}
    />
  );
}
