import { Writable } from 'node:stream';
import { type AppOptions, loggerOptions } from '../app';

/** The app's log kept in memory: pass `logger` to the app, read what it wrote in `lines`. */
export function logLines(level: string): { lines: string[]; logger: AppOptions['logger'] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: { ...(loggerOptions(level) as object), stream } };
}
