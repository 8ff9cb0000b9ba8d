import { z } from 'zod';
import { DB_INT_MAX } from '../ids';
import { billingFieldsSchema, CUSTOMER_STATUSES, customerStatusSchema, emailChangeSchema, shipToSchema, withNameRules } from '../accounts';
import { orderStatusSchema } from '../order-lifecycle';
import { customerAccountSchema, moneyAmount, termsSchema } from '../money';
import { requiredMultiLine, singleLine } from '../text';

export { CUSTOMER_STATUSES, customerStatusSchema, type CustomerStatus } from '../accounts';

/**
 * The customers desk (DESIGN.md §5 "Customers, trade terms, money", first point): the list, a
 * customer's page, approve / suspend / reactivate, notes, sessions and a password-reset mail.
 * Price levels, terms, credit and payments are not part of it yet.
 */

export const CUSTOMERS_ADMIN = {
  defaultPageSize: 50,
  maxPageSize: 200,
  /** A search's total is counted up to here, then shown as "more than 1,000" (decision 0024). */
  countCap: 1_000,
  noteMax: 2000,
  /** Orders the customer's page shows, newest first (the order desk lists them all). */
  recentOrders: 20,
  /** Notes the customer's page shows, newest first. */
  notes: 100,
} as const;

export const CUSTOMER_ADMIN_MESSAGES = {
  notFound: (id: number) => `Customer ${id} not found`,
  sessionNotFound: (id: number) => `Session ${id} is not one of this customer's`,
  changedMeanwhile: 'Someone else changed this customer meanwhile: reload and try again',
  noteRequired: 'Write the note',
  sameStatus: (status: string) => `This customer is already ${status}`,
  noBackToPending: 'An account cannot be put back to awaiting approval: suspend it instead',
  unknownPriceLevel: (id: number) => `Price level ${id} not found`,
  nothingToChange: 'Nothing to save: change at least one field',
  emailChangeSent: (email: string) => `A link to confirm the new address was sent to ${email}. The customer signs in with the current address until it is opened.`,
} as const;

export const customerIdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const customerSessionParam = customerIdParam.extend({ sessionId: z.coerce.number().int().positive().max(2_147_483_647) });

/** The list's filters; `q` matches company, contact name, email and ZIP (any case). */
export const customersQuery = z.object({
  q: singleLine(100).optional(),
  status: customerStatusSchema.optional(),
  state: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'state must be a two-letter code')
    .transform((s) => s.toUpperCase())
    .optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(CUSTOMERS_ADMIN.maxPageSize).default(CUSTOMERS_ADMIN.defaultPageSize),
});
export type CustomersQuery = z.infer<typeof customersQuery>;
/** The export takes the list's filters, without paging. */
export const customersExportQuery = customersQuery.omit({ page: true, pageSize: true });
export type CustomersExportQuery = z.infer<typeof customersExportQuery>;

export const customerListItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  orgName: z.string(),
  email: z.string(),
  /** The contact's name (first and last). */
  contact: z.string(),
  zip: z.string(),
  state: z.string(),
  status: customerStatusSchema,
  /** The customer's price level; null: list prices. */
  priceLevelId: z.number().int().nullable(),
  /** invoicedDue + onOpenOrders, what the credit limit is checked against (decision 0022); kept for clients that read it. */
  balance: z.number(),
  /** Invoiced, due: open invoices + charges − credit on account (the statement's amount due, decision 0026). */
  invoicedDue: z.number(),
  /** On open orders: units of orders not yet invoiced, at their prices. Not due yet. */
  onOpenOrders: z.number(),
  lastOrderAt: z.string().nullable(),
  orderCount: z.number().int(),
});
export type CustomerListItem = z.infer<typeof customerListItemSchema>;

export const customersPageSchema = z.object({
  items: z.array(customerListItemSchema),
  /** Exact, or `countCap` + 1 with `totalCapped` when a search matches more. */
  total: z.number().int(),
  totalCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CustomersPage = z.infer<typeof customersPageSchema>;

/** The billing address (code '') or a ship-to, as the buyer's account holds it; `isDefault`: where orders ship unless told otherwise. */
export const customerAddressSchema = shipToSchema.extend({ isDefault: z.boolean() });

/** `total`: what remains to be delivered and paid; `originalTotal` as placed; `cancelledTotal` what cancels took off (decision 0026). */
export const customerOrderSchema = z.object({
  orderNum: z.number().int(),
  createdAt: z.string(),
  statusCode: orderStatusSchema,
  total: z.number(),
  originalTotal: z.number(),
  cancelledTotal: z.number(),
});

export const customerNoteSchema = z.object({
  id: z.number().int(),
  /** The staff member's name; "Former staff" once they are deleted. */
  author: z.string(),
  createdAt: z.string(),
  text: z.string(),
});
export type CustomerNote = z.infer<typeof customerNoteSchema>;

/**
 * A signed-in device of the customer. `lastSeenAt` is within an hour (the session's expiry slides
 * at most hourly); the shop stores no client address for buyer sessions.
 */
export const customerSessionSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  /** The staff member viewing the shop as the customer in this session (act-as, decision 0035); null: the buyer's own. */
  actingStaff: z.string().nullable(),
});
export type CustomerSession = z.infer<typeof customerSessionSchema>;

