import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * Real server processes for the tests, journeys and fault scripts: a free port, waiting until
 * one serves, its exit, and `src/server/main.ts` started as `npm start` runs it.
 */

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Waits until `base` (…/beapi) answers its health check; up to two minutes (tsx and a database's recovery can be slow on a busy machine). */
export async function waitUntilUp(child: ChildProcess, base: string): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

export const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

export interface ServerProcess {
  /** `http://127.0.0.1:PORT` */
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `src/server/main.ts` on a free port with `env` (DATABASE_URL, DATA_DIR, …) on top of this process's environment. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', PUBLIC_URL: url, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // What it says on stderr is passed on, and its last lines go into the error if it does not start.
  let said = '';
  child.stderr?.on('data', (c: Buffer) => {
    process.stderr.write(c);
    said = (said + c.toString()).slice(-2000);
  });
  try {
    await waitUntilUp(child, `${url}/beapi`);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}${said ? `; it said: ${said.trim()}` : ''}`, { cause: err });
  }
  return {
    url,
    child,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited(child);
    },
  };
}
