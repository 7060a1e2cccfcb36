#!/usr/bin/env node
// CI reads one plain line, "N passed, N failed", summed over every workspace package's vitest JSON
// reports, the browser end-to-end suite's included (vitest's own summary is per package).
// Each failing test is named above that line, with the first line of its message: the end of a
// long log is often all a reader gets to see.
import { relative } from 'node:path';
import { root, testedPackages } from './workspace-reports.mjs';

let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
const failures = [];
const firstLine = (messages) =>
  String(messages?.[0] ?? '')
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
    .slice(0, 200) ?? '';

for (const { dir, reports } of testedPackages()) {
  if (reports.length === 0) {
    // A package that should have tested but left no report crashed before reporting.
    missing.push(dir);
    continue;
  }
  for (const { report } of reports) {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    // A file that failed to load counts no test but is a failure all the same.
    for (const suite of report.testResults ?? []) {
      const file = relative(root, suite.name);
      const tests = suite.assertionResults ?? [];
      if (suite.status === 'failed' && tests.length === 0) {
        failed += 1;
        failures.push(`${file}: did not load: ${firstLine([suite.message])}`);
      }
      for (const test of tests.filter((t) => t.status === 'failed')) {
        failures.push(`${file} > ${test.fullName}: ${firstLine(test.failureMessages)}`);
      }
    }
  }
}

for (const pkg of missing) console.error(`no test report from ${pkg}: counted as one failure`);
failed += missing.length;
if (failures.length > 0) {
  console.log('failed:');
  for (const failure of failures) console.log(`  ${failure}`);
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
