import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Mailer } from './mailer';
import { readOutbox } from './outbox';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function outboxMailer() {
  const dir = mkdtempSync(join(tmpdir(), 'mailer-'));
  dirs.push(dir);
  return { dir, mailer: new Mailer({ DATA_DIR: dir, PUBLIC_URL: 'https://shop.example.com', SMTP_URL: undefined }) };
}

describe('Mailer without SMTP_URL', () => {
  it('writes each mail as an .eml file to the outbox, readable back', async () => {
    const { dir, mailer } = outboxMailer();
    const link = `https://shop.example.com/resetpassword?access_token=${'a'.repeat(43)}`;
    await mailer.send({ to: 'pat@example.com', subject: 'Reset your password', text: `Grüße\n${link}\n${'long '.repeat(40)}` });
    mailer.sendInBackground({ to: 'lee@example.com', subject: 'Second', text: 'two' });
    mailer.sendInBackground(async () => null);
    await mailer.flush();
    const mails = readOutbox(dir);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['pat@example.com', 'Reset your password'],
      ['lee@example.com', 'Second'],
    ]);
    expect(mails[0]?.file).toMatch(/\.eml$/);
    expect(mails[0]?.text).toContain('Grüße');
    expect(mails[0]?.text).toContain(link);
  });

  it('reports a failed background send without throwing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailer-'));
    dirs.push(dir);
    const errors: unknown[] = [];
    const mailer = new Mailer({ DATA_DIR: dir, PUBLIC_URL: 'http://127.0.0.1:3000', SMTP_URL: undefined }, (err) => errors.push(err));
    mailer.sendInBackground(async () => {
      throw new Error('lookup failed');
    });
    await mailer.flush();
    expect(errors).toHaveLength(1);
  });
});
