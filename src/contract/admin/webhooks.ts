import { z } from 'zod';
import { rowNumber } from '../ids';
import { httpUrl } from '../text';

/** Webhook endpoints, their delivery log and redelivery (DESIGN.md §5 "Integration and durable messages"). */

export const WEBHOOK_EVENTS = [
  'order.placed',
  'order.accepted',
  'order.shipped',
  'order.cancelled',
  'order.closed',
  'invoice.created',
  'stock.changed',
  'customer.created',
  'item.changed',
  'return.requested',
  'return.received',
  'credit_memo.issued',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOKS = {
  urlMax: 2000,
  /** What the delivery log keeps of an answer. */
  snippetMax: 500,
  defaultPageSize: 50,
  maxPageSize: 200,
  /** An endpoint failing this long without one delivered message is disabled. */
  disableAfterDays: 3,
} as const;

export const WEBHOOK_MESSAGES = {
  privateAddress: 'Webhook URLs must be public internet addresses: private, loopback and link-local addresses are refused',
  endpointNotFound: (id: number) => `Webhook endpoint ${id} not found`,
  deliveryNotFound: (id: number) => `Delivery ${id} not found`,
  eventsRequired: 'Choose at least one event',
  nothingToChange: 'Change the URL, the events or whether the endpoint is active',
  endpointOff: 'This endpoint is turned off: turn it on, then redeliver',
  messageGone: 'That message is no longer kept: it cannot be delivered again',
} as const;

export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);
const events = z
  .array(webhookEventSchema)
  .min(1, WEBHOOK_MESSAGES.eventsRequired)
  .max(WEBHOOK_EVENTS.length * 2)
  .transform((list) => WEBHOOK_EVENTS.filter((e) => list.includes(e)));
const url = httpUrl(WEBHOOKS.urlMax).refine((v) => v !== '', { error: 'url is required' });

export const newWebhookBody = z.object({ url, events });
export type NewWebhookBody = z.infer<typeof newWebhookBody>;

export const updateWebhookBody = z
  .object({ url: url.optional(), events: events.optional(), active: z.boolean().optional() })
  .refine((b) => b.url !== undefined || b.events !== undefined || b.active !== undefined, { message: WEBHOOK_MESSAGES.nothingToChange });
export type UpdateWebhookBody = z.infer<typeof updateWebhookBody>;

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  active: z.boolean(),
  createdAt: z.string(),
  /** Since when every attempt has failed; null while deliveries succeed. */
  failingSince: z.string().nullable(),
  /** Why the shop turned it off (failing for 3 days); null when active or turned off by staff. */
  disabledReason: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer to creating one: the only time the secret is shown. */
export const createdWebhookSchema = webhookEndpointSchema.pick({ id: true, url: true, events: true }).extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookIdParams = z.object({ id: rowNumber('id') });
export const deliveryIdParams = webhookIdParams.extend({ deliveryId: rowNumber('deliveryId') });

export const deliveriesQuery = z.object({
  /** Deliveries older than this one (the previous page's nextCursor). */
  cursor: rowNumber('cursor').optional(),
  pageSize: z.coerce.number().int().min(1).max(WEBHOOKS.maxPageSize).default(WEBHOOKS.defaultPageSize),
});
export type DeliveriesQuery = z.infer<typeof deliveriesQuery>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  /** The `webhook-id` header: the same on every attempt and redelivery of one message. */
  webhookId: z.string(),
  eventType: z.string(),
  attempt: z.number().int(),
  /** The receiver's HTTP status; null when no answer came (timeout, refused, reset). */
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  responseSnippet: z.string(),
  error: z.string().nullable(),
  delivered: z.boolean(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** A row of the endpoint list: the endpoint and its newest delivery attempt (null before the first). */
export const webhookEndpointListItemSchema = webhookEndpointSchema.extend({
  lastDelivery: webhookDeliverySchema.pick({ statusCode: true, delivered: true, error: true, createdAt: true }).nullable(),
});
export type WebhookEndpointListItem = z.infer<typeof webhookEndpointListItemSchema>;

export const webhookDeliveriesPageSchema = z.object({ items: z.array(webhookDeliverySchema), nextCursor: z.number().int().nullable() });
export type WebhookDeliveriesPage = z.infer<typeof webhookDeliveriesPageSchema>;

export const redeliveredSchema = z.object({ webhookId: z.string(), queued: z.literal(true) });
