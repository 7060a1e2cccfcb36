#!/usr/bin/env node
// Where CI's minutes go: the time of each phase .ci/run recorded (`name<TAB>seconds` lines in the
// file named by the first argument), each package's test run, and the slowest test files, all
// from what vitest's JSON reports already hold.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { root, testedPackages } from './workspace-reports.mjs';

const SLOWEST = 15;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const pad = (text, width) => String(text).padEnd(width);

const phasesFile = process.argv[2];
if (phasesFile && existsSync(phasesFile)) {
  console.log('phases (wall clock)');
  for (const line of readFileSync(phasesFile, 'utf8').split('\n').filter(Boolean)) {
    const [name, secs] = line.split('\t');
    console.log(`  ${pad(name, 34)} ${Number(secs).toFixed(1).padStart(7)} s`);
  }
}

const files = [];
console.log('tests by package (wall clock from first file start to last file end; files; tests)');
for (const { name, reports } of testedPackages()) {
  for (const { file, report } of reports) {
    const results = report.testResults ?? [];
    if (results.length === 0) continue;
    const start = Math.min(...results.map((r) => r.startTime));
    const end = Math.max(...results.map((r) => r.endTime));
    const label = reports.length > 1 ? `${name} (${file})` : name;
    console.log(
      `  ${pad(label, 34)} ${seconds(end - start).padStart(9)}  ${String(results.length).padStart(4)} files  ${String(report.numTotalTests ?? 0).padStart(5)} tests`,
    );
    for (const r of results)
      files.push({ path: relative(root, r.name), ms: r.endTime - r.startTime });
  }
}

console.log(`the ${SLOWEST} slowest test files`);
for (const { path, ms } of files.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST)) {
  console.log(`  ${seconds(ms).padStart(9)}  ${path}`);
}
