import { hostname } from 'node:os';

/** A sign-in of the demo data that still exists in the database. */
export interface DemoSignIn {
  who: string;
  email: string;
  password: string;
}

export interface StartFacts {
  /** Where the shop answers, e.g. http://127.0.0.1:3000 */
  url: string;
  processes: number;
  database: string;
  demo: DemoSignIn[];
}

/** An address a browser on this machine can open: a server bound to every interface is reached on localhost. */
export function shopUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** What `npm start` tells a person on a terminal once the shop is up. */
export function bannerText(facts: StartFacts): string {
  const plural = facts.processes > 1 ? 'es' : '';
  const rows: [string, string][] = [
    ['Balloon wholesale shop', `${facts.url}  (${facts.processes} process${plural}, ${facts.database})`],
    ['Back office', `${facts.url}/admin`],
  ];
  for (const d of facts.demo) rows.push([d.who === 'buyer' ? 'Demo buyer (shop)' : `Demo ${d.who} (back office)`, `${d.email}  password ${d.password}`]);
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  return ['', ...rows.map(([label, value]) => `${label.padEnd(width)}${value}`), ''].join('\n');
}

/**
 * The same facts as one JSON log line, for output that is not a terminal (a log tool reads it):
 * the demo sign-ins by address only, passwords stay out of logs.
 */
export function bannerLogLine(facts: StartFacts): string {
  return JSON.stringify({
    level: 30,
    time: Date.now(),
    pid: process.pid,
    hostname: hostname(),
    msg: 'shop started',
    url: facts.url,
    admin: `${facts.url}/admin`,
    processes: facts.processes,
    database: facts.database,
    demoSignIns: facts.demo.map((d) => ({ who: d.who, email: d.email })),
  });
}

/** A note of the start-up (not a request): plain on a terminal, a JSON log line otherwise. */
export function noteLine(msg: string, tty: boolean): string {
  return tty ? msg : JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, hostname: hostname(), msg });
}
