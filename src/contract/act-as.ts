import { z } from 'zod';
import { customerSchema } from './accounts';

/**
 * Acting for a customer (DESIGN.md §7, decision 0035): staff with `customers:impersonate` get a
 * one-time link (60 s) to the storefront's /act-as page, which exchanges it once for a buyer
 * session of 30 minutes tied to the staff member. Shared by the server, the admin app and the
 * storefront.
 */

export const ACT_AS = {
  /** How long the link works, from when staff asked for it. */
  linkSeconds: 60,
  /** How long the session lasts from the exchange; activity does not extend it. */
  sessionMinutes: 30,
  /** The storefront page the link opens (its query parameter `t` is the token). */
  page: '/act-as',
} as const;

export const ACT_AS_MESSAGES = {
  /** 410: used, expired, or never a link. */
  linkGone: 'This link has already been used or has expired. Ask for a new one from the customer’s page in the back office.',
  /** 403 on password, email, security-question and sign-in calls made in such a session. */
  notWhileActing: 'Staff viewing the shop for a customer cannot change the customer’s password, email or security question, or sign in, reset or make sign-in links for them.',
  /** The staff member's name in the banner and the audit log: "Anna Owner for Party Palace". */
  actorName: (staffName: string, company: string) => `${staffName} for ${company}`,
  banner: (company: string, staffName: string) => `Viewing as ${company}: staff ${staffName}`,
} as const;

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
