// `npm run test:sqlmap`: Debian's sqlmap (level 5, risk 3) against the shop's search, listing,
// item detail, sign-in and cart calls, on a fresh demo database on 127.0.0.1 only. Slow (minutes),
// so it is not part of `npm test`: run it and report its table.
//
//   npm run test:sqlmap                      SQLite only
//   npm run test:sqlmap -- --postgres        SQLite, then a fresh schema of TEST_DATABASE_URL
//                                            (default postgres://postgres@127.0.0.1:5432/test), dropped afterwards
//   npm run test:sqlmap -- --postgres-only
//   npm run test:sqlmap -- --only search,login-json --per-param 120 --deadline 1800
//
// Exit status: 0 when every run finished and found nothing; 1 when sqlmap found an injectable
// parameter; 2 when sqlmap is not installed; 3 when a run was cut off by its time bound (nothing
// found, but not everything was tried).
//
// How the work is bounded (each choice keeps level 5 / risk 3 and every parameter in play):
// - `--dbms` names the database that is really behind the shop: payloads written for other
//   engines cannot succeed there, and skipping them divides the number of requests by ~6.
// - `--technique BEUST`: boolean, error, UNION, stacked and time-based. Q (inline queries) only
//   confirms what B/E find, so it adds requests without adding findings.
// - `--time-sec 2`: a time-based hit shows as a 2 s delay (the shop answers in milliseconds).
// - `--union-cols 1-12`: the widest SELECT a UNION could reach here is a listing row.
// - `-p` names the parameters under test, so level 5 does not spend its time on the Host,
//   Referer and User-Agent headers, which the shop never puts in a query.
// - each run is killed (`timeout`) after 60 s plus --per-param seconds (default 150) for each of
//   its parameters (a parameter takes 35–80 s here); the whole script starts no run after
//   --deadline seconds.
//
// The shop defends itself against exactly what sqlmap does (thousands of requests from one
// address), which would turn most of sqlmap's requests into 429s that never reach a query. A
// small proxy between sqlmap and the shop keeps the tests meaningful without changing the shop:
// before each sign-in it clears the failed-sign-in counts, and on the coupon target it spreads
// the requests over a pool of copies of the demo customer (the coupon limit is per customer).
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest, createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';

const { values: opts } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    'postgres-only': { type: 'boolean', default: false },
    'per-param': { type: 'string', default: '150' },
    deadline: { type: 'string', default: '3600' },
    only: { type: 'string' },
    threads: { type: 'string', default: '2' },
    keep: { type: 'boolean', default: false },
  },
});
const perParamS = Number(opts['per-param']);
const deadlineAt = Date.now() + Number(opts.deadline) * 1000;
const only = opts.only ? new Set(opts.only.split(',')) : null;
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const POOL_SIZE = 200;
const DEMO_EMAIL = 'buyer@example.com';
const DEMO_PASSWORD = 'balloons123';

if (spawnSync('sqlmap', ['--version'], { stdio: 'ignore' }).error) {
  console.error('sqlmap is not installed. On Debian/Ubuntu:\n  apt-get install -y sqlmap');
  process.exit(2);
}
const sqlmapVersion = spawnSync('sqlmap', ['--version'], { encoding: 'utf8' }).stdout.trim().split('\n')[0];

