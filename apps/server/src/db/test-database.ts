import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrate, type MigrateOptions } from './migrate.js';

const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The migrated database a test run made once (src/testing/template-database.setup.ts), named
 * here for every test file of the run: each file's database is a copy of it, not migrated anew.
 */
export const TEMPLATE_ENV = 'BANCO_TEST_TEMPLATE_DB';

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

function adminUrlOf(admin: string | undefined): string {
  return admin ?? process.env.TEST_DATABASE_ADMIN_URL ?? DEFAULT_ADMIN_URL;
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const RETRIES = 5;

/**
 * CREATE DATABASE … TEMPLATE: Postgres refuses a copy while anyone else is connected to the
 * template ("being accessed by other users"), which a concurrent copy's bookkeeping can be for a
 * moment, so a refusal of that kind is tried again after a short wait; any other error is not.
 */
async function copyTemplate(client: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
      return;
    } catch (error) {
      const busy = (error as { code?: string }).code === '55006';
      if (!busy || attempt === RETRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
    }
  }
}

/**
 * A private, migrated database per test file, so test files can run in parallel against one
 * Postgres server without seeing each other's rows. Within a test run it is a copy of the run's
 * migrated template (TEMPLATE_ENV); with other migrations, or outside a run, it is migrated here.
 */
export async function createTestDatabase(
  options: MigrateOptions & { prefix?: string; adminUrl?: string } = {},
): Promise<TestDatabase & { name: string }> {
  const { prefix = 'banco_test', adminUrl: admin, ...migrateOptions } = options;
  const adminUrl = adminUrlOf(admin);
  const name = `${prefix}_${process.pid}_${randomBytes(6).toString('hex')}`;
  const template = migrateOptions.migrationsDir ? undefined : process.env[TEMPLATE_ENV];
  await withAdmin(adminUrl, async (c) => {
    if (template) await copyTemplate(c, name, template);
    else await c.query(`CREATE DATABASE "${name}"`);
  });
  const dbUrl = databaseUrl(adminUrl, name);

  const drop = async (): Promise<void> => {
    await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  };

  if (template) return { url: dbUrl, name, drop };
  try {
    await migrate(dbUrl, migrateOptions);
  } catch (err) {
    await drop().catch(() => undefined);
    throw err;
  }
  return { url: dbUrl, name, drop };
}

/**
 * The run's template: a database migrated once, that nobody connects to afterwards (a
 * connection would block every copy). Returns the name and how to drop it at the run's end.
 */
export async function createTemplateDatabase(
  adminUrl = adminUrlOf(undefined),
): Promise<{ name: string; drop(): Promise<void> }> {
  const made = await createTestDatabase({ prefix: 'banco_template', adminUrl });
  return { name: made.name, drop: made.drop };
}
