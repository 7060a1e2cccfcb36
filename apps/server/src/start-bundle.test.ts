import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config.js';

const run = promisify(execFile);

/**
 * scripts/start-bundle.mjs, which the build copies to dist/main.bundle.js: it runs
 * server.bundle.cjs beside it as Node's CommonJS loader would, and keeps V8's code for the next
 * start. Here it runs a small script of our own in place of the server.
 */
describe('the start file (scripts/start-bundle.mjs)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'banco-start-'));
  const start = join(dir, 'main.bundle.js');
  const script = join(dir, 'server.bundle.cjs');
  const cacheDir = join(dir, 'v8-cache');
  copyFileSync(join(REPO_ROOT, 'apps/server/scripts/start-bundle.mjs'), start);
  // An ES module file, as dist/ is inside a "type": "module" package.
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const says = (word: string) =>
    `const path = require('node:path');
console.log(JSON.stringify({ word: '${word}', file: path.basename(__filename),
  dir: __dirname, required: typeof require('node:os').cpus, exported: module.exports === exports }));`;
  const startOnce = async (flags: string[] = [], env: Record<string, string> = {}) =>
    JSON.parse(
      (
        await run(process.execPath, [...flags, start], {
          cwd: dir,
          env: { ...process.env, ...env },
        })
      ).stdout,
    ) as {
      word: string;
      file: string;
      dir: string;
      required: string;
      exported: boolean;
    };
  const caches = () => readdirSync(cacheDir).filter((name) => name.endsWith('.bin'));

  it('runs the script with CommonJS names, and leaves a cache the next start reads', async () => {
    writeFileSync(script, says('first'));
    expect(await startOnce()).toEqual({
      word: 'first',
      file: 'server.bundle.cjs',
      dir,
      required: 'function',
      exported: true,
    });
    expect(caches()).toHaveLength(1);
    const written = statSync(join(cacheDir, caches()[0]!)).mtimeMs;

    // A cache V8 took is not written again.
    expect((await startOnce()).word).toBe('first');
    expect(caches()).toHaveLength(1);
    expect(statSync(join(cacheDir, caches()[0]!)).mtimeMs).toBe(written);
  });

  it('never runs another build’s code: a rebuilt script of the same length gets its own cache', async () => {
    const before = caches();
    // Same length as 'first', so V8's own check (the source's length) would take the old cache.
    writeFileSync(script, says('again'));
    expect((await startOnce()).word).toBe('again');
    expect(caches()).toHaveLength(1);
    expect(caches()).not.toEqual(before);
  });

  it('keeps one cache for each set of flags, on the command line or in NODE_OPTIONS', async () => {
    expect((await startOnce()).word).toBe('again');
    expect(caches()).toHaveLength(1);
    expect((await startOnce(['--single-threaded'])).word).toBe('again');
    expect(caches()).toHaveLength(2);
    expect((await startOnce([], { NODE_OPTIONS: '--max-semi-space-size=64' })).word).toBe('again');
    expect(caches()).toHaveLength(3);
    // Each is read again by a start with its own flags, not written over.
    const written = caches().map((name) => statSync(join(cacheDir, name)).mtimeMs);
    await startOnce(['--single-threaded']);
    await startOnce([], { NODE_OPTIONS: '--max-semi-space-size=64' });
    expect(caches().map((name) => statSync(join(cacheDir, name)).mtimeMs)).toEqual(written);
  });

  it('still starts where the cache cannot be written', async () => {
    rmSync(cacheDir, { recursive: true, force: true });
    // A file where the cache folder would go: mkdir fails, the start goes on.
    writeFileSync(cacheDir, '');
    writeFileSync(script, says('plain'));
    expect((await startOnce()).word).toBe('plain');
    rmSync(cacheDir);
  });
});
