/**
 * An account's standing (DESIGN.md §5 "Customers"), without zod so the storefront's first pages
 * can read it: only an active customer sees prices and orders; the server's 403s carry the same
 * words as the banner.
 */
export const CUSTOMER_STATUSES = ['pending', 'active', 'suspended'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

/** What a pending or suspended customer is told where prices, the cart and checkout would be. */
export const ACCOUNT_STATUS_MESSAGES = {
  pending: 'Your account is awaiting approval. You can browse the catalogue; prices and ordering open once we have approved it.',
  suspended: 'Your account is suspended. Please contact us to place orders.',
} as const;

/** The message for a signed-in customer who may not see prices or order; null for an active one. */
export function accountStatusMessage(status: CustomerStatus | undefined): string | null {
  return status === 'pending' || status === 'suspended' ? ACCOUNT_STATUS_MESSAGES[status] : null;
}
