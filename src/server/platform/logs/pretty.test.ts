import { describe, expect, it } from 'vitest';
import { prettyDestination, prettyLine } from './pretty';

const at = new Date(2026, 10, 28, 14, 2, 7).getTime();

describe('the readable log of a terminal', () => {
  it('shows a request as one short line: time, method, URL, status and milliseconds', () => {
    const json = JSON.stringify({
      level: 30,
      time: at,
      pid: 1,
      hostname: 'vm',
      reqId: 'req-1',
      req: { method: 'GET', url: '/beapi/Shop/GetCart', ip: '127.0.0.1' },
      res: { statusCode: 200 },
      responseTime: 3.6,
      msg: 'request completed',
    });
    expect(prettyLine(json)).toBe('14:02:07 GET /beapi/Shop/GetCart 200 4 ms');
  });

  it('shows other entries with their level, message and fields, and an error with its stack', () => {
    const warn = JSON.stringify({ level: 40, time: at, pid: 1, hostname: 'vm', msg: 'catalogue PDFs not redrawn', folder: 'catalogs' });
    expect(prettyLine(warn)).toBe('14:02:07 WARN catalogue PDFs not redrawn  folder: catalogs');
    const error = JSON.stringify({ level: 50, time: at, msg: 'unhandled error', err: { message: 'disk full', stack: 'Error: disk full\n    at write (x.ts:1:1)' } });
    expect(prettyLine(error)).toBe('14:02:07 ERROR unhandled error  err: disk full\n    at write (x.ts:1:1)');
  });

  it('colours the status only when the terminal takes colours', () => {
    const json = JSON.stringify({ level: 30, time: at, req: { method: 'POST', url: '/x' }, res: { statusCode: 500 }, responseTime: 1, msg: 'request completed' });
    expect(prettyLine(json, true)).toContain('\x1b[31m500\x1b[39m');
    expect(prettyLine(json, false)).not.toContain('\x1b[');
  });

  it('passes a line that is not JSON through as it came, and writes each line of a chunk', () => {
    expect(prettyLine('plain words')).toBe('plain words');
    const written: string[] = [];
    const out = { write: (s: string) => written.push(s), hasColors: () => false } as unknown as NodeJS.WritableStream;
    prettyDestination(out).write(`${JSON.stringify({ level: 30, time: at, msg: 'one' })}\n${JSON.stringify({ level: 30, time: at, msg: 'two' })}\n`);
    expect(written.join('')).toBe('14:02:07 INFO one\n14:02:07 INFO two\n');
  });
});