// ---- the shop -----------------------------------------------------------------------------------

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A database the shop will run on: its URL, a way to run SQL on it, and its removal. */
async function prepareDatabase(kind, dir) {
  if (kind === 'sqlite') {
    const file = join(dir, 'shop.db');
    let conn = null;
    return {
      url: `sqlite:${file}`,
      dbms: 'SQLite',
      // Opened once the shop has created and seeded the file.
      exec: async (text, params = []) => {
        conn ??= new Database(file, { timeout: 5000 });
        const stmt = conn.prepare(text.replace(/\$\d+/g, '?'));
        return stmt.reader ? stmt.all(...params) : (stmt.run(...params), []);
      },
      drop: async () => conn?.close(),
    };
  }
  const schema = `sqlmap_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const sep = PG_URL.includes('?') ? '&' : '?';
  const url = `${PG_URL}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  // PostgreSQL is not seeded on start (only the embedded database fills itself): seed it as an operator would.
  const seed = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/security/seed-schema.ts'], { env: { ...process.env, DATABASE_URL: PG_URL, SHOP_SCHEMA: schema }, encoding: 'utf8' });
  if (seed.status !== 0) {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
    throw new Error(`seeding failed: ${seed.stderr}`);
  }
  await admin.query(`set search_path = ${schema}`);
  return {
    url,
    dbms: 'PostgreSQL',
    schema,
    exec: async (text, params = []) => (await admin.query(text, params)).rows,
    drop: async () => {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

async function startShop(databaseUrl, dataDir) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: url, WORKERS: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`shop exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/beapi/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('shop did not start within 90 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** Copies of the demo customer, each with a live session: the tokens the coupon target rotates. */
async function customerPool(db, size) {
  const now = new Date().toISOString();
  const expires = new Date(Date.now() + 86_400_000).toISOString();
  const tokens = [];
  for (let i = 0; i < size; i++) {
    const code = `CSQLM${String(i).padStart(4, '0')}`;
    const email = `sqlmap${i}@example.com`;
    await db.exec(
      `insert into customers (code, email, email_key, email_verified, password_hash, org_name, first_name, last_name, address_line1, city, state, zip, country, day_phone, created_at, updated_at)
       select $1, $2, $3, email_verified, password_hash, org_name, first_name, last_name, address_line1, city, state, zip, country, day_phone, $4, $5 from customers where email_key = $6`,
      [code, email, email, now, now, DEMO_EMAIL],
    );
    const [row] = await db.exec('select id from customers where code = $1', [code]);
    const token = randomBytes(32).toString('base64url');
    await db.exec('insert into sessions (customer_id, token_hash, created_at, expires_at) values ($1, $2, $3, $4)', [row.id, createHash('sha256').update(token).digest('hex'), now, expires]);
    tokens.push(token);
  }
  return tokens;
}

// ---- the proxy between sqlmap and the shop --------------------------------------------------------

function startProxy(shop, db) {
  const state = { rotate: null, next: 0, statuses: {} };
  const server = createServer((req, res) => {
    const target = new URL(req.url, shop.url);
    const headers = { ...req.headers };
    delete headers['proxy-connection'];
    if (state.rotate && headers['user-token']) headers['user-token'] = state.rotate[state.next++ % state.rotate.length];
    const forward = () => {
      const up = httpRequest({ host: '127.0.0.1', port: shop.port, method: req.method, path: target.pathname + target.search, headers }, (answer) => {
        const bucket = `${String(answer.statusCode)[0]}xx`;
        state.statuses[answer.statusCode === 429 ? '429' : bucket] = (state.statuses[answer.statusCode === 429 ? '429' : bucket] ?? 0) + 1;
        res.writeHead(answer.statusCode, answer.headers);
        answer.pipe(res);
      });
      up.on('error', () => {
        state.statuses.err = (state.statuses.err ?? 0) + 1;
        res.destroy();
      });
      req.pipe(up);
    };
    if (target.pathname.endsWith('/System/Login')) {
      db.exec('delete from login_failures').then(forward, forward);
    } else forward();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}`, state, close: () => new Promise((r) => server.close(r)) })));
}

// ---- the targets ------------------------------------------------------------------------------------

async function discover(shop, token) {
  const get = async (path) => (await fetch(`${shop.url}${path}`, { headers: { 'user-token': token } })).json();
  const cats = await get('/beapi/Categories/GetMainCategories');
  const categoryNum = cats[0].categoryNum ?? cats[0].num;
  // One value of every filter, each chosen within the items the previous ones left, so that the
  // listing sqlmap starts from answers 200 with items (a 400 or an empty page would test little).
  const picks = [
    ['color', 'distinctColors', (v) => v.link],
    ['shapes', 'distinctShapes', (v) => v.link],
    ['sizes', 'distinctSizes', (v) => v],
    ['poscat', 'distinctPoscats', (v) => v.poscatNum],
    ['themes', 'distinctThemes', (v) => v.link],
    ['events', 'distinctEvents', (v) => v.link],
    ['messages', 'distinctMessages', (v) => v.link],
  ];
  let filters = '';
  let listing = await get(`/beapi/Inventory/GetPagedItemsForCategory?categoryNum=${categoryNum}&pageSize=24`);
  const itemNum = listing.items[0].num;
  for (const [param, list, value] of picks) {
    const first = listing[list]?.[0];
    if (first === undefined) continue;
    const next = `${filters}&${param}=${encodeURIComponent(value(first))}`;
    const narrowed = await get(`/beapi/Inventory/GetPagedItemsForCategory?categoryNum=${categoryNum}&pageSize=24${next}`);
    if (!narrowed.items?.length) continue;
    filters = next;
    listing = narrowed;
  }
  return { categoryNum, itemNum, filters: filters.slice(1) };
}

