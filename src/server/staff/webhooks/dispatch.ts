import { WEBHOOKS } from '../../../contract/admin/webhooks';
import { type Actor, recordAudit } from '../../platform/audit/audit';
import { writeTransaction } from '../../platform/db/database';
import { enqueueMail } from '../../platform/mail/mailer';
import type { OutboxRow, RetryPolicy } from '../../platform/outbox/outbox';
import { activeOwnerEmails } from '../queries';
import { type AttemptOutcome, type DeliveryOptions, sendWebhook } from './delivery';
import * as q from './queries';

/** What a webhook outbox row holds: the endpoint, and the signed body exactly as first composed. */
export interface WebhookPayload {
  endpointId: number;
  /** `{type, timestamp, data}` as JSON text: every attempt sends (and signs) the same bytes. */
  body: string;
  /** A redelivery carries the first message's id; otherwise the id is `msg_<outbox row id>`. */
  webhookId?: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const SYSTEM: Actor = { label: 'system', display: 'Shop', ip: '' };

export const webhookIdOf = (row: Pick<OutboxRow, 'id' | 'payload'>): string => (row.payload as WebhookPayload).webhookId ?? `msg_${row.id}`;

/**
 * Retries: doubling from 30 s up to 6 h with jitter; 20 attempts span about three days, the time
 * after which a failing endpoint is turned off anyway.
 */
export function webhookRetryPolicy(maxAttempts: number, baseDelayMs: number): RetryPolicy {
  return { maxAttempts, baseDelayMs, maxDelayMs: Math.max(baseDelayMs, 6 * 3_600_000) };
}

/**
 * The outbox's 'webhook' handler: reads the endpoint (its current URL and secret; a deleted or
 * turned-off endpoint is sent nothing), sends, and logs the attempt. A failure throws, so the
 * outbox retries with backoff. An endpoint that has failed for three days without one message
 * delivered is turned off, its turning off audited and the owners mailed, all in one transaction.
 */
export function webhookHandler(db: q.Db, options: DeliveryOptions, poke: () => void): (row: OutboxRow) => Promise<void> {
  const endpoints = new RecentEndpoints(db);
  const log = new DeliveryLog(db);
  return async (row) => {
    const payload = row.payload as WebhookPayload | null;
    if (!payload || typeof payload.endpointId !== 'number' || typeof payload.body !== 'string') throw new Error('the webhook row holds no message');
    const endpoint = await endpoints.get(payload.endpointId);
    if (!endpoint || endpoint.active !== 1) return;
    const webhookId = webhookIdOf(row);
    const outcome = await sendWebhook({ webhookId, url: endpoint.url, secret: endpoint.secret, body: payload.body }, options);
    const entry = logEntry(endpoint, row, webhookId, outcome);
    // The common case, delivered to a healthy endpoint, only adds a log row: many share one INSERT.
    if (outcome.delivered && endpoint.failing_since === null) return log.add(entry);
    const disabled = await writeTransaction(db, (trx) => recordAttempt(trx, endpoint, entry, outcome));
    // What this attempt changed (failing since, turned off, healthy again) is read afresh next time.
    if (disabled || outcome.delivered === (endpoint.failing_since !== null)) endpoints.forget(endpoint.id);
    if (disabled) poke();
    if (!outcome.delivered) throw new Error(outcome.error ?? 'delivery failed');
  };
}

function logEntry(endpoint: q.EndpointRow, row: OutboxRow, webhookId: string, outcome: AttemptOutcome): q.NewDelivery {
  return {
    endpoint_id: endpoint.id,
    outbox_id: row.id,
    webhook_id: webhookId,
    event_type: row.topic,
    attempt: row.attempts,
    status_code: outcome.statusCode,
    duration_ms: outcome.durationMs,
    response_snippet: outcome.snippet,
    error: outcome.delivered ? null : outcome.error,
    created_at: new Date().toISOString(),
  };
}

/** An attempt that changes the endpoint's record: failed (perhaps turning it off), or the first delivered after failures. */
async function recordAttempt(trx: q.Db, endpoint: q.EndpointRow, entry: q.NewDelivery, outcome: AttemptOutcome): Promise<boolean> {
  const now = new Date(entry.created_at);
  await q.insertDeliveries(trx, [entry]);
  if (outcome.delivered) {
    if (endpoint.failing_since !== null) await q.markHealthy(trx, endpoint.id);
    return false;
  }
  await q.markFailing(trx, endpoint.id, now.toISOString());
  const cutoff = new Date(now.getTime() - WEBHOOKS.disableAfterDays * DAY_MS).toISOString();
  const reason = `Every delivery failed for ${WEBHOOKS.disableAfterDays} days (last: ${outcome.error ?? 'failed'})`;
  if (!(await q.disableIfFailingSince(trx, endpoint.id, cutoff, reason, now.toISOString()))) return false;
  await recordAudit(trx, SYSTEM, { action: 'webhook.disable', target: `webhook:${endpoint.id}`, summary: { url: endpoint.url, reason } });
  for (const to of await activeOwnerEmails(trx)) {
    await enqueueMail(trx, 'webhook-disabled', {
      to,
      subject: `Webhook endpoint ${endpoint.id} was turned off`,
      text: `The shop turned off the webhook endpoint ${endpoint.url}: ${reason}.\n\nMessages for it are no longer sent. Once the receiver works again, turn the endpoint on in the back office (Webhooks) and redeliver what it missed from its delivery log.\n`,
    });
  }
  return true;
}

/**
 * Endpoints as the dispatcher last read them, for a second: a burst of messages to one endpoint
 * reads it once, not once per message. A change by staff reaches deliveries within that second.
 */
class RecentEndpoints {
  private readonly rows = new Map<number, { row: Promise<q.EndpointRow | undefined>; at: number }>();

  constructor(private readonly db: q.Db) {}

  get(id: number): Promise<q.EndpointRow | undefined> {
    const now = performance.now();
    const hit = this.rows.get(id);
    if (hit && now - hit.at < 1000) return hit.row;
    if (this.rows.size > 1000) this.rows.clear();
    const row = q.findEndpoint(this.db, id);
    this.rows.set(id, { row, at: now });
    return row;
  }

  forget(id: number): void {
    this.rows.delete(id);
  }
}

/**
 * Log rows of delivered messages, written together: the handlers of one moment wait for one
 * INSERT of all their rows (as SQLite's group commit does for checkouts), not one commit each.
 */
class DeliveryLog {
  private waiting: { entry: q.NewDelivery; done: () => void; failed: (err: unknown) => void }[] = [];
  private scheduled = false;

  constructor(private readonly db: q.Db) {}

  add(entry: q.NewDelivery): Promise<void> {
    return new Promise((done, failed) => {
      this.waiting.push({ entry, done, failed });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.waiting.splice(0, 500);
    if (this.waiting.length > 0) {
      this.scheduled = true;
      setImmediate(() => void this.flush());
    }
    try {
      await q.insertDeliveries(this.db, batch.map((b) => b.entry));
      for (const b of batch) b.done();
    } catch (err) {
      for (const b of batch) b.failed(err);
    }
  }
}
