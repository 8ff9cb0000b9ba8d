import { z } from 'zod';
import { distributorSchema } from '../content';
import { problemSchema } from '../problem';
import { httpUrl, requiredSingleLine, singleLine } from '../text';
import { versionSchema } from './versions';

/** Where to Buy's distributors, edited in the back office and imported by CSV (DESIGN.md §5). */

export const DISTRIBUTORS = {
  defaultPageSize: 50,
  maxPageSize: 200,
  /** An import's file: a few thousand stores. */
  csvMaxChars: 2_000_000,
  csvMaxRows: 10_000,
  /** The CSV's columns: the table's. `id` is optional (blank: match by name and ZIP code, or add). */
  columns: ['id', 'name', 'address', 'city', 'state', 'zip', 'phone', 'website', 'latitude', 'longitude'],
  requiredColumns: ['name', 'address', 'city', 'state', 'zip', 'latitude', 'longitude'],
} as const;

export const DISTRIBUTOR_MESSAGES = {
  notFound: (id: number) => `Distributor ${id} not found`,
  state: 'State must be a two-letter US state code',
  zip: 'ZIP code must be 5 digits (or ZIP+4)',
  latitude: 'Latitude must be a number from -90 to 90',
  longitude: 'Longitude must be a number from -180 to 180',
  stale: 'Someone else saved this distributor meanwhile: your changes were not saved. The distributor as it is now is shown.',
  header: (missing: string[]) => `The first line must name the columns; missing: ${missing.join(', ')}`,
  unknownColumn: (name: string) => `Unknown column "${name}"; the columns are ${DISTRIBUTORS.columns.join(', ')}`,
  unknownId: (id: string) => `No distributor has id ${id}`,
  duplicateRow: (row: number) => `Same distributor as row ${row}`,
  tooManyRows: `At most ${DISTRIBUTORS.csvMaxRows.toLocaleString('en-US')} rows per file`,
  emptyFile: 'The file holds no distributors',
  fileHasErrors: 'The file has errors: nothing was imported',
} as const;

const M = DISTRIBUTOR_MESSAGES;
const coordinate = (max: number, message: string) => z.number({ error: message }).min(-max, message).max(max, message);

export const distributorFields = {
  name: requiredSingleLine(120),
  address: requiredSingleLine(200),
  city: requiredSingleLine(80),
  state: z
    .string({ error: M.state })
    .trim()
    .regex(/^[A-Za-z]{2}$/, M.state)
    .transform((s) => s.toUpperCase()),
  zip: z.string({ error: M.zip }).trim().regex(/^\d{5}(-\d{4})?$/, M.zip),
  phone: singleLine(40).default(''),
  website: httpUrl(500).default(''),
  latitude: coordinate(90, M.latitude),
  longitude: coordinate(180, M.longitude),
};

export const distributorCreateBody = z.strictObject(distributorFields);
export type DistributorCreateBody = z.infer<typeof distributorCreateBody>;
export const distributorUpdateBody = z.strictObject({ ...distributorFields, version: versionSchema });
export type DistributorUpdateBody = z.infer<typeof distributorUpdateBody>;

/** What Where to Buy answers of a distributor, with its position and version instead of a distance. */
export const adminDistributorSchema = distributorSchema.omit({ distanceMiles: true }).extend({ latitude: z.number(), longitude: z.number(), version: z.number().int() });
export type AdminDistributor = z.infer<typeof adminDistributorSchema>;

export const distributorIdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const distributorsQuery = z.strictObject({
  /** Part of the name, city or ZIP code. */
  q: z.string().trim().max(100).optional(),
  state: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, M.state)
    .transform((s) => s.toUpperCase())
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(DISTRIBUTORS.maxPageSize).default(DISTRIBUTORS.defaultPageSize),
});
export type DistributorsQuery = z.infer<typeof distributorsQuery>;

export const distributorsPageSchema = z.object({
  items: z.array(adminDistributorSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type DistributorsPage = z.infer<typeof distributorsPageSchema>;

export const distributorImportQuery = z.object({ dryRun: z.enum(['0', '1']).default('1') });
export const distributorImportBody = z.strictObject({ csv: z.string().max(DISTRIBUTORS.csvMaxChars, 'The file is too large (at most 2 MB)') });

const fieldChange = z.object({ name: z.string(), old: z.string(), new: z.string() });
export const distributorImportResultSchema = z.object({
  /** False for a dry run, and for a file with errors. */
  applied: z.boolean(),
  added: z.array(z.object({ row: z.number().int(), name: z.string(), city: z.string(), state: z.string() })),
  changed: z.array(z.object({ row: z.number().int(), id: z.number().int(), name: z.string(), fields: z.array(fieldChange) })),
  unchanged: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});
export type DistributorImportResult = z.infer<typeof distributorImportResultSchema>;

export const staleDistributorProblemSchema = problemSchema.extend({ current: adminDistributorSchema });
