import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bannerText } from './start-banner';
import { exited, freePort, waitUntilUp } from './test-support/server-process';

/**
 * What `npm start` prints. On a terminal: readable lines and a banner naming the shop, /admin and
 * the demo sign-ins. Piped into a log tool (as here: stdout is a pipe), every line is JSON, one per request.
 */

describe('the banner on a terminal', () => {
  it('names the shop, the back office and the demo sign-ins with their passwords', () => {
    const text = bannerText({
      url: 'http://127.0.0.1:3000',
      processes: 1,
      database: 'SQLite',
      demo: [
        { who: 'buyer', email: 'buyer@example.com', password: 'balloons123' },
        { who: 'owner', email: 'owner@example.com', password: 'balloons-owner' },
        { who: 'warehouse', email: 'warehouse@example.com', password: 'balloons-warehouse' },
      ],
    });
    expect(text).toContain('http://127.0.0.1:3000/admin');
    expect(text).toMatch(/buyer \(shop\) +buyer@example\.com {2}password balloons123/);
    expect(text).toMatch(/owner \(back office\) +owner@example\.com {2}password balloons-owner/);
    expect(text).toMatch(/warehouse \(back office\) +warehouse@example\.com {2}password balloons-warehouse/);
  });

  it('names no demo sign-in in a shop without the demo data', () => {
    const text = bannerText({ url: 'http://shop.test', processes: 2, database: 'PostgreSQL', demo: [] });
    expect(text).toContain('http://shop.test/admin');
    expect(text).toContain('2 processes, PostgreSQL');
    expect(text).not.toContain('Demo');
  });
});

describe('npm start with its output piped', () => {
  let dataDir: string;
  let child: ChildProcess;
  let url: string;
  let output = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'shop-start-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, DATABASE_URL: `sqlite:${join(dataDir, 'shop.db')}`, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', PUBLIC_URL: url },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitUntilUp(child, `${url}/beapi`);
  }, 150_000);

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGTERM');
    if (child) await exited(child);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const lines = () => output.split('\n').filter((l) => l.length > 0);
  const entries = () => lines().map((l) => JSON.parse(l) as Record<string, unknown>);

  it('writes JSON lines only, the banner among them with /admin and the demo sign-ins but no password', async () => {
    await fetch(`${url}/beapi/System/Login?username=buyer%40example.com&password=balloons123`, { method: 'POST' });
    await waitFor(() => output.includes('/beapi/System/Login'));
    for (const line of lines()) expect(() => JSON.parse(line), line).not.toThrow();
    const banner = entries().find((e) => e.msg === 'shop started');
    expect(banner).toMatchObject({
      url,
      admin: `${url}/admin`,
      demoSignIns: [
        { who: 'buyer', email: 'buyer@example.com' },
        { who: 'owner', email: 'owner@example.com' },
        { who: 'warehouse', email: 'warehouse@example.com' },
      ],
    });
    expect(output).not.toContain('balloons123');
    expect(output).not.toContain('balloons-owner');
  }, 60_000);

  it('writes one line per request, with method, URL, status and time', async () => {
    const before = lines().length;
    const res = await fetch(`${url}/beapi/Categories/GetMainCategories`);
    expect(res.status).toBe(200);
    await waitFor(() => output.includes('/beapi/Categories/GetMainCategories'));
    const added = entries().slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ req: { method: 'GET', url: '/beapi/Categories/GetMainCategories' }, res: { statusCode: 200 }, msg: 'request completed' });
    expect(typeof added[0]?.responseTime).toBe('number');
  }, 60_000);
});

/** Until the server has written what the test waits for (its log is written as the answer goes). */
async function waitFor(seen: () => boolean): Promise<void> {
  while (!seen()) await new Promise((r) => setTimeout(r, 50));
}
