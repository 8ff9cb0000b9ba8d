/**
 * `npm run staff:add -- --email a@b.example --role owner [--role manager] [--name "Ann Lee"] [--warehouse west]`
 * Adds a staff member to the database at DATABASE_URL (migrating it first). The password is asked
 * for on the terminal, never taken from the command line (it would sit in the shell's history and
 * in the process list); for scripts, STAFF_PASSWORD may hold it.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { newStaffBody } from '../src/contract/admin/staff';
import { ConfigError, readConfig } from '../src/server/platform/config';
import { openDatabase } from '../src/server/platform/db/database';
import { migrateToLatest } from '../src/server/platform/db/migrate';
import { DomainError } from '../src/server/platform/errors';
import { StaffService } from '../src/server/staff/service';
import { loginFailures } from '../src/server/customers/accounts/login-failures';

async function askPassword(prompt: string): Promise<string> {
  if (process.env.STAFF_PASSWORD) return process.env.STAFF_PASSWORD;
  if (!process.stdin.isTTY) throw new Error('No terminal to ask the password on: run it in a terminal, or set STAFF_PASSWORD');
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Echo nothing of what is typed.
  (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
    if (s.startsWith(prompt)) process.stdout.write(prompt);
  };
  const answer = await new Promise<string>((resolve) => rl.question(prompt, resolve));
  rl.close();
  process.stdout.write('\n');
  return answer;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, role: { type: 'string', multiple: true }, name: { type: 'string' }, warehouse: { type: 'string' } },
  });
  const password = await askPassword('Password (10+ characters): ');
  const parsed = newStaffBody.safeParse({
    email: values.email,
    name: values.name ?? values.email?.split('@')[0],
    roles: values.role ?? [],
    warehouse: values.warehouse ?? null,
    password,
  });
  if (!parsed.success) {
    console.error(z.prettifyError(parsed.error));
    console.error('Usage: npm run staff:add -- --email a@b.example --role owner [--name "Ann Lee"] [--warehouse west|east]');
    process.exit(2);
  }
  const config = readConfig();
  const database = openDatabase(config.DATABASE_URL);
  try {
    await migrateToLatest(database.db);
    const staff = await new StaffService(database.db, loginFailures(database.db)).create({ label: 'cli staff:add', display: 'Shop', ip: '' }, parsed.data);
    console.log(`Added ${staff.email} (${staff.roles.join(', ')}): sign in at ${config.PUBLIC_URL}/admin`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError || err instanceof DomainError || err instanceof Error ? err.message : err);
  process.exit(1);
});
