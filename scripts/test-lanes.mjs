#!/usr/bin/env node
// `pnpm test`'s two lanes, side by side on two cores, each one task after another in the order
// given: the browser suite (the longest task) starts at once in one lane while the other takes
// the server's two suites and the rules'; the other small packages follow the browser suite,
// so both lanes end at about the same time. turbo's own queue (one list, two at a time)
// started the browser suite only once every other task had begun, so a run took its time on
// top of nearly all the rest.
// The builds are done before this runs; `--only` keeps a lane from replaying them beside the
// other lane's tests. Every task runs even when one fails; the exit code says if any did.
import { spawn } from 'node:child_process';
import { testedPackages } from './workspace-reports.mjs';

const LANES = [
  [
    ['@banco/web-e2e', 'test'],
    ['@banco/web', 'test'],
    ['@banco/cli', 'test'],
    ['@banco/protocol', 'test'],
  ],
  [
    ['@banco/server', 'test:procs'],
    ['@banco/server', 'test'],
    ['@banco/rules', 'test'],
  ],
];

// A package whose tests no lane names would never run: say so instead of passing without it.
const laned = new Set(LANES.flat().map(([pkg]) => pkg));
const unlaned = testedPackages()
  .map(({ name }) => name)
  .filter((name) => !laned.has(name));
if (unlaned.length > 0) {
  console.error(`scripts/test-lanes.mjs: no lane runs the tests of ${unlaned.join(', ')}`);
  process.exit(1);
}

function run([pkg, task]) {
  return new Promise((resolve) => {
    const child = spawn('pnpm', ['exec', 'turbo', 'run', task, `--filter=${pkg}`, '--only'], {
      stdio: 'inherit',
    });
    child.on('exit', (code, signal) => {
      if (code !== 0) console.error(`${pkg}#${task} failed (${signal ?? `exit ${code}`})`);
      resolve(code === 0);
    });
  });
}

async function lane(steps) {
  let ok = true;
  for (const step of steps) ok = (await run(step)) && ok;
  return ok;
}

const results = await Promise.all(LANES.map(lane));
process.exit(results.every(Boolean) ? 0 : 1);
