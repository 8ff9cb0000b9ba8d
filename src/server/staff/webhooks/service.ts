import { randomBytes } from 'node:crypto';
import {
  type CreatedWebhook,
  type DeliveriesQuery,
  type NewWebhookBody,
  type UpdateWebhookBody,
  WEBHOOK_MESSAGES as M,
  type WebhookDeliveriesPage,
  type WebhookEndpoint,
  type WebhookEndpointListItem,
  type WebhookEventType,
} from '../../../contract/admin/webhooks';
import { type Actor, recordAudit } from '../../platform/audit/audit';
import { writeTransaction } from '../../platform/db/database';
import { Conflict, Invalid, NotFound } from '../../platform/errors';
import { enqueue } from '../../platform/outbox/outbox';
import { isLocalName, isRefusedAddress, literalAddress, resolveAll } from './address-guard';
import type { WebhookPayload } from './dispatch';
import type { WebhookEvents } from './events';
import * as q from './queries';

export interface WebhookSettings {
  /** WEBHOOK_ALLOW_PRIVATE: local and private receivers allowed. */
  allowPrivate: boolean;
  timeoutMs: number;
}

/**
 * Webhook endpoints for the back office (DESIGN.md §5): created with a whsec_ secret shown once,
 * listed without it, changed, deleted, and their delivery log. Every change is one transaction
 * with its audit row; the endpoint cache of this process is invalidated after the commit.
 */
export class WebhookService {
  constructor(
    private readonly db: q.Db,
    readonly settings: WebhookSettings,
    /** Publishes events to the endpoints; told of every change of them. */
    readonly events: WebhookEvents,
    /** Tells this process's outbox dispatcher that a message is waiting. */
    private readonly poke: () => void,
  ) {}

  /** The endpoints, each with its newest delivery attempt (the list shows how each is doing). */
  async list(): Promise<WebhookEndpointListItem[]> {
    const [endpoints, last] = await Promise.all([q.listEndpoints(this.db), q.lastDeliveries(this.db)]);
    const lastOf = new Map(last.map((d) => [d.endpoint_id, d]));
    return endpoints.map((r) => {
      const d = lastOf.get(r.id);
      return { ...toEndpoint(r), lastDelivery: d ? { statusCode: d.status_code, delivered: d.error === null, error: d.error, createdAt: d.created_at } : null };
    });
  }

  async create(actor: Actor, body: NewWebhookBody): Promise<CreatedWebhook> {
    await this.checkUrl(body.url);
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const now = new Date().toISOString();
    const id = await writeTransaction(this.db, async (trx) => {
      const id = await q.insertEndpoint(trx, { url: body.url, events: JSON.stringify(body.events), secret, active: 1, created_at: now, updated_at: now, failing_since: null, disabled_reason: null });
      // The secret is never audited or logged.
      await recordAudit(trx, actor, { action: 'webhook.create', target: `webhook:${id}`, summary: { url: body.url, events: body.events } });
      return id;
    });
    this.events.invalidate();
    return { id, url: body.url, events: body.events, secret };
  }

  async update(actor: Actor, id: number, body: UpdateWebhookBody): Promise<WebhookEndpoint> {
    if (body.url !== undefined) await this.checkUrl(body.url);
    const row = await writeTransaction(this.db, async (trx) => {
      const before = await q.findEndpoint(trx, id, true);
      if (!before) throw new NotFound(M.endpointNotFound(id));
      const change: Parameters<typeof q.updateEndpoint>[2] = { updated_at: new Date().toISOString() };
      if (body.url !== undefined) change.url = body.url;
      if (body.events !== undefined) change.events = JSON.stringify(body.events);
      if (body.active !== undefined) {
        change.active = body.active ? 1 : 0;
        // Turned on again (after the shop turned it off, say): it starts with a clean record.
        if (body.active && before.active === 0) Object.assign(change, { failing_since: null, disabled_reason: null });
        if (!body.active) change.disabled_reason = null;
      }
      await q.updateEndpoint(trx, id, change);
      const after = (await q.findEndpoint(trx, id))!;
      await recordAudit(trx, actor, { action: 'webhook.update', target: `webhook:${id}`, summary: { before: auditView(before), after: auditView(after) } });
      return after;
    });
    this.events.invalidate();
    return toEndpoint(row);
  }

