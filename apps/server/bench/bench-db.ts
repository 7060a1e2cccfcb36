import { readFileSync } from 'node:fs';
import pg from 'pg';
import { createLedger } from '../src/db/ledger.js';
import { migrate } from '../src/db/migrate.js';
import { createPrisma, poolOf } from '../src/db/prisma.js';

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

/**
 * A ledger on a fresh database through ONE connection, and that connection's backend CPU so far
 * (ms, from /proc/<pid>/schedstat's on-CPU nanoseconds: an operation costs the backend about a
 * millisecond, below /proc/<pid>/stat's 10 ms ticks), so Postgres must run on this machine.
 */
export async function oneConnectionLedger() {
  const { url, drop } = await benchDatabase();
  const prisma = createPrisma(url);
  const ledger = createLedger(prisma);
  const pool = poolOf(prisma);
  pool.options.max = 1;
  const backend = Number((await pool.query('SELECT pg_backend_pid() AS pid')).rows[0].pid);
  const backendCpuMs = () =>
    Number(readFileSync(`/proc/${backend}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  const close = async () => {
    await prisma.$disconnect();
    await drop();
  };
  return { prisma, ledger, pool, backendCpuMs, close };
}

/** The round the ledger benches settle: its cards and result (only stored, never replayed). */
export const SETTLED_ROUND = {
  cards: ['Ah', '9c', '2d', 'Ks'],
  outcome: 'player' as const,
  playerTotal: 9,
  bankerTotal: 2,
  trace: [],
};