function targets(d, token) {
  const auth = `user-token: ${token}`;
  const json = 'Content-Type: application/json';
  return [
    { name: 'search', url: `/beapi/Inventory/GetPagedItemsForSearch?searchtext=red%20round&categoryNum=${d.categoryNum}&page=1&pageSize=24&sort=date`, p: 'searchtext,categoryNum,page,pageSize,sort', headers: [auth] },
    { name: 'listing', url: `/beapi/Inventory/GetPagedItemsForCategory?categoryNum=${d.categoryNum}&page=1&pageSize=24&sort=date&${d.filters}`, p: `categoryNum,page,pageSize,sort,${d.filters.split('&').map((f) => f.split('=')[0]).join(',')}`, headers: [auth] },
    { name: 'detail', url: `/beapi/Inventory/GetItemDetail?itemNum=${encodeURIComponent(d.itemNum)}`, p: 'itemNum', headers: [auth] },
    // 401 is the answer to every wrong sign-in: sqlmap must compare those answers, not stop at the first.
    { name: 'login-json', url: '/beapi/System/Login', method: 'POST', data: JSON.stringify({ username: DEMO_EMAIL, password: DEMO_PASSWORD }), p: 'username,password', headers: [json], ignore: '401' },
    { name: 'login-query', url: `/beapi/System/Login?username=${encodeURIComponent(DEMO_EMAIL)}&password=${DEMO_PASSWORD}`, method: 'POST', p: 'username,password', ignore: '401' },
    // A POST without a JSON body would be refused with 415 before any query runs: send `{}`.
    // The shop refuses a non-numeric item number or quantity with 400, which sqlmap's heuristics
    // take for "integer casting" and then skip both parameters: skip the heuristics instead.
    { name: 'cart-additem', url: `/beapi/Shop/AddItem?InvNum=${encodeURIComponent(d.itemNum)}&qty=1`, method: 'POST', data: '{}', p: 'InvNum,qty', headers: [auth, json], extra: ['--skip-heuristics'] },
    // `*` marks the path segment as the injection point; the pool of customers absorbs the coupon limit.
    { name: 'cart-addcoupon', url: '/beapi/Shop/AddCoupon/FREESHIP*', method: 'POST', data: '{}', headers: [auth, json], rotate: true },
    { name: 'cart-comments', url: '/beapi/Shop/UpdateOrderComments?comments=Please%20ring%20twice', method: 'PUT', p: 'comments', headers: [auth] },
  ].filter((t) => !only || only.has(t.name));
}

// ---- running sqlmap and reading what it says -------------------------------------------------------

