// `npm run test:security`: the fast security tests. The API ones (src/server/security) on SQLite,
// and on PostgreSQL when TEST_DATABASE_URL is set; then the XSS pages and the email-change password
// prompt in Chromium (e2e/xss.test.ts, e2e/account.test.ts) when the web app has been built.
// They also run in `npm test`; this runs only them.
// The slow ones are scripts to run and report: `npm run test:sqlmap` (scripts/security/sqlmap.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (project, paths, env = {}) =>
  spawnSync('npx', ['vitest', 'run', '--project', project, ...paths], { stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;

// CORS keeps the back office closed (cors.api.test.ts) besides the buyer API's rules.
const API_TESTS = ['src/server/security', 'src/server/platform/http/cors.api.test.ts'];
let ok = run('api-sqlite', API_TESTS);
if (process.env.TEST_DATABASE_URL) ok = run('api-postgres', API_TESTS, { TEST_DB: 'postgres' }) && ok;
else console.log('(TEST_DATABASE_URL is not set: skipping the PostgreSQL run)');
if (existsSync('dist/web/index.html')) {
  ok = run('e2e', ['e2e/xss.test.ts']) && ok;
  // The account page's answer to an email change from an old session (issue 16): the password prompt.
  ok = run('e2e', ['e2e/account.test.ts', '-t', 'email change with an old session']) && ok;
  // A member's reset sign-in, the set-password link and setting up TOTP with the password (issue 27).
  ok = run('e2e', ['e2e/admin-staff-sign-in.test.ts']) && ok;
} else console.log('(dist/web is not built: skipping the browser tests; `npm run build` first)');
process.exit(ok ? 0 : 1);
