/**
 * Acting for a customer (decision 0035): its numbers and words, without zod, so the storefront's
 * banner (on every page) does not pull the schemas into the first page.
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
  /** The banner once the session has ended (End, 30 minutes, or signed out by the back office). */
  ended: (company: string) => `You are no longer viewing the shop as ${company}. You can close this tab.`,
  /** The /act-as page without a link. */
  noLink: 'Open this page from a customer’s page in the back office: “View the shop as this customer”.',
} as const;
