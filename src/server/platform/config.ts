import { z } from 'zod';
import { parseProxyEntry } from './http/trust-proxy';

/** An http(s) URL: any other scheme has an opaque origin, serialised "null", which sandboxed frames send. */
function isWebOrigin(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

/** A redis:// or rediss:// URL with a host (ioredis reads user, password, port and /db from it). */
function isRedisUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const u = new URL(value);
  return /^rediss?:$/.test(u.protocol) && u.hostname !== '';
}

/**
 * The one place that reads the environment (DESIGN.md §2). A bad value stops start-up with a
 * message naming the variable, instead of surfacing later as a confusing failure.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .default('sqlite:data/shop.db')
    .refine((v) => v.startsWith('sqlite:') || /^postgres(ql)?:\/\//.test(v), 'must start with sqlite: or postgres://'),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.string().refine(isWebOrigin, 'must be a comma-separated list of origins like https://shop.example.com'))),
  /**
   * The reverse proxies' addresses or CIDRs (http/trust-proxy.ts): only on connections from them
   * are X-Forwarded-For and X-Forwarded-Proto believed. None by default.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .superRefine((entries, check) => {
      const bad = entries.filter((e) => !parseProxyEntry(e));
      if (bad.length) check.addIssue({ code: 'custom', message: `not an address or CIDR: ${bad.map((b) => JSON.stringify(b)).join(', ')} (expected e.g. 127.0.0.1,10.0.0.0/8,::1)` });
    }),
  /**
   * Redis for the per-route rate limits (platform/http/rate-limit-store.ts): counted there, they
   * hold across every instance; without it, each process counts its own. Redis down: fail open.
   */
  REDIS_URL: z.string().refine(isRedisUrl, 'must be a redis:// or rediss:// URL with a host, e.g. redis://127.0.0.1:6379').optional(),
  /** What the rate limits' Redis keys start with: one Redis may serve several shops (or test runs). */
  REDIS_KEY_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/, 'must be 1 to 64 letters, digits or _ : . -').default('shop-rl:'),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  DATA_DIR: z.string().min(1).default('data'),
  /** The catalogue PDFs are redrawn this long after the catalogue's last change. */
  CATALOG_PDF_DEBOUNCE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  /** The outbox dispatcher (outbox/outbox.ts): `off` for a process that only serves requests. */
  OUTBOX_DISPATCHER: z.enum(['on', 'off']).default('on'),
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  OUTBOX_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(64),
  /** How long a claimed row stays with its claimer; a crashed process's rows are taken again after it. */
  OUTBOX_LEASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** Sent outbox rows and webhook delivery-log rows older than this are deleted (hourly, in small batches). */
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Mail retries: attempts before a mail is failed, and the first backoff (doubling, with jitter). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** 1: webhook endpoints may be private, loopback or link-local addresses (a local receiver, tests). */
  WEBHOOK_ALLOW_PRIVATE: z.enum(['0', '1']).default('0').transform((v) => v === '1'),
  /** How long a webhook delivery may take, connection to last byte. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Webhook retries: attempts before a message is failed, and the first backoff (doubling, with jitter, up to 6 h). */
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(20),
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** on: new sign-ups wait for staff approval (status pending: they browse without prices and cannot order). */
  SIGNUP_APPROVAL: z.enum(['on', 'off']).default('off'),
  /** The credit limit a new account starts with, in whole dollars (decision 0022); an order over it waits on hold. */
  DEFAULT_CREDIT_LIMIT: z.coerce.number().int().min(0).max(100_000_000).default(10_000),
  /**
   * The states where the shop collects sales tax (decision 0042), two-letter codes, comma-separated;
   * `none` for none. Checked against the tax table when the services are built (money/tax/rates.ts).
   */
  TAX_NEXUS_STATES: z.string().default('CA,AL'),
});

export type Config = Omit<z.infer<typeof envSchema>, 'PUBLIC_URL'> & { PUBLIC_URL: string };

export class ConfigError extends Error {}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, so `PORT= npm start` behaves like no PORT at all.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return { ...c, PUBLIC_URL: c.PUBLIC_URL ?? `http://${c.HOST}:${c.PORT}` };
}
