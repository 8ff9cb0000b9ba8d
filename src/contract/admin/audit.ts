import { z } from 'zod';
import { rowNumber } from '../ids';
import { singleLine } from '../text';

/** The append-only audit log (DESIGN.md §5): one row per admin change, written in the change's transaction. */

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** "staff:3 owner@example.com" or "apikey:2 ERP"; "customer:12" for a buyer's own cancel. */
  actor: z.string(),
  action: z.string(),
  /** What was changed: "order:100123", "item:12001", "staff:4". */
  target: z.string(),
  /** A short before/after summary, as JSON. */
  summary: z.string(),
  ip: z.string(),
  /** Who acted, by name: "Anna Owner" (issue 29). */
  actorName: z.string(),
  /** The change in a sentence: "Anna Owner accepted order 1042". */
  words: z.string(),
  /** The summary as lines people read: "Status: Accepted → On hold". */
  changes: z.array(z.string()),
  /** The admin screen of what was changed ("/orders/1042"), and of who changed it; null: none. */
  targetPath: z.string().nullable(),
  actorPath: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuery = z.object({
  actor: singleLine(200).optional(),
  target: singleLine(200).optional(),
  action: singleLine(100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** The id of the last row of the previous page. */
  cursor: rowNumber('cursor').optional(),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), nextCursor: z.number().int().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;
