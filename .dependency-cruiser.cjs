/**
 * The server's module rule (DESIGN.md §6, decision 0029), checked by `npm test`:
 * imports run flows → modules → platform → contract; a module imports another module only
 * through that module's index.ts (its public face), and only "down" the ranking below, so no
 * two modules can import each other; nothing imports in a circle, type-only imports included.
 */
const RANKING = ['staff', 'stock', 'catalogue', 'content', 'customers', 'orders', 'money', 'reports'];
const MODULES = RANKING.join('|');
const S = '^src/server/';
const ROOT = `${S}(app|main|context|admin-routes|demo-data)\\.ts$`;
const TEST_CODE = '(\\.test\\.ts$|/testing\\.ts$|test-helpers?\\.ts$|^src/server/(test-support|security|invariants)/)';

/** Each module may use the modules ranked before it. */
const direction = RANKING.map((m, i) => ({
  name: `module-direction-${m}`,
  comment: `${m}/ may import only ${RANKING.slice(0, i).join(', ') || 'no other module'} (and platform, contract)`,
  severity: 'error',
  from: { path: `${S}${m}/`, pathNot: TEST_CODE },
  to: { path: `${S}(${MODULES})/`, pathNot: [`${S}(${[m, ...RANKING.slice(0, i)].join('|')})/`] },
}));

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'no import circle between files (type-only imports count)', from: { path: '^src/' }, to: { circular: true } },
    {
      name: 'contract-is-the-bottom', severity: 'error', comment: 'src/contract imports nothing of ours',
      from: { path: '^src/contract/' }, to: { path: '^src/(server|web|admin)/' },
    },
    {
      name: 'platform-imports-no-module', severity: 'error', comment: 'platform/ is below every module and flow',
      from: { path: `${S}platform/`, pathNot: TEST_CODE }, to: { path: S, pathNot: `${S}platform/` },
    },
    {
      name: 'modules-do-not-import-flows-or-the-root', severity: 'error',
      comment: 'a module never reaches up to flows/ or to the composition root (app, context, main)',
      from: { path: `${S}(${MODULES})/`, pathNot: TEST_CODE }, to: { path: [`${S}flows/`, ROOT] },
    },
    {
      name: 'only-another-modules-index', severity: 'error',
      comment: "outside its own folder a module is reached only through its index.ts (or testing.ts from tests)",
      from: { path: `${S}(${MODULES}|flows)/` },
      to: { path: `${S}(${MODULES})/.+`, pathNot: [`${S}$1/`, `${S}(${MODULES})/(index|testing)\\.ts$`] },
    },
    ...direction,
    {
      name: 'no-test-code-in-production', severity: 'error', comment: 'test helpers are imported by tests only',
      from: { path: '^src/server/', pathNot: TEST_CODE + '|test-helpers?\\.ts$' },
      to: { path: `${TEST_CODE}|test-helpers?\\.ts$` },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
  },
};
