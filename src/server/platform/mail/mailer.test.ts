import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxRow } from '../outbox/outbox';
import { readOutbox } from './mail-folder';
import { Mailer } from './mailer';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function folderMailer() {
  const dir = mkdtempSync(join(tmpdir(), 'mailer-'));
  dirs.push(dir);
  return { dir, mailer: new Mailer({ DATA_DIR: dir, PUBLIC_URL: 'https://shop.example.com', SMTP_URL: undefined }) };
}

const row = (id: number, payload: unknown): OutboxRow => ({ id, kind: 'mail', topic: 'test', payload, about: '', attempts: 1, createdAt: '' });

describe('Mailer without SMTP_URL', () => {
  it('writes each mail as an .eml file to the mail folder, readable back', async () => {
    const { dir, mailer } = folderMailer();
    const link = `https://shop.example.com/resetpassword?access_token=${'a'.repeat(43)}`;
    await mailer.send({ to: 'pat@example.com', subject: 'Reset your password', text: `Grüße\n${link}\n${'long '.repeat(40)}` });
    await mailer.send({ to: 'lee@example.com', subject: 'Second', text: 'two' });
    const mails = readOutbox(dir);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['pat@example.com', 'Reset your password'],
      ['lee@example.com', 'Second'],
    ]);
    expect(mails[0]?.file).toMatch(/\.eml$/);
    expect(mails[0]?.text).toContain('Grüße');
    expect(mails[0]?.text).toContain(link);
  });

  it('sends an outbox row twice with the same Message-ID, so the copies are recognisable', async () => {
    const { dir, mailer } = folderMailer();
    const payload = { to: 'pat@example.com', subject: 'Order 5', text: 'thanks', nonce: '0123abcd', secret: false };
    await mailer.deliverQueued(row(41, payload));
    await mailer.deliverQueued(row(41, payload));
    await mailer.deliverQueued(row(42, { ...payload, nonce: 'ffff0000' }));
    const ids = readOutbox(dir).map((m) => m.messageId);
    expect(ids[0]).toBe('<outbox-41.0123abcd@shop.example.com>');
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('fails a row that holds no mail (an emptied payload) rather than sending nothing', async () => {
    const { dir, mailer } = folderMailer();
    await expect(mailer.deliverQueued(row(7, null))).rejects.toThrow('holds no mail');
    expect(readOutbox(dir)).toEqual([]);
  });
});
