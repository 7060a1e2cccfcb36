#!/usr/bin/env node
// CI reads one plain line, "N passed, N failed", summed over every workspace package's vitest JSON
// reports, the browser end-to-end suite's included (vitest's own summary is per package).
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];

/** The workspace's package folders, from pnpm-workspace.yaml (`dir/*` or a folder itself). */
function workspacePackages() {
  const yaml = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const list = yaml.split(/^packages:\s*$/m)[1]?.split(/^\S/m)[0] ?? '';
  const patterns = [...list.matchAll(/^\s+-\s+['"]?([^'"\s]+)['"]?\s*$/gm)].map((m) => m[1]);
  return patterns.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const dir = join(root, pattern.slice(0, -2));
    return existsSync(dir) ? readdirSync(dir).map((name) => `${pattern.slice(0, -2)}/${name}`) : [];
  });
}

for (const name of workspacePackages()) {
  const pkg = join(root, name);
  const manifest = join(pkg, 'package.json');
  if (!existsSync(manifest)) continue;
  const { scripts = {} } = JSON.parse(readFileSync(manifest, 'utf8'));
  if (!scripts.test) continue;
  const reportsDir = join(pkg, 'reports');
  const reports = existsSync(reportsDir)
    ? readdirSync(reportsDir).filter((f) => f.endsWith('.json'))
    : [];
  if (reports.length === 0) {
    // A package that should have tested but left no report crashed before reporting.
    missing.push(name);
    continue;
  }
  for (const file of reports) {
    const report = JSON.parse(readFileSync(join(reportsDir, file), 'utf8'));
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
