// `npm test`: typecheck, lint, the module rule, unit and API tests on SQLite, the same API tests on
// PostgreSQL when TEST_DATABASE_URL is set, the build, then the Chromium journeys against it. Ends
// with one summary line, "N passed, N failed", counting every test and every check step.
//
// Two lanes run at once (decision 0033): the build and then the journeys (mostly a browser and a
// server waiting on each other), and the checks and then one vitest run of the unit, web and both
// databases' API tests (which wait on the database much of the time). Each step's output is
// printed whole when it ends, so the two lanes' logs do not interleave.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let passed = 0;
let failed = 0;
const failures = [];
const timings = [];
const started = Date.now();
const seconds = (ms) => `${Math.round(ms / 1000)} s`;

/** Runs one step with its output kept, then prints the output under the step's name. */
function step(name, cmd, args, env = {}) {
  console.log(`--- ${name}: started at ${seconds(Date.now() - started)}`);
  const t0 = Date.now();
  return new Promise((resolve) => {
    const out = [];
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => out.push(c));
    const done = (ok, extra = '') => {
      const ms = Date.now() - t0;
      timings.push(`${name}: ${seconds(ms)}`);
      process.stdout.write(`\n=== ${name} (${seconds(ms)}) ===\n${Buffer.concat(out).toString()}${extra}`);
      resolve(ok);
    };
    child.on('error', (err) => done(false, `${err.message}\n`));
    child.on('close', (code) => done(code === 0));
  });
}

async function check(name, cmd, args) {
  if (await step(name, cmd, args)) passed++;
  else {
    failed++;
    failures.push(name);
  }
}

/**
 * One vitest run over `groups` (a step name → its projects). Counts come from
 * scripts/test-counts-reporter.mjs, per project, so each group's failures are named under it.
 */
async function vitest(groups) {
  const names = Object.keys(groups);
  const projects = Object.values(groups).flat();
  const out = join(mkdtempSync(join(tmpdir(), 'vitest-')), 'counts.json');
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=./scripts/test-counts-reporter.mjs', '--passWithNoTests'];
  const ok = await step(names.join(' + '), 'npx', args, { TEST_COUNTS_FILE: out });
  if (!existsSync(out)) {
    failed++;
    failures.push(`${names.join(' + ')} (no report)`);
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  let named = 0;
  for (const [name, members] of Object.entries(groups)) {
    const parts = members.map((p) => report.projects[p]).filter(Boolean);
    const failedTests = parts.flatMap((p) => p.failedTests);
    const brokenFiles = parts.flatMap((p) => p.brokenFiles);
    passed += parts.reduce((n, p) => n + p.passed, 0);
    // A file that fails to load holds no failed test: it counts as one failure of its own.
    failed += failedTests.length + brokenFiles.length;
    named += failedTests.length + brokenFiles.length;
    if (failedTests.length || brokenFiles.length) {
      const lines = [...failedTests, ...brokenFiles.map((f) => `${f} (failed outside its tests: it did not load, or a hook failed)`)];
      failures.push(`${name}: ${lines.length} failed\n  ${lines.join('\n  ')}`);
    }
  }
  for (const e of report.unhandledErrors) {
    failed++;
    named++;
    failures.push(`${names.join(' + ')}: unhandled error: ${e}`);
  }
  // Vitest failed without a failure named above (it crashed, say): the run counts as one.
  if (!ok && named === 0) {
    failed++;
    failures.push(names.join(' + '));
  }
  const slowest = Object.values(report.projects)
    .flatMap((p) => p.files)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 5);
  if (slowest.length) console.log(`Slowest files: ${slowest.map((f) => `${f.file} ${seconds(f.ms)}`).join(', ')}`);
}

const postgres = !!process.env.TEST_DATABASE_URL;

const checksAndTests = (async () => {
  await check('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json']);
  await check('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
  // The module rule of DESIGN.md §6 (imports one way, only through a module's index.ts, no circles).
  await check('module dependency rules', 'npm', ['run', '--silent', 'check:modules']);
  if (!postgres) console.log('\n(TEST_DATABASE_URL is not set: skipping the PostgreSQL run of the API tests)');
  await vitest({
    'unit and API tests (SQLite)': ['unit', 'web', 'api-sqlite'],
    ...(postgres ? { 'API tests (PostgreSQL)': ['api-postgres'] } : {}),
  });
})();

const buildAndJourneys = (async () => {
  await check('build', 'npx', ['vite', 'build', '--logLevel', 'warn']);
  await vitest({ 'browser journeys (Chromium)': ['e2e'] });
})();

await Promise.all([checksAndTests, buildAndJourneys]);

console.log(`\nStep times (two lanes at once): ${timings.join(', ')}; all: ${seconds(Date.now() - started)}`);
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `- ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
