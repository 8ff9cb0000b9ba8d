import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { outboxDir } from './mailer';

/** A mail written to the outbox, decoded enough for tests and for a developer to read. */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  /** The same for every delivery of one outbox row: duplicates are recognisable by it. */
  messageId: string;
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Parses a single-part text mail as the Mailer writes it. */
export function parseMail(file: string, raw: string): OutboxMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  return { file, to: header('To'), subject: header('Subject'), text: decodeBody(body, encoding), messageId: header('Message-ID') };
}

/** Every mail in `${dataDir}/outbox`, oldest first. */
export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = outboxDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => parseMail(f, readFileSync(join(dir, f), 'utf8')));
}

/** The mails sent to one address, oldest first. */
export function mailsTo(dataDir: string, address: string): OutboxMail[] {
  return readOutbox(dataDir).filter((m) => m.to.toLowerCase().includes(address.toLowerCase()));
}
