#!/usr/bin/env node
// `prisma generate` only when the generated client is missing or older than the schema. Test and
// typecheck tasks run side by side in CI, and a regeneration rewrites files that a running test
// imports; the build still always generates.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const schema = here('../../../prisma/schema.prisma');
const client = here('../src/generated/prisma/client.ts');

const current = existsSync(client) && statSync(client).mtimeMs >= statSync(schema).mtimeMs;
if (!current) {
  const { status } = spawnSync('prisma', ['generate'], { stdio: 'inherit', shell: false });
  process.exit(status ?? 1);
}
