import type { WebhookEventType } from '../../../contract/admin/webhooks';
import { activeSubscriptions, type Db } from './queries';

/** How stale another process's endpoint change may be here: it is re-read at most this often. */
export const CACHE_MS = 1000;

/**
 * The active endpoints and their events, in memory, so an event with no subscriber (the usual
 * checkout) costs no query at all. A change made in this process invalidates it at once; a change
 * made by another process is seen within CACHE_MS, when a publish re-reads it in its own
 * transaction. The version keeps a read that began before an invalidation from being kept.
 */
export class EndpointCache {
  private subscribers = new Map<WebhookEventType, number[]>();
  private loadedAt = Number.NEGATIVE_INFINITY;
  private version = 0;

  /** Endpoint ids subscribed to `type`, re-read through `trx` when the copy is stale. */
  async subscribersOf(trx: Db, type: WebhookEventType): Promise<readonly number[]> {
    if (performance.now() - this.loadedAt >= CACHE_MS) await this.reload(trx);
    return this.subscribers.get(type) ?? [];
  }

  invalidate(): void {
    this.version += 1;
    this.loadedAt = Number.NEGATIVE_INFINITY;
  }

  private async reload(trx: Db): Promise<void> {
    const version = this.version;
    const startedAt = performance.now();
    const rows = await activeSubscriptions(trx);
    const subscribers = new Map<WebhookEventType, number[]>();
    for (const row of rows) {
      for (const type of JSON.parse(row.events) as WebhookEventType[]) subscribers.set(type, [...(subscribers.get(type) ?? []), row.id]);
    }
    if (version !== this.version) return;
    this.subscribers = subscribers;
    this.loadedAt = startedAt;
  }
}
