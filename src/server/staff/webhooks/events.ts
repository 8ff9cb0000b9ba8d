import type { WebhookEventType } from '../../../contract/admin/webhooks';
import { enqueue } from '../../platform/outbox/outbox';
import type { WebhookPayload } from './dispatch';
import { EndpointCache } from './endpoint-cache';
import type { Db } from './queries';

/**
 * Publishes webhook events (DESIGN.md §5): one outbox row per active endpoint subscribed to the
 * type, written in the caller's transaction, so an event goes out if and only if its change
 * commits. `data` is composed only when some endpoint wants the event: with none (the usual
 * case) publishing costs no query and no serialisation. Call `outbox.poke()` after the commit.
 */
export class WebhookEvents {
  private readonly cache = new EndpointCache();

  /** After a change of endpoints in this process: the next publish reads them again. */
  invalidate(): void {
    this.cache.invalidate();
  }

  /** Answers how many messages were written. `about` names the subject for the admin's outbox list ("order 100123"). */
  async publish(trx: Db, type: WebhookEventType, about: string, data: () => unknown): Promise<number> {
    const endpoints = await this.cache.subscribersOf(trx, type);
    if (endpoints.length === 0) return 0;
    const body = JSON.stringify({ type, timestamp: new Date().toISOString(), data: await data() });
    for (const endpointId of endpoints) {
      const payload: WebhookPayload = { endpointId, body };
      await enqueue(trx, { kind: 'webhook', topic: type, payload, about: `${type} ${about}`.trim() });
    }
    return endpoints.length;
  }
}
