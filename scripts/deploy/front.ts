import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';

/**
 * The deploy check's front: Debian's nginx running docs/deploy/nginx/shop.conf (its ports,
 * certificate and paths swapped for this run's), a self-signed certificate for shop.localhost, and
 * HTTPS clients that each connect from their own loopback address (all of 127.0.0.0/8 is this
 * machine), so nginx sees a different client for each, as it would on the internet.
 */

export const SERVER_NAME = 'shop.localhost';
export const SITE_FILE = resolve('docs/deploy/nginx/shop.conf');
const NGINX = '/usr/sbin/nginx';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** nginx's binary, installed from Debian's packages when it is missing and we may (root). */
export function ensureNginx(): string {
  if (existsSync(NGINX)) return NGINX;
  if (process.getuid?.() !== 0) throw new Error(`${NGINX} is missing: apt-get install -y nginx (as root), then run again`);
  const active = () => spawnSync('systemctl', ['is-active', '--quiet', 'nginx']).status === 0;
  console.log('nginx is missing: apt-get install -y nginx');
  let install = spawnSync('apt-get', ['install', '-y', 'nginx'], { stdio: 'inherit' });
  if (install.status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    install = spawnSync('apt-get', ['install', '-y', 'nginx'], { stdio: 'inherit' });
  }
  if (install.status !== 0 || !existsSync(NGINX)) throw new Error('apt-get install -y nginx failed');
  // Debian starts its default site where systemd runs: that one is not ours to leave running.
  if (active()) spawnSync('systemctl', ['stop', 'nginx'], { stdio: 'inherit' });
  return NGINX;
}

/** A certificate and key for shop.localhost (and 127.0.0.1), valid two days. */
export function selfSignedCertificate(dir: string): { cert: string; key: string; ca: string } {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', `/CN=${SERVER_NAME}`, '-addext', `subjectAltName=DNS:${SERVER_NAME},IP:127.0.0.1`], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  return { cert, key, ca: readFileSync(cert, 'utf8') };
}

function swap(text: string, from: string | RegExp, to: string): string {
  const changed = text.replace(from, to);
  if (changed === text) throw new Error(`${SITE_FILE} no longer holds ${String(from)}: update scripts/deploy/front.ts`);
  return changed;
}

export interface FrontPorts {
  http: number;
  https: number;
  instances: [number, number];
}

/** The documented site with this run's ports, certificate and folders, listening on 127.0.0.1 only. */
export function siteForThisRun(ports: FrontPorts, cert: { cert: string; key: string }, cacheDir: string): string {
  let site = readFileSync(SITE_FILE, 'utf8');
  site = swap(site, 'server 127.0.0.1:3001 ', `server 127.0.0.1:${ports.instances[0]} `);
  site = swap(site, 'server 127.0.0.1:3002 ', `server 127.0.0.1:${ports.instances[1]} `);
  site = swap(site, /^\s*listen \[::\]:(80|443)[^;]*;\n/gm, '');
  site = swap(site, 'listen 80;', `listen 127.0.0.1:${ports.http};`);
  site = swap(site, 'listen 443 ssl', `listen 127.0.0.1:${ports.https} ssl`);
  site = swap(site, /server_name shop\.example\.com;/g, `server_name ${SERVER_NAME};`);
  site = swap(site, '/etc/letsencrypt/live/shop.example.com/fullchain.pem', cert.cert);
  site = swap(site, '/etc/letsencrypt/live/shop.example.com/privkey.pem', cert.key);
  return swap(site, 'proxy_cache_path /var/cache/nginx/shop ', `proxy_cache_path ${cacheDir} `);
}

export interface Nginx {
  /** Lines of its access log: client, the instance(s) it tried ("a, b" when it passed the request on), status, method, path. */
  accessLog(): AccessLine[];
  stop(): Promise<void>;
}

export interface AccessLine {
  client: string;
  upstreams: string[];
  status: number;
  method: string;
  path: string;
}

/** nginx in the foreground (a child of this script) with `site` as its only site. */
export async function startNginx(binary: string, dir: string, site: string, httpsPort: number): Promise<Nginx> {
  // Its workers run as an unprivileged user when we are root: they need their folders.
  chmodSync(dir, 0o755);
  for (const d of ['tmp', 'cache']) {
    mkdirSync(join(dir, d), { recursive: true });
    chmodSync(join(dir, d), 0o777);
  }
  writeFileSync(join(dir, 'shop.conf'), site);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `  ${k}_temp_path ${join(dir, 'tmp', k)};`).join('\n');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 2;
error_log ${join(dir, 'error.log')} warn;
pid ${join(dir, 'nginx.pid')};
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
${temp}
  log_format upstreams '$remote_addr|$upstream_addr|$status|$request_method|$uri';
  access_log ${join(dir, 'access.log')} upstreams;
  include ${join(dir, 'shop.conf')};
}
`,
  );
  const test = spawnSync(binary, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t refused the configuration:\n${test.stderr}`);
  const child: ChildProcess = spawn(binary, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  child.stderr?.on('data', (c: Buffer) => (said += c.toString()));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${said}`);
    if (await listening(httpsPort)) break;
    if (i > 100) throw new Error('nginx did not start listening');
    await sleep(100);
  }
  return {
    accessLog: () =>
      readFileSync(join(dir, 'access.log'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [client = '', upstreams = '', status = '0', method = '', path = ''] = line.split('|');
          return { client, upstreams: upstreams.split(/,\s*/).filter((u) => u && u !== '-'), status: Number(status), method, path };
        }),
    stop: async () => {
      if (child.exitCode !== null) return;
      // Fast shutdown: the master stops its workers and exits.
      child.kill('SIGTERM');
      for (let i = 0; i < 50 && child.exitCode === null; i++) await sleep(100);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

function listening(port: number): Promise<boolean> {
  return new Promise((done) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      done(true);
    });
    s.once('error', () => done(false));
  });
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A buyer's (or an attacker's) browser: HTTPS to nginx from its own loopback address, certificate checked. */
export class Client {
  private readonly agent: Agent;

  constructor(
    private readonly port: number,
    ca: string,
    readonly address: string,
  ) {
    this.agent = new Agent({ keepAlive: true, ca, localAddress: address, maxSockets: 4 });
  }

  call(method: string, path: string, options: { headers?: Record<string, string>; json?: unknown } = {}): Promise<Answer> {
    const body = options.json === undefined ? undefined : JSON.stringify(options.json);
    const headers: Record<string, string> = { host: SERVER_NAME, ...(body ? { 'content-type': 'application/json' } : {}), ...options.headers };
    return new Promise((done, fail) => {
      const req = request({ host: '127.0.0.1', port: this.port, servername: SERVER_NAME, method, path, headers, agent: this.agent, timeout: 30_000 }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        res.on('error', fail);
      });
      req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer in 30 s`)));
      req.on('error', fail);
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
