#!/usr/bin/env node
// CI reads one plain line, "N passed, N failed", summed over every workspace package's vitest JSON
// reports, the browser end-to-end suite's included (vitest's own summary is per package).
import { testedPackages } from './workspace-reports.mjs';

let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];

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
      if (suite.status === 'failed' && (suite.assertionResults ?? []).length === 0) failed += 1;
    }
  }
}

for (const pkg of missing) console.error(`no test report from ${pkg}: counted as one failure`);
failed += missing.length;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
