#!/usr/bin/env node
// `pnpm typecheck`'s compiler: TypeScript 7, the native port of the same checker (same
// tsconfig, same errors on this code), at a third to a tenth of TypeScript 5's CPU here. The JS
// compiler (5.9) stays for what needs its API: typescript-eslint's type-aware rules, Next, tsx.
// The package is installed under an alias, so its `tsc` bin is never confused with 5.9's.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const bin = join(dirname(require.resolve('typescript7/package.json')), 'bin', 'tsc');
const { status, signal } = spawnSync(process.execPath, [bin, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(status ?? (signal ? 1 : 0));
