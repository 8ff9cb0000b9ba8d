import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Told of background sends that failed. Never given the message: its body may hold a reset link. */
export type MailErrorHandler = (err: unknown) => void;

const reportToStderr: MailErrorHandler = (err) => {
  console.error(`a mail could not be sent: ${err instanceof Error ? err.message : String(err)}`);
};

export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox');
}

function senderAddress(publicUrl: string): string {
  const host = new URL(publicUrl).hostname;
  return `"Balloon Wholesale Shop" <no-reply@${isIP(host) || !host.includes('.') ? 'localhost' : host}>`;
}

/**
 * Sends mail through SMTP_URL, or, without one, writes each message as an .eml file to
 * `${DATA_DIR}/outbox/` (open it in any mail program), so sign-up and password reset work on a
 * developer machine with no mail server.
 */
export class Mailer {
  private readonly from: string;
  private readonly deliver: (message: MailMessage & { from: string }) => Promise<void>;
  private readonly pending = new Set<Promise<void>>();
  private written = 0;

  constructor(
    config: Pick<Config, 'SMTP_URL' | 'DATA_DIR' | 'PUBLIC_URL'>,
    private readonly onError: MailErrorHandler = reportToStderr,
  ) {
    this.from = senderAddress(config.PUBLIC_URL);
    if (config.SMTP_URL) {
      const smtp = nodemailer.createTransport(config.SMTP_URL);
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

  /** Sends and waits; a failure is thrown. */
  send(message: MailMessage): Promise<void> {
    return this.deliver({ ...message, from: this.from });
  }

  /**
   * Composes and sends without making the caller wait: an answer's timing must not depend on
   * whether a mail went out (ForgotPassword must not reveal which addresses are registered), and
   * a slow mail server must not slow sign-up. `compose` may look things up and answer null to
   * send nothing. Failures go to the error handler.
   */
  sendInBackground(compose: MailMessage | (() => Promise<MailMessage | null>)): void {
    const sending = (async () => {
      const message = typeof compose === 'function' ? await compose() : compose;
      if (message) await this.send(message);
    })()
      .catch((err: unknown) => this.onError(err))
      .finally(() => this.pending.delete(sending));
    this.pending.add(sending);
  }

  /** Waits for every background send (tests, and a clean shutdown). */
  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
