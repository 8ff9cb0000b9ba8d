import type { Config } from './config';
import type { Database } from './db/database';
import type { DialectOps } from './db/dialect';
import type { Mailer } from './mail/mailer';
import type { OutboxDispatcher } from './outbox/outbox';

/**
 * What every module's routes get from the composition root (context.ts), module by module: each
 * module's context adds its own services to the context of the module ranked below it
 * (DESIGN.md §6), so a module's routes can name only services of their own module and those below.
 */
export interface PlatformContext {
  config: Config;
  database: Database;
  ops: DialectOps;
  mailer: Mailer;
  /** Delivers the outbox's mails and webhooks (started by the app unless OUTBOX_DISPATCHER=off). */
  outbox: OutboxDispatcher;
}
