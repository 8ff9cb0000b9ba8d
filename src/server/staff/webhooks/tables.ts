import type { Generated } from 'kysely';

/** Webhook endpoints and their delivery log (migration 2026-11-25T18-20-webhooks). */
export interface WebhookEndpointTable {
  id: Generated<number>;
  url: string;
  /** JSON array of event types. */
  events: string;
  /** `whsec_…`: needed in the clear to sign, so it is kept, and shown only when created. */
  secret: string;
  active: Generated<number>;
  created_at: string;
  updated_at: string;
  /** The first failed attempt since the last delivered one. */
  failing_since: string | null;
  disabled_reason: string | null;
}

export interface WebhookDeliveryTable {
  id: Generated<number>;
  endpoint_id: number;
  outbox_id: number;
  webhook_id: string;
  event_type: string;
  attempt: number;
  status_code: number | null;
  duration_ms: number;
  /** At most 500 characters of the answer, text only. */
  response_snippet: Generated<string>;
  error: string | null;
  created_at: string;
}

declare module '../../platform/db/schema' {
  interface DB {
    webhook_endpoints: WebhookEndpointTable;
    webhook_deliveries: WebhookDeliveryTable;
  }
}
