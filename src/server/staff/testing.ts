import type { InjectOptions } from 'fastify';
import type { ApiScope } from '../../contract/admin/permissions';
import { adminCall, type StaffSessionForTest } from '../test-support/admin';
import type { Answer } from '../customers/testing';
import type { TestApp } from '../test-support/test-app';

/** Helpers for API tests of calls made with an API key. */

/** A new key with these scopes, made by `by` (an owner or manager) through the API. */
export async function newApiKey(t: TestApp, by: StaffSessionForTest, scopes: ApiScope[], more: { name?: string; expiresAt?: string } = {}): Promise<{ id: number; key: string }> {
  const res = await adminCall(t, by, { method: 'POST', url: '/ApiKeys', payload: { name: more.name ?? `ERP ${scopes.join(' ')}`, scopes, ...(more.expiresAt ? { expiresAt: more.expiresAt } : {}) } });
  if (res.status !== 201) throw new Error(`new API key: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id, key: res.body.key };
}

/** `url` is under /beapi/Admin; the key is sent as `Authorization: Bearer`, with no cookie and no CSRF header. */
export function keyCall(t: TestApp, key: string, options: Omit<InjectOptions, 'url'> & { url: string }): Promise<Answer> {
  return adminCall(t, null, { ...options, headers: { authorization: `Bearer ${key}`, ...(options.headers ?? {}) } });
}

export { type ReceivedWebhook, type ReceiverMode, startReceiver, type TestReceiver } from './webhooks/test-receiver';
