import { z } from 'zod';
import { problemSchema } from '../problem';
import { itemsListQuery } from './items';

/**
 * The catalogue CSV in the back office (DESIGN.md §5 "Catalogue and content management"): export
 * of a filtered item list in the columns `npm run import` reads, and the import: a dry run (new /
 * changed with old → new per column / unchanged / rows in error), then the apply as a job whose
 * progress any instance answers. Columns: docs/catalogue-import.md.
 */

export const IMPORT_LIMITS = {
  /**
   * The upload's own body limit (the global one is 1 MiB). An export of 50,000 items with their
   * product info is about 78 MB, so it goes back in whole; a bigger catalogue is exported and
   * imported a category at a time.
   */
  maxBytes: 100 * 1024 * 1024,
} as const;

export const IMPORT_MESSAGES = {
  notMultipart: 'Send the CSV as multipart/form-data with the file in the part "file"',
  noFile: 'Choose a CSV file to import (the part "file")',
  empty: 'The file is empty: export the catalogue for a file with the right columns',
  tooLarge: `The file is larger than ${IMPORT_LIMITS.maxBytes / 1024 / 1024} MB: split it into several files`,
  notCsv: 'The file is not a CSV text file (UTF-8): save the spreadsheet as "CSV UTF-8" and upload that',
  badHeader: (problems: string) => `The first line is not a catalogue CSV header: ${problems}`,
  hasErrors: (n: number) => `${n} problem${n === 1 ? '' : 's'} in the file; nothing was imported. Fix ${n === 1 ? 'it' : 'them'} and upload the file again`,
  jobNotFound: (id: string) => `Import ${id} not found`,
  stockIgnored: (columns: readonly string[]) =>
    `Stock is read-only in this file: ${columns.join(', ')} ${columns.length === 1 ? 'was' : 'were'} not imported. Change stock on the Stock page (Adjust) or with PUT /beapi/Admin/Stock`,
} as const;

/** `GET /beapi/Admin/Items/Export.csv`: the item list's filters, without its paging. */
export const itemsExportQuery = itemsListQuery.omit({ page: true, pageSize: true });
export type ItemsExportQuery = z.infer<typeof itemsExportQuery>;

/** `POST /beapi/Admin/Items/Import?dryRun=1|0` (dry run by default). */
export const importQuery = z.strictObject({ dryRun: z.enum(['0', '1']).default('1') });

export const importFieldChangeSchema = z.object({ name: z.string(), old: z.string(), new: z.string() });
export const importRowErrorSchema = z.object({ row: z.number().int(), message: z.string() });

export const importReportSchema = z.object({
  new: z.array(z.object({ num: z.string(), title: z.string() })),
  unchanged: z.number().int(),
  changed: z.array(z.object({ num: z.string(), fields: z.array(importFieldChangeSchema) })),
  /** By line of the file (the header is line 1). */
  errors: z.array(importRowErrorSchema),
  /** What the import left out on purpose, in words: the file's stock columns, which are read-only (docs/decisions/0025). */
  notices: z.array(z.string()),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** The apply's answer (202): the report it applies, and the job to follow. */
export const importStartedSchema = importReportSchema.extend({ jobId: z.string() });
export type ImportStarted = z.infer<typeof importStartedSchema>;

/** A file with rows in error, sent to apply: 400 with every row and its message. */
export const importRefusedSchema = problemSchema.extend({ rows: z.array(importRowErrorSchema) });

export const importJobParams = z.object({ jobId: z.uuid('Unknown import') });

export const IMPORT_JOB_STATUSES = ['running', 'done', 'failed'] as const;
export const importJobSchema = z.object({
  jobId: z.string(),
  status: z.enum(IMPORT_JOB_STATUSES),
  /** Rows to write (new and changed) and rows written. */
  total: z.number().int(),
  done: z.number().int(),
  new: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  /** Why a failed import stopped; the rows written before it stay written. */
  error: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;
