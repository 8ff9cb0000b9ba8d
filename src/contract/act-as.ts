import { z } from 'zod';
import { customerSchema } from './accounts';

/**
 * Acting for a customer (DESIGN.md §7, decision 0035): staff with `customers:impersonate` get a
 * one-time link (60 s) to the storefront's /act-as page, which exchanges it once for a buyer
 * session of 30 minutes tied to the staff member. Shared by the server, the admin app and the
 * storefront.
 */

export { ACT_AS, ACT_AS_MESSAGES } from './act-as-words';

/** POST /beapi/Admin/Customers/{id}/Impersonate → the link to open (absolute, from PUBLIC_URL). */
export const actAsLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type ActAsLink = z.infer<typeof actAsLinkSchema>;

/** POST /beapi/Customer/ActAs: the token of the link. */
export const actAsRequestSchema = z.object({ token: z.string().trim().min(1).max(200) });

/** Who is acting: shown in the storefront's banner. */
export const actingStaffSchema = z.object({ id: z.number().int(), name: z.string() });

/** The exchange's answer: a buyer session token (sent as `user-token`), whom it acts for, and until when. */
export const actAsSessionSchema = z.object({
  token: z.string(),
  customer: customerSchema,
  staff: actingStaffSchema,
  expiresAt: z.string(),
});
export type ActAsSession = z.infer<typeof actAsSessionSchema>;
