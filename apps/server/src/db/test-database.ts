import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate, type MigrateOptions } from './migrate.js';

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  /** Connection string of the fresh, migrated database. */
  url: string;
  /** Drops the database, closing any connections still open on it. */
  drop(): Promise<void>;
}

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A private, migrated database per test file, so test files can run in parallel against one
 * Postgres server without seeing each other's rows.
 */
export async function createTestDatabase(
  options: MigrateOptions & { prefix?: string; adminUrl?: string } = {},
): Promise<TestDatabase & { name: string }> {
  const { prefix = 'banco_test', adminUrl: admin, ...migrateOptions } = options;
  const adminUrl = admin ?? process.env.TEST_DATABASE_ADMIN_URL ?? DEFAULT_ADMIN_URL;
  const name = `${prefix}_${process.pid}_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE "${name}"`));

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dbUrl = url.toString();

  const drop = async (): Promise<void> => {
    await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  };

  try {
    await migrate(dbUrl, migrateOptions);
  } catch (err) {
    await drop().catch(() => undefined);
    throw err;
  }
  return { url: dbUrl, name, drop };
}
