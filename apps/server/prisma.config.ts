import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'prisma/config';

// The CLI fetches its native schema engine before every command, and that download is not
// reachable here. `prisma generate` never runs the engine, so any existing file satisfies the
// check. Migrations are applied by src/db/migrate.ts, never by `prisma migrate`.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export default defineConfig({
  schema: path.join(root, 'prisma/schema.prisma'),
  migrations: { path: path.join(root, 'prisma/migrations') },
  datasource: { url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/banco' },
});
