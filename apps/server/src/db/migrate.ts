import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * The same advisory lock key `prisma migrate` takes, so this runner and the Prisma CLI (where it
 * can run) never apply migrations to one database at the same time.
 */
const PRISMA_MIGRATE_LOCK = 72707369;

/** Prisma's own bookkeeping table, column for column, so `prisma migrate status` reads ours. */
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrateOptions {
  /** Defaults to the repository's prisma/migrations (found from this file's location). */
  migrationsDir?: string;
}

export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

interface LocalMigration {
  name: string;
  sql: string;
  checksum: string;
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

/**
 * Walks up from this file to the repository's prisma/migrations: the same code runs from
 * apps/server/src/db (tsx, vitest) and from apps/server/dist/db (node), both four levels below
 * the repository root.
 */
export function defaultMigrationsDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'prisma', 'migrations');
    if (existsSync(path.join(candidate, 'migration_lock.toml'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new MigrationError(
    `prisma/migrations not found above ${fileURLToPath(import.meta.url)} (looked for migration_lock.toml)`,
  );
}

export function checksumOf(sql: string): string {
  return createHash('sha256').update(sql, 'utf8').digest('hex');
}

async function readMigrations(dir: string): Promise<LocalMigration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const migrations: LocalMigration[] = [];
  for (const name of names) {
    const file = path.join(dir, name, 'migration.sql');
    if (!existsSync(file)) continue;
    const sql = await readFile(file, 'utf8');
    migrations.push({ name, sql, checksum: checksumOf(sql) });
  }
  return migrations;
}

/**
 * Applies the pending SQL migrations in name order, each in its own transaction together with
 * its `_prisma_migrations` row, so a failure leaves neither half behind.
 */
export async function migrate(
  connectionString: string,
  options: MigrateOptions = {},
): Promise<{ applied: string[] }> {
  const dir = options.migrationsDir ?? defaultMigrationsDir();
  const local = await readMigrations(dir);
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    // Session-level lock: held across the per-migration transactions below.
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_MIGRATE_LOCK]);
    try {
      await client.query(CREATE_MIGRATIONS_TABLE);
      const { rows } = await client.query<AppliedRow>(
        `SELECT migration_name, checksum, finished_at, rolled_back_at
           FROM "_prisma_migrations" ORDER BY started_at`,
      );
      const done = new Map<string, AppliedRow>();
      for (const row of rows) {
        if (row.rolled_back_at !== null) continue;
        if (row.finished_at === null) {
          throw new MigrationError(
            `migration ${row.migration_name} started but never finished in this database; ` +
              'resolve it by hand before migrating again',
          );
        }
        done.set(row.migration_name, row);
      }

      const pending: LocalMigration[] = [];
      for (const migration of local) {
        const row = done.get(migration.name);
        if (!row) {
          pending.push(migration);
        } else if (row.checksum !== migration.checksum) {
          throw new MigrationError(
            `migration ${migration.name} was modified after it was applied ` +
              `(database checksum ${row.checksum}, file checksum ${migration.checksum}); ` +
              'never edit an applied migration: add a new one',
          );
        }
      }

      const applied: string[] = [];
      for (const migration of pending) {
        await client.query('BEGIN');
        try {
          const id = randomUUID();
          await client.query(
            `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
             VALUES ($1, $2, $3, now(), 0)`,
            [id, migration.checksum, migration.name],
          );
          // No parameters: node-postgres then uses the simple protocol, which runs a
          // multi-statement script.
          await client.query(migration.sql);
          await client.query(
            `UPDATE "_prisma_migrations"
                SET finished_at = clock_timestamp(), applied_steps_count = 1
              WHERE id = $1`,
            [id],
          );
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          const reason = err instanceof Error ? err.message : String(err);
          throw new MigrationError(`migration ${migration.name} failed: ${reason}`, { cause: err });
        }
        applied.push(migration.name);
      }
      return { applied };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_MIGRATE_LOCK]).catch(() => {
        // The session ends just below, which releases the lock anyway.
      });
    }
  } finally {
    await client.end();
  }
}
