import { z } from 'zod';
import { rowNumber } from '../ids';

/** The outbox (DESIGN.md §5 "Integration and durable messages"): mails and webhooks waiting, sent or failed. */

export const OUTBOX_STATUSES = ['pending', 'failed', 'done'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_MESSAGES = {
  notFound: (id: number) => `Message ${id} not found`,
  alreadyDone: (id: number) => `Message ${id} was delivered already`,
} as const;

export const outboxEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(['mail', 'webhook']),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  /** The last failed attempt's error, short; null when none failed (or once delivered). */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** A mail's recipient and subject, or an event's type and subject. */
  about: z.string(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export const outboxQuery = z.object({
  status: z.enum(OUTBOX_STATUSES).optional(),
  /** The id of the last row of the previous page. */
  cursor: rowNumber('cursor').optional(),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type OutboxQuery = z.infer<typeof outboxQuery>;

export const outboxPageSchema = z.object({ items: z.array(outboxEntrySchema), nextCursor: z.number().int().nullable() });
export type OutboxPage = z.infer<typeof outboxPageSchema>;

export const outboxIdParam = z.object({ id: rowNumber('id') });
