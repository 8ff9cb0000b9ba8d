import { REQUEST_DONE } from './request-log';

/**
 * The log as a person reads it on a terminal: one short line per entry instead of a JSON object.
 * `npm start` uses it when its output is a terminal; piped or redirected output stays JSON lines
 * for log tools. It only formats what the logger already wrote, after its redaction.
 *
 *   14:02:07 GET /beapi/Shop/GetCart 200 4 ms
 *   14:02:09 WARN catalogue PDFs not redrawn  err: disk full
 */

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** What every line has, or what the line's own words already say. */
const LEFT_OUT = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err']);

const paint = (code: number) => (text: string) => `\x1b[${code}m${text}\x1b[39m`;
const grey = paint(90);
const red = paint(31);
const yellow = paint(33);
const green = paint(32);
const cyan = paint(36);
const plain = (text: string) => text;

interface Entry {
  level?: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  [key: string]: unknown;
}

function clock(time: number | undefined): string {
  const d = time === undefined ? new Date() : new Date(time);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

function statusColour(status: number): (text: string) => string {
  if (status >= 500) return red;
  if (status >= 400) return yellow;
  if (status >= 300) return cyan;
  return green;
}

/** One JSON log line as a readable line (more lines for an error's stack); anything else as it came. */
export function prettyLine(json: string, colour = false): string {
  let entry: Entry;
  try {
    entry = JSON.parse(json) as Entry;
  } catch {
    return json.replace(/\n$/, '');
  }
  if (typeof entry !== 'object' || entry === null) return json.replace(/\n$/, '');
  const c = colour ? { grey, red, yellow, status: statusColour } : { grey: plain, red: plain, yellow: plain, status: () => plain };
  const time = c.grey(clock(entry.time));
  const level = entry.level ?? 30;

  if (entry.msg === REQUEST_DONE && entry.req) {
    const status = entry.res?.statusCode ?? 0;
    const ms = Math.round(entry.responseTime ?? 0);
    return `${time} ${entry.req.method ?? ''} ${entry.req.url ?? ''} ${c.status(status)(String(status))} ${c.grey(`${ms} ms`)}`;
  }

  const name = LEVELS[level] ?? String(level);
  const tag = level >= 50 ? c.red(name) : level >= 40 ? c.yellow(name) : level >= 30 ? name : c.grey(name);
  const extras = Object.entries(entry)
    .filter(([key, value]) => !LEFT_OUT.has(key) && value !== undefined)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const parts = [`${time} ${tag} ${entry.msg ?? ''}`.trimEnd(), ...extras];
  if (entry.err?.message) parts.push(`err: ${entry.err.message}`);
  let line = parts.join('  ');
  if (entry.err?.stack && level >= 50) {
    const stack = entry.err.stack.split('\n').slice(1);
    if (stack.length) line += `\n${c.grey(stack.map((s) => `    ${s.trim()}`).join('\n'))}`;
  }
  return line;
}

/** A destination for the logger: each JSON line it writes goes to `out` as a readable line. */
export function prettyDestination(out: NodeJS.WritableStream & { hasColors?: () => boolean }): { write(chunk: string): void } {
  const colour = out.hasColors?.() ?? false;
  return {
    write(chunk: string) {
      const lines = chunk.split('\n').filter((l) => l.length > 0);
      out.write(lines.map((l) => `${prettyLine(l, colour)}\n`).join(''));
    },
  };
}
