#!/usr/bin/env node
// `pnpm test`'s tasks on two cores: two runners take them from one queue, in its order, each the
// next one as soon as it is free. The browser suite (the longest task) starts at once on one and
// the process suite on the other; whichever ends first takes what is left. Two fixed lanes left a
// core idle for a minute on a slow machine, while the browser suite ran on alone and the small
// packages waited behind it; turbo's own queue started the browser suite only once every other
// task had begun, so a run took its time on top of nearly all the rest.
// The builds are done before this runs; `--only` keeps a task from replaying them beside the
// other runner's tests. Every task runs even when one fails; the exit code says if any did.
import { spawn } from 'node:child_process';
import { testedPackages } from './workspace-reports.mjs';

const QUEUE = [
  ['@banco/web-e2e', 'test'],
  ['@banco/server', 'test:procs'],
  ['@banco/server', 'test'],
  ['@banco/rules', 'test'],
  ['@banco/web', 'test'],
  ['@banco/cli', 'test'],
  ['@banco/protocol', 'test'],
];
const RUNNERS = 2;

// A package whose tests the queue does not name would never run: say so instead of passing.
const queued = new Set(QUEUE.map(([pkg]) => pkg));
const unqueued = testedPackages()
  .map(({ name }) => name)
  .filter((name) => !queued.has(name));
if (unqueued.length > 0) {
  console.error(`scripts/test-lanes.mjs: no task runs the tests of ${unqueued.join(', ')}`);
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

let next = 0;
async function runner() {
  let ok = true;
  while (next < QUEUE.length) ok = (await run(QUEUE[next++])) && ok;
  return ok;
}

const results = await Promise.all(Array.from({ length: RUNNERS }, runner));
process.exit(results.every(Boolean) ? 0 : 1);
