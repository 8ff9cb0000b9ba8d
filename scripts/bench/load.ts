/**
 * Load generation and measurement shared by the benchmark: one autocannon run per path, timed
 * loops for calls that need a step before each request, and the server's peak memory.
 */
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface BenchResult {
  /** Stable key, used by --paths and in the JSON file. */
  key: string;
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  /** Responses by status code, e.g. { "200": 5012, "429": 3 }. */
  statuses: Record<string, number>;
  /** Anything worth a line under the table (e.g. how a rate was reached). */
  note?: string;
}

export interface LoadOptions {
  connections: number;
  duration: number;
}

export interface Request {
  method?: 'GET' | 'POST' | 'PATCH';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * Runs autocannon against `base` for `opts.duration` seconds; `next` makes each request, so
 * every request may carry other inputs. `overallRate` caps the rate over all connections.
 */
export async function cannon(key: string, name: string, base: string, opts: LoadOptions & { overallRate?: number }, next: () => Request): Promise<BenchResult> {
  const result = await autocannon({
    url: base,
    connections: opts.connections,
    duration: opts.duration,
    ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
    requests: [
      {
        setupRequest: (req) => {
          const r = next();
          return {
            ...req,
            method: r.method ?? 'GET',
            path: r.path,
            headers: { ...req.headers, ...(r.body ? { 'content-type': 'application/json' } : {}), ...r.headers },
            ...(r.body ? { body: r.body } : {}),
          };
        },
      },
    ],
  });
  const statuses: Record<string, number> = {};
  for (const [code, s] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = s.count ?? 0;
  const requests = Object.values(statuses).reduce((a, b) => a + b, 0);
  return {
    key,
    name,
    rps: requests / (result.duration || opts.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests,
    errors: result.errors,
    non2xx: result.non2xx,
    statuses,
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/**
 * `workers` loops running side by side for `duration` seconds. Each round runs `prepare`
 * (untimed) and then `timed`, whose latency and status are recorded.
 */
export async function timedLoops(
  key: string,
  name: string,
  workers: number,
  duration: number,
  round: (worker: number, i: number) => { prepare: () => Promise<void>; timed: () => Promise<Response> },
): Promise<BenchResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  const started = performance.now();
  const until = started + duration * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = 0; performance.now() < until; i++) {
        const step = round(w, i);
        try {
          await step.prepare();
          const t0 = performance.now();
          const res = await step.timed();
          await res.arrayBuffer();
          latencies.push(performance.now() - t0);
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        } catch {
          errors++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const non2xx = Object.entries(statuses).filter(([code]) => !code.startsWith('2')).reduce((n, [, c]) => n + c, 0);
  return { key, name, rps: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), requests: latencies.length, errors, non2xx, statuses };
}

/** A path's problems in one short string: "", or e.g. "3 errors; 429×12". */
export function problems(r: BenchResult): string {
  const parts: string[] = [];
  if (r.requests === 0) parts.push('no response within the run');
  if (r.errors) parts.push(`${r.errors} connection errors/timeouts`);
  const bad = Object.entries(r.statuses).filter(([code]) => !code.startsWith('2'));
  if (bad.length) parts.push(bad.map(([code, n]) => `${code}×${n}`).join(' '));
  return parts.join('; ');
}

// ---- memory -------------------------------------------------------------------------------

function childPids(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Field 4 (ppid) follows the command name in parentheses, which may hold spaces.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return out;
}

function peakRssKb(pid: number): number | null {
  try {
    const m = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/**
 * Watches a server's process tree (the primary, its cluster workers and any helper process
 * such as tsx's esbuild service) and keeps each
 * process's peak resident size (VmHWM). `peakBytes()` is their sum: an upper bound of the
 * tree's peak, since the processes may not peak at the same moment.
 */
export class MemoryWatch {
  private readonly peaks = new Map<number, number>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly rootPid: number) {
    this.sample();
    this.timer = setInterval(() => this.sample(), 500);
    this.timer.unref();
  }

  sample(): void {
    const pids = [this.rootPid];
    for (let i = 0; i < pids.length; i++) pids.push(...childPids(pids[i]!));
    for (const pid of pids) {
      const kb = peakRssKb(pid);
      if (kb !== null) this.peaks.set(pid, Math.max(this.peaks.get(pid) ?? 0, kb));
    }
  }

  /** Call before the server stops: takes a last sample. */
  stop(): { peakBytes: number; processes: number; perProcessMiB: number[] } {
    this.sample();
    clearInterval(this.timer);
    const kb = [...this.peaks.values()];
    return { peakBytes: kb.reduce((a, b) => a + b, 0) * 1024, processes: kb.length, perProcessMiB: kb.map((k) => Math.round(k / 1024)) };
  }
}
