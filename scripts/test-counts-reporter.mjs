// A vitest reporter for `npm test` (scripts/test.mjs): per project, the tests passed and failed,
// the names of the failed ones, the files that failed to load (they hold no failed test, yet
// they failed) and each file's time. Written as JSON to the file named by TEST_COUNTS_FILE.
import { writeFileSync } from 'node:fs';

export default class TestCountsReporter {
  onTestRunEnd(testModules, unhandledErrors, reason) {
    const projects = {};
    for (const module of testModules) {
      const name = module.project.name;
      const p = (projects[name] ??= { passed: 0, failed: 0, failedTests: [], brokenFiles: [], files: [] });
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') p.passed++;
        else if (state === 'failed') {
          p.failed++;
          failedHere++;
          p.failedTests.push(`${module.relativeModuleId} > ${test.fullName}`);
        }
      }
      const errors = module.errors();
      // A file that did not load (or whose hooks threw outside any test) failed without a failed test.
      if (module.state() === 'failed' && failedHere === 0) {
        p.brokenFiles.push(`${module.relativeModuleId}${errors[0]?.message ? `: ${errors[0].message.split('\n')[0]}` : ''}`);
      }
      p.files.push({ file: module.relativeModuleId, ms: Math.round(module.diagnostic().duration) });
    }
    const report = {
      reason,
      projects,
      unhandledErrors: unhandledErrors.map((e) => (e.message ?? String(e)).split('\n')[0]),
    };
    if (process.env.TEST_COUNTS_FILE) writeFileSync(process.env.TEST_COUNTS_FILE, JSON.stringify(report));
  }
}
