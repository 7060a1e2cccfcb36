// dist/main.bundle.js: starts the server bundle (dist/server.bundle.cjs, scripts/bundle.mjs) with
// the code V8 compiled for it at an earlier start of the same build, Node and flags. Node 20
// keeps no such cache by itself (22's module.enableCompileCache does). Compiling the 5 MB script
// took ≈ 180 ms of a start, reading V8's code back ≈ 100 (docs/performance-log.md, "A script V8 has
// compiled before"). With no cache, or one V8 refuses, the script is compiled from source and
// leaves one for the next start.
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';

const here = dirname(fileURLToPath(import.meta.url));
const bundle = join(here, 'server.bundle.cjs');
const cacheDir = join(here, 'v8-cache');
// V8 checks a cache against its own version and flags but only the script's length: the name
// says which build it is of, so a rebuilt script never runs another build's code, and which
// flags, given on the command line or in NODE_OPTIONS (the tests' servers and `pnpm start` run
// with different ones, each with its own cache).
const { size, mtimeMs } = statSync(bundle);
const digest = (value) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
const build = digest([process.version, process.arch, size, mtimeMs]).slice(0, 16);
const flags = digest([process.execArgv, process.env.NODE_OPTIONS ?? '']).slice(0, 8);
const cacheFile = join(cacheDir, `${build}-${flags}.bin`);

let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  cachedData = undefined;
}
// The bundle as Node's CommonJS loader would run it, with the same five names in scope.
const source = readFileSync(bundle, 'utf8');
const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
const script = new Script(wrapped, {
  filename: bundle,
  cachedData,
});
const module = { exports: {} };
script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, here);

if (cachedData === undefined || script.cachedDataRejected) {
  // Best effort: a start never fails for want of a cache (a read-only image, a race with
  // another start writing the same file).
  try {
    mkdirSync(cacheDir, { recursive: true });
    const partial = `${cacheFile}.${process.pid}`;
    writeFileSync(partial, script.createCachedData());
    renameSync(partial, cacheFile);
    // Other builds' caches will never be read again.
    for (const name of readdirSync(cacheDir)) {
      if (!name.startsWith(build)) rmSync(join(cacheDir, name), { force: true });
    }
  } catch {
    // the next start compiles from source again
  }
}
