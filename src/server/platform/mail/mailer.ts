import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { enqueue, type NewOutboxMessage, type OutboxRow } from '../outbox/outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** A mail as its outbox row holds it, composed when the change was made. */
export interface QueuedMail extends MailMessage {
  /** Random, part of the Message-ID: the same row always sends the same Message-ID. */
  nonce: string;
  /** The text holds a one-time link: the row's payload is emptied once the mail is sent. */
  secret: boolean;
}

export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox');
}

function mailHost(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  return isIP(host) || !host.includes('.') ? 'localhost' : host;
}

/**
 * Writes a mail to the outbox in the caller's transaction: it is sent if and only if the change
 * commits (call `ctx.outbox.poke()` after the commit). `secret` for mails holding a raw token.
 */
export function enqueueMail(trx: Kysely<DB>, topic: string, message: MailMessage, options: { secret?: boolean } = {}): Promise<number> {
  return enqueue(trx, queuedMail(topic, message, options));
}

/** The outbox message of a mail (what `enqueueMail` writes). */
export function queuedMail(topic: string, message: MailMessage, options: { secret?: boolean } = {}): NewOutboxMessage {
  const payload: QueuedMail = { ...message, nonce: randomBytes(8).toString('hex'), secret: options.secret ?? false };
  return { kind: 'mail', topic, payload, about: `${message.to}: ${message.subject}` };
}

function isQueuedMail(payload: unknown): payload is QueuedMail {
  const p = payload as Partial<QueuedMail> | null;
  return typeof p?.to === 'string' && typeof p.subject === 'string' && typeof p.text === 'string' && typeof p.nonce === 'string';
}

/**
 * Sends mail through SMTP_URL, or, without one, writes each message as an .eml file to
 * `${DATA_DIR}/outbox/` (open it in any mail program), so sign-up and password reset work on a
 * developer machine with no mail server. It is the outbox's 'mail' handler (`deliverQueued`).
 */
export class Mailer {
  private readonly host: string;
  private readonly from: string;
  private readonly deliver: (message: MailMessage & { from: string; messageId: string }) => Promise<void>;
  private written = 0;

  constructor(config: Pick<Config, 'SMTP_URL' | 'DATA_DIR' | 'PUBLIC_URL'>) {
    this.host = mailHost(config.PUBLIC_URL);
    this.from = `"Balloon Wholesale Shop" <no-reply@${this.host}>`;
    if (config.SMTP_URL) {
      // Well within the outbox lease: a hung server fails the attempt, which is retried.
      const smtp = nodemailer.createTransport({ url: config.SMTP_URL, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
      this.deliver = async (message) => void (await smtp.sendMail(message));
    } else {
      const dir = outboxDir(config.DATA_DIR);
      const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      this.deliver = async (message) => {
        const info = await stream.sendMail(message);
        await mkdir(dir, { recursive: true });
        // Time, then a counter for mails of the same millisecond, so names sort in sending order.
        const seq = String(++this.written).padStart(6, '0');
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${seq}-${randomBytes(3).toString('hex')}.eml`;
        await writeFile(join(dir, name), info.message as Buffer);
      };
    }
  }

  /** Sends and waits; a failure is thrown. `messageId` defaults to a new one. */
  send(message: MailMessage, messageId = `<${randomBytes(12).toString('hex')}@${this.host}>`): Promise<void> {
    return this.deliver({ to: message.to, subject: message.subject, text: message.text, from: this.from, messageId });
  }

  /**
   * Sends an outbox row's mail with the row's own Message-ID, `<outbox-<id>.<nonce>@host>`: if
   * the row is delivered twice (a crash between sending and marking it done), the two copies
   * carry the same Message-ID and a mail program shows one.
   */
  deliverQueued = async (row: OutboxRow): Promise<void> => {
    if (!isQueuedMail(row.payload)) throw new Error('the mail row holds no mail');
    await this.send(row.payload, `<outbox-${row.id}.${row.payload.nonce}@${this.host}>`);
  };

  /** Rows whose mail held a one-time link lose their payload once sent. */
  static isSecret(row: OutboxRow): boolean {
    return (row.payload as Partial<QueuedMail> | null)?.secret === true;
  }
}
