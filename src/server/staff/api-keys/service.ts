import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_MESSAGES, API_KEYS, type ApiKey, type CreatedApiKey, type NewApiKeyBody } from '../../../contract/admin/api-keys';
import { type ApiScope, can, type Role, SCOPE_PERMISSIONS } from '../../../contract/admin/permissions';
import type { Staff } from '../../../contract/admin/staff-session';
import { type Actor, recordAudit } from '../../platform/audit/audit';
import { writeTransaction } from '../../platform/db/database';
import { Forbidden, Invalid, NotFound, TooManyRequests } from '../../platform/errors';
import { allows } from '../service';
import * as q from './queries';

/** Last use is written at most once a minute per key, so a busy ERP does not write on every call. */
const TOUCH_EVERY_MS = 60_000;
const WINDOW_MS = 60_000;

/** A live key, as the admin routes see it. */
export interface ApiKeyCaller {
  id: number;
  name: string;
  /** What it may do now: its scopes that its maker still holds. */
  scopes: ApiScope[];
  /** Its maker's warehouse limit, now (null: both warehouses). */
  warehouse: 'west' | 'east' | null;
}

/**
 * A key can do no more than the member who made it may do now (decision 0027): of its scopes,
 * those whose every permission the maker's roles still grant; none once the maker is
 * deactivated. A key whose maker is not recorded keeps its scopes.
 */
export function activeScopes(scopes: readonly ApiScope[], maker: q.KeyCreator & { created_by: number | null }): ApiScope[] {
  if (maker.created_by === null) return [...scopes];
  if (maker.creator_active !== 1 || !maker.creator_roles) return [];
  const roles = JSON.parse(maker.creator_roles) as Role[];
  return scopes.filter((s) => SCOPE_PERMISSIONS[s].every((p) => can(roles, p)));
}

/** The maker's warehouse limit, as staff-auth's warehouseLimit gives it for a member. */
function makerWarehouse(maker: q.KeyCreator): 'west' | 'east' | null {
  if (!maker.creator_roles || maker.creator_warehouse === null) return null;
  const roles = JSON.parse(maker.creator_roles) as Role[];
  return roles.some((r) => r === 'owner' || r === 'manager') ? null : maker.creator_warehouse;
}

export function apiKeyActor(key: Pick<ApiKeyCaller, 'id' | 'name'>, ip: string): Actor {
  return { label: `apikey:${key.id} ${key.name}`, display: 'Shop', name: `API key ${key.name}`, ip };
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

function toApiKey(row: q.ApiKeyRow & q.KeyCreator): ApiKey {
  const scopes = JSON.parse(row.scopes) as ApiScope[];
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes,
    activeScopes: activeScopes(scopes, row),
    createdAt: row.created_at,
    createdBy: row.created_by,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
    lastUsedIp: row.last_used_ip,
  };
}

/**
 * API keys (DESIGN.md §5): `bws_` and 256 random bits, shown once, stored as SHA-256 (a key is
 * high-entropy, so a fast hash is enough: there is nothing to guess). Calls are counted per key
 * in this process (fixed one-minute windows), like the rest of the shop's rate limits.
 */
export class ApiKeyService {
  private readonly touched = new Map<number, number>();
  private readonly windows = new Map<number, { start: number; calls: number }>();

  constructor(
    private readonly db: q.Db,
    private readonly ratePerMinute: number = API_KEYS.ratePerMinute,
  ) {}

  async create(member: Staff, actor: Actor, body: NewApiKeyBody): Promise<CreatedApiKey> {
    // No key can do more than the staff member who makes it.
    for (const scope of body.scopes) {
      if (!SCOPE_PERMISSIONS[scope].every((p) => allows(member, p))) throw new Forbidden(API_KEY_MESSAGES.scopeNotYours(scope));
    }
    const now = new Date();
    const expiresAt = body.expiresAt === undefined ? null : new Date(body.expiresAt);
    if (expiresAt && expiresAt.getTime() <= now.getTime()) throw new Invalid(API_KEY_MESSAGES.expiresInPast);
    const key = `${API_KEYS.keyPrefix}${randomBytes(32).toString('base64url')}`;
    const row = await writeTransaction(this.db, async (trx) => {
      const row = await q.insertApiKey(trx, {
        name: body.name,
        prefix: key.slice(0, API_KEYS.keyPrefix.length + 6),
        key_hash: hashKey(key),
        scopes: JSON.stringify(body.scopes),
        created_by: member.id,
        created_at: now.toISOString(),
        expires_at: expiresAt?.toISOString() ?? null,
        revoked_at: null,
        last_used_at: null,
        last_used_ip: null,
      });
      await recordAudit(trx, actor, { action: 'apikey.create', target: `apikey:${row.id}`, summary: { name: row.name, scopes: body.scopes, expiresAt: row.expires_at } });
      return row;
    });
    return { ...toApiKey({ ...row, creator_active: 1, creator_roles: JSON.stringify(member.roles), creator_warehouse: member.warehouse }), key };
  }

  async list(): Promise<ApiKey[]> {
    return (await q.listApiKeysWithCreators(this.db)).map(toApiKey);
  }

  async revoke(actor: Actor, id: number): Promise<ApiKey> {
    return writeTransaction(this.db, async (trx) => {
      const at = new Date().toISOString();
      if (await q.revokeApiKey(trx, id, at)) await recordAudit(trx, actor, { action: 'apikey.revoke', target: `apikey:${id}`, summary: {} });
      const row = await q.findApiKey(trx, id);
      if (!row) throw new NotFound(API_KEY_MESSAGES.notFound(id));
      return toApiKey(row);
    });
  }

  /** The live key sent as `Authorization: Bearer <key>`; null when unknown, expired or revoked, or its maker is deactivated. */
  async resolve(key: string, ip: string): Promise<ApiKeyCaller | null> {
    if (!key.startsWith(API_KEYS.keyPrefix) || key.length > 100) return null;
    const now = Date.now();
    const row = await q.findLiveApiKey(this.db, hashKey(key), new Date(now).toISOString());
    if (!row || (row.created_by !== null && row.creator_active !== 1)) return null;
    const last = Math.max(this.touched.get(row.id) ?? 0, row.last_used_at ? Date.parse(row.last_used_at) : 0);
    if (now - last > TOUCH_EVERY_MS) {
      this.touched.set(row.id, now);
      await q.touchApiKey(this.db, row.id, new Date(now).toISOString(), ip);
    }
    return { id: row.id, name: row.name, scopes: activeScopes(JSON.parse(row.scopes) as ApiScope[], row), warehouse: makerWarehouse(row) };
  }

  /** Counts a call of this key: 429 past the limit of its current minute. */
  countCall(key: ApiKeyCaller): void {
    const now = Date.now();
    let w = this.windows.get(key.id);
    if (!w || now - w.start >= WINDOW_MS) {
      if (this.windows.size > 10_000) this.windows.clear();
      w = { start: now, calls: 0 };
      this.windows.set(key.id, w);
    }
    w.calls += 1;
    if (w.calls > this.ratePerMinute) throw new TooManyRequests(API_KEY_MESSAGES.rateLimited, Math.max(1, Math.ceil((w.start + WINDOW_MS - now) / 1000)));
  }
}
