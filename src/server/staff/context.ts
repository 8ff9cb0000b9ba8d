import type { PlatformContext } from '../platform/context';
import type { ApiKeyService } from './api-keys/service';
import type { StaffService } from './service';
import type { WebhookEvents } from './webhooks/events';
import type { WebhookService } from './webhooks/service';

/** The services of staff/ on top of the platform's (platform/context.ts). */
export interface StaffContext extends PlatformContext {
  staff: StaffService;
  /** API keys for ERP and scripts: made by owners and managers, sent as Bearer on /beapi/Admin. */
  apiKeys: ApiKeyService;
  /** Webhook endpoints, their delivery log, and the events they subscribe to. */
  webhooks: WebhookService;
  /** Publishes webhook events in the transaction of the change that causes them. */
  webhookEvents: WebhookEvents;
}