function runSqlmap(target, base, proxyUrl, dbms, outDir, logFile, seconds) {
  const args = [
    '--kill-after=10', String(seconds), 'sqlmap',
    '-u', `${base}${target.url}`,
    '--batch', '--level', '5', '--risk', '3', '--flush-session', '--output-dir', outDir,
    '--dbms', dbms, '--technique', 'BEUST', '--time-sec', '2', '--union-cols', '1-12',
    '--timeout', '15', '--retries', '1', '--threads', opts.threads, '--disable-coloring', '-v', '1',
    '--proxy', proxyUrl,
  ];
  if (target.method) args.push('--method', target.method);
  if (target.data) args.push('--data', target.data);
  if (target.ignore) args.push('--ignore-code', target.ignore);
  if (target.extra) args.push(...target.extra);
  if (target.p) args.push('-p', target.p);
  else args.push('--skip', 'user-agent,referer,host,user-token');
  if (target.headers?.length) args.push('--headers', target.headers.join('\\n'));
  return new Promise((resolve) => {
    const log = createWriteStream(logFile);
    const child = spawn('timeout', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('exit', (code) => log.end(() => resolve(code)));
  });
}

function readFindings(logFile) {
  const text = readFileSync(logFile, 'utf8');
  const tested = new Set();
  const notInjectable = new Set();
  const injectable = new Set();
  for (const m of text.matchAll(/(?:testing if |heuristic \(basic\) test shows that )?((?:GET|POST|PUT|URI|JSON|\(custom\) \w+) parameter '[^']+')/g)) tested.add(m[1]);
  for (const m of text.matchAll(/((?:GET|POST|PUT|URI|JSON|\(custom\) \w+) parameter '[^']+') does not seem to be injectable/g)) notInjectable.add(m[1]);
  // A parameter that "appears to be" injectable and then fails sqlmap's false-positive check is
  // reported "does not seem to be injectable" afterwards: only the ones it keeps count.
  const identified = /sqlmap identified the following injection point/.test(text);
  for (const m of text.matchAll(/((?:GET|POST|PUT|URI|JSON|\(custom\) \w+) parameter '[^']+') (?:is|appears to be) '[^']+' injectable/g)) {
    if (!notInjectable.has(m[1])) injectable.add(m[1]);
  }
  if (identified && injectable.size === 0) injectable.add('(see log)');
  return { tested: [...tested], notInjectable: [...notInjectable], injectable: [...injectable], finished: /all tested parameters do not appear to be injectable|identified the following injection point/.test(text), text };
}

// ---- main ---------------------------------------------------------------------------------------------

async function runOn(kind, rows) {
  const dir = mkdtempSync(join(tmpdir(), `shop-sqlmap-${kind}-`));
  let db = null;
  let shop = null;
  let proxy = null;
  try {
    db = await prepareDatabase(kind, dir);
    shop = await startShop(db.url, dir);
    const login = await fetch(`${shop.url}/beapi/System/Login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: DEMO_EMAIL, password: DEMO_PASSWORD }) });
    if (!login.ok) throw new Error(`demo sign-in failed: ${login.status}`);
    const token = login.headers.get('user-token');
    const pool = await customerPool(db, POOL_SIZE);
    proxy = await startProxy(shop, db);
    const found = await discover(shop, token);
    console.log(`\n== ${db.dbms}: shop at ${shop.url}, sqlmap through ${proxy.url}, logs in ${dir}`);
    for (const target of targets(found, token)) {
      const left = Math.floor((deadlineAt - Date.now()) / 1000);
      if (left < 30) {
        rows.push({ db: db.dbms, target: target.name, params: '-', tested: 0, injectable: 0, seconds: 0, status: 'not run (deadline)', requests: '' });
        continue;
      }
      proxy.state.rotate = target.rotate ? pool : null;
      proxy.state.statuses = {};
      const logFile = join(dir, `${target.name}.log`);
      const started = Date.now();
      process.stdout.write(`${target.name} … `);
      const bound = 60 + perParamS * (target.p ? target.p.split(',').length : 1);
      const code = await runSqlmap(target, `http://127.0.0.1:${shop.port}`, proxy.url, db.dbms, join(dir, 'out'), logFile, Math.min(bound, left));
      const seconds = Math.round((Date.now() - started) / 1000);
      const f = readFindings(logFile);
      const status = code === 124 || code === 137 ? 'cut off (time bound)' : f.finished ? 'finished' : `sqlmap exit ${code}`;
      const requests = Object.entries(proxy.state.statuses).sort().map(([k, v]) => `${k}:${v}`).join(' ');
      console.log(`${status}, ${seconds} s, ${f.injectable.length} injectable, answers ${requests}`);
      if (code !== 0 && !f.finished) console.log(f.text.split('\n').filter((l) => /CRITICAL|ERROR/.test(l)).slice(-3).join('\n'));
      rows.push({ db: db.dbms, target: target.name, params: f.tested.map((p) => p.replace(/^.*parameter /, '')).join(' '), tested: f.tested.length, injectable: f.injectable.length, found: f.injectable, seconds, status, requests });
    }
  } finally {
    await proxy?.close();
    await shop?.stop();
    await db?.drop();
    if (!opts.keep) rmSync(dir, { recursive: true, force: true });
  }
}

const rows = [];
console.log(`${sqlmapVersion}; per run ≤ 60 s + ${perParamS} s a parameter, no run started after ${opts.deadline} s`);
if (!opts['postgres-only']) await runOn('sqlite', rows);
if (opts.postgres || opts['postgres-only']) await runOn('postgres', rows);

const pad = (s, n) => String(s).padEnd(n);
console.log(`\n${pad('database', 11)}${pad('target', 16)}${pad('parameters tested', 64)}${pad('injectable', 11)}${pad('time', 7)}${pad('status', 22)}answers seen by the shop`);
for (const r of rows) console.log(`${pad(r.db, 11)}${pad(r.target, 16)}${pad(r.params || '-', 64)}${pad(r.injectable, 11)}${pad(`${r.seconds} s`, 7)}${pad(r.status, 22)}${r.requests}`);
const injectable = rows.reduce((n, r) => n + r.injectable, 0);
for (const r of rows.filter((x) => x.injectable)) console.log(`INJECTABLE: ${r.db} ${r.target}: ${r.found.join(', ')}`);
console.log(`\n${rows.length} runs, ${rows.reduce((n, r) => n + r.tested, 0)} parameters tested, ${injectable} injectable`);
process.exit(injectable > 0 ? 1 : rows.every((r) => r.status === 'finished') ? 0 : 3);
