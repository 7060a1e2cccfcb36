import pg from 'pg';
import { migrate } from '../src/db/migrate.js';

/** A fresh, migrated database for one bench run (banco_hot_<pid>), beside an admin connection. */
export async function benchDatabase(): Promise<{
  name: string;
  url: string;
  admin: (sql: string) => Promise<pg.QueryResult>;
  drop: () => Promise<void>;
}> {
  const adminUrl =
    process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `banco_hot_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // BENCH_MIGRATIONS_DIR: another set of migrations (a before-and-after on the same machine).
  await migrate(url.toString(), { migrationsDir: process.env.BENCH_MIGRATIONS_DIR || undefined });
  return {
    name,
    url: url.toString(),
    admin,
    drop: async () => void (await admin(`DROP DATABASE "${name}" WITH (FORCE)`)),
  };
}