  async remove(actor: Actor, id: number): Promise<void> {
    await writeTransaction(this.db, async (trx) => {
      const before = await q.findEndpoint(trx, id, true);
      if (!before) throw new NotFound(M.endpointNotFound(id));
      await q.deleteEndpoint(trx, id);
      await recordAudit(trx, actor, { action: 'webhook.delete', target: `webhook:${id}`, summary: auditView(before) });
    });
    this.events.invalidate();
  }

  async deliveries(id: number, query: DeliveriesQuery): Promise<WebhookDeliveriesPage> {
    if (!(await q.findEndpoint(this.db, id))) throw new NotFound(M.endpointNotFound(id));
    const rows = await q.listDeliveries(this.db, id, query.cursor, query.pageSize + 1);
    const items = rows.slice(0, query.pageSize).map((r) => ({
      id: r.id,
      webhookId: r.webhook_id,
      eventType: r.event_type,
      attempt: r.attempt,
      statusCode: r.status_code,
      durationMs: r.duration_ms,
      responseSnippet: r.response_snippet,
      error: r.error,
      delivered: r.error === null,
      createdAt: r.created_at,
    }));
    return { items, nextCursor: rows.length > query.pageSize ? items[items.length - 1]!.id : null };
  }

  /**
   * Sends a logged message again, as a new outbox row carrying the first one's body and webhook-id
   * (the receiver can tell it is the same message), to the endpoint's current URL.
   */
  async redeliver(actor: Actor, id: number, deliveryId: number): Promise<{ webhookId: string; queued: true }> {
    const webhookId = await writeTransaction(this.db, async (trx) => {
      const endpoint = await q.findEndpoint(trx, id, true);
      if (!endpoint) throw new NotFound(M.endpointNotFound(id));
      const delivery = await q.findDelivery(trx, id, deliveryId);
      if (!delivery) throw new NotFound(M.deliveryNotFound(deliveryId));
      if (endpoint.active !== 1) throw new Conflict(M.endpointOff);
      const first = await q.outboxPayload(trx, delivery.outbox_id);
      if (!isWebhookPayload(first)) throw new Conflict(M.messageGone);
      const payload: WebhookPayload = { endpointId: id, body: first.body, webhookId: delivery.webhook_id };
      await enqueue(trx, { kind: 'webhook', topic: delivery.event_type, payload, about: `${delivery.event_type} redelivery of ${delivery.webhook_id}` });
      await recordAudit(trx, actor, { action: 'webhook.redeliver', target: `webhook:${id}`, summary: { deliveryId, webhookId: delivery.webhook_id, eventType: delivery.event_type } });
      return delivery.webhook_id;
    });
    this.poke();
    return { webhookId, queued: true };
  }

  /**
   * Refuses a URL whose host is, or resolves to, a private, loopback or link-local address. A
   * name that does not resolve now is accepted: deliveries check it again, after their own lookup.
   */
  private async checkUrl(url: string): Promise<void> {
    if (this.settings.allowPrivate) return;
    const host = new URL(url).hostname;
    const literal = literalAddress(host);
    const addresses = literal !== null ? [literal] : isLocalName(host) ? ['127.0.0.1'] : await resolveAll(host);
    if (addresses.some(isRefusedAddress)) throw new Invalid(M.privateAddress);
  }
}

function toEndpoint(r: q.EndpointRow): WebhookEndpoint {
  return {
    id: r.id,
    url: r.url,
    events: JSON.parse(r.events) as WebhookEventType[],
    active: r.active === 1,
    createdAt: r.created_at,
    failingSince: r.failing_since,
    disabledReason: r.disabled_reason,
  };
}

function isWebhookPayload(p: unknown): p is WebhookPayload {
  return typeof (p as Partial<WebhookPayload> | null)?.body === 'string';
}

function auditView(r: q.EndpointRow) {
  return { url: r.url, events: JSON.parse(r.events) as string[], active: r.active === 1 };
}
