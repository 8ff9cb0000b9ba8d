// `npm test`: typecheck, lint, unit and API tests on SQLite, the same API tests on PostgreSQL
// when TEST_DATABASE_URL is set, then the Chromium journeys against the built app. Ends with one
// summary line, "N passed, N failed", counting every test and every check step.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let passed = 0;
let failed = 0;
const failures = [];

function step(name, cmd, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

function check(name, cmd, args) {
  if (step(name, cmd, args)) passed++;
  else {
    failed++;
    failures.push(name);
  }
}

function vitest(name, projects, env = {}) {
  const out = join(mkdtempSync(join(tmpdir(), 'vitest-')), 'report.json');
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, '--passWithNoTests'];
  const ok = step(name, 'npx', args, env);
  if (!existsSync(out)) {
    failed++;
    failures.push(`${name} (no report)`);
    return;
  }
  const report = JSON.parse(readFileSync(out, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that fails to load has no failed test in the counts; count the run as a failure.
  if (!ok && report.numFailedTests === 0) {
    failed++;
    failures.push(name);
  } else if (report.numFailedTests > 0) {
    // Name each failed test, so the last lines of a CI log say what to look at.
    const names = report.testResults.flatMap((file) =>
      file.assertionResults.filter((a) => a.status === 'failed').map((a) => `${file.name.replace(process.cwd() + '/', '')} > ${a.fullName}`),
    );
    failures.push(`${name}: ${report.numFailedTests} failed\n  ${names.join('\n  ')}`);
  }
}

check('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json']);
check('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
// The module rule of DESIGN.md §6 (imports one way, only through a module's index.ts, no circles).
check('module dependency rules', 'npm', ['run', '--silent', 'check:modules']);
vitest('unit and API tests (SQLite)', ['unit', 'web', 'api-sqlite']);
if (process.env.TEST_DATABASE_URL) {
  vitest('API tests (PostgreSQL)', ['api-postgres'], { TEST_DB: 'postgres' });
} else {
  console.log('\n(TEST_DATABASE_URL is not set: skipping the PostgreSQL run of the API tests)');
}
check('build', 'npx', ['vite', 'build', '--logLevel', 'warn']);
vitest('browser journeys (Chromium)', ['e2e']);

if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `- ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
