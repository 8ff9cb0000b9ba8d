import { z } from 'zod';
import { requiredSingleLine } from '../text';
import { API_SCOPES } from './permissions';

/** API keys for ERP and scripts (DESIGN.md §5 "Integration and durable messages"). */

export const API_KEYS = {
  nameMax: 100,
  /** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
  keyPrefix: 'bws_',
  /** Calls per key per minute. */
  ratePerMinute: 600,
} as const;

export const API_KEY_MESSAGES = {
  invalid: 'Unknown, expired or revoked API key',
  scope: (permission: string) => `This API key's scopes do not allow this (${permission})`,
  staffOnly: 'This call is for signed-in staff only: API keys cannot make it',
  expiresInPast: 'The expiry must be in the future',
  scopeNotYours: (scope: string) => `You cannot give a key the scope ${scope}: your role does not have it`,
  notFound: (id: number) => `API key ${id} not found`,
  rateLimited: 'Too many calls with this API key: wait a minute',
} as const;

export const apiScopeSchema = z.enum(API_SCOPES);

export const newApiKeyBody = z.object({
  name: requiredSingleLine(API_KEYS.nameMax),
  scopes: z
    .array(apiScopeSchema)
    .min(1, 'Choose at least one scope')
    .max(API_SCOPES.length)
    .transform((s) => [...new Set(s)]),
  /** ISO 8601; without it the key does not expire. */
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});
export type NewApiKeyBody = z.infer<typeof newApiKeyBody>;

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters, to tell keys apart; never the key. */
  prefix: z.string(),
  scopes: z.array(apiScopeSchema),
  /** The scopes it may use now: those its maker still holds (none once the maker is deactivated). */
  activeScopes: z.array(apiScopeSchema),
  createdAt: z.string(),
  createdBy: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to a new key: the only time the key itself is shown. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });
export const apiKeyIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