export const adminCustomerSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  status: customerStatusSchema,
  /** Moves with every back-office change: send it back in PUT to be told of another staff member's change (409). */
  version: z.number().int(),
  orgName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** An email change waiting for its link ('' when none). */
  pendingEmail: z.string(),
  dayPhone: z.string(),
  web: z.string(),
  createdAt: z.string(),
  billing: customerAddressSchema,
  shipTos: z.array(customerAddressSchema),
  orderCount: z.number().int(),
  recentOrders: z.array(customerOrderSchema),
  notes: z.array(customerNoteSchema),
  sessions: z.array(customerSessionSchema),
  /** The customer's price level (admin/pricing.ts); null: list prices. */
  priceLevelId: z.number().int().nullable(),
  /** Terms, credit, balance, invoices, payments and charges (decision 0022). */
  account: customerAccountSchema,
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

const billing = billingFieldsSchema.shape;

/**
 * The profile fields staff may correct (DESIGN.md §7), each optional (a partial update) and each
 * checked by the buyer's own billing-form rule. `email` is not changed at once: the new address is
 * mailed a link and becomes the sign-in address when it is opened (DESIGN.md §3 "Email change").
 */
export const customerProfileFields = {
  orgName: billing.orgName.optional(),
  firstName: billing.firstName.optional(),
  lastName: billing.lastName.optional(),
  dayPhone: billing.dayPhone.optional(),
  web: billing.web.optional(),
  email: emailChangeSchema.shape.email.optional(),
  billing: z
    .object({
      addressLine1: billing.addressLine1.optional(),
      city: billing.city.optional(),
      state: billing.state.optional(),
      zip: billing.zip.optional(),
      country: billing.country.optional(),
    })
    .optional(),
};
export const PROFILE_KEYS = ['orgName', 'firstName', 'lastName', 'dayPhone', 'web', 'email', 'billing'] as const;

/** After a partial edit the names must still say who the customer is: a company, or both first and last name (the buyer's rule). */
export const customerNamesSchema = withNameRules(z.object({ orgName: z.string(), firstName: z.string(), lastName: z.string() }));

/** The back office's profile form: the buyer's billing fields and rules, and the email. */
export const customerProfileFormSchema = withNameRules(billingFieldsSchema.extend({ email: emailChangeSchema.shape.email }));
export type CustomerProfileForm = z.input<typeof customerProfileFormSchema>;

/**
 * Approve (pending → active), suspend, reactivate (suspended → active); the price level (needs
 * `pricing:write`); terms and credit limit (need `money:write`, decision 0022); the profile
 * (name, phone, web, billing address, email). At least one of them.
 */
export const customerUpdateBody = z
  .object({
    status: customerStatusSchema.optional(),
    /** A price level's id, or null for list prices. */
    priceLevelId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
    terms: termsSchema.optional(),
    creditLimit: moneyAmount.optional(),
    ...customerProfileFields,
    version: z.number().int().min(1).max(DB_INT_MAX).optional(),
  })
  .refine((b) => b.status !== undefined || b.priceLevelId !== undefined || b.terms !== undefined || b.creditLimit !== undefined || PROFILE_KEYS.some((k) => b[k] !== undefined), {
    message: CUSTOMER_ADMIN_MESSAGES.nothingToChange,
    path: ['status'],
  });
export type CustomerUpdateBody = z.infer<typeof customerUpdateBody>;

export const customerNoteBody = z.object({ text: requiredMultiLine(CUSTOMERS_ADMIN.noteMax, { required: CUSTOMER_ADMIN_MESSAGES.noteRequired }) });

export const sessionsRevokedSchema = z.object({ revoked: z.number().int() });
export const resetQueuedSchema = z.object({ message: z.string() });

export const CUSTOMER_STATUS_LABELS: Record<(typeof CUSTOMER_STATUSES)[number], string> = {
  pending: 'Awaiting approval',
  active: 'Active',
  suspended: 'Suspended',
};
