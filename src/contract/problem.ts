import { z } from 'zod';

/** Every error the API answers is application/problem+json in this shape (DESIGN.md §3). */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  /** Repeats `detail`, for clients written against the original API. */
  errorMessage: z.string(),
  errors: z.array(z.string()).optional(),
  /** A refused body's problems by field path (`price`, `filters.poscat.0`): where a form shows them. */
  fields: z.record(z.string(), z.string()).optional(),
});
export type Problem = z.infer<typeof problemSchema>;
