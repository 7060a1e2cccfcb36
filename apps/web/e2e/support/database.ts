import { randomBytes } from 'node:crypto';
import pg from 'pg';

const ADMIN_URL =
  process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface Database {
  url: string;
  /** A wallet's balance in minor units, as the ledger holds it. */
  walletBalance(playerId: string): Promise<number>;
  /** The sum of every account: the chips the house, escrow, wallets and refills hold (T8.3). */
  totalOfAllAccounts(): Promise<number>;
  /** Any rows, for a test that reads the ledger its own way (room chips, transfers). */
  rows<T extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** The node holding a table's lease (T13.1), null when nobody does. */
  tableOwner(tableId: string): Promise<string | null>;
  drop(): Promise<void>;
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** An empty database of its own; the server migrates it as it starts (as `pnpm start` does). */
export async function createDatabase(): Promise<Database> {
  const name = `banco_e2e_${process.pid}_${randomBytes(5).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // An idle connection ended by Postgres (drop's `WITH (FORCE)` racing the pool's own goodbye)
  // is emitted on the pool, and unheard it is an uncaught error that fails the whole file. A
  // query's own failure still rejects that query.
  pool.on('error', () => undefined);

  const one = async (sql: string, params: unknown[]) => {
    const { rows } = await pool.query<{ value: string | null }>(sql, params);
    return Number(rows[0]?.value ?? Number.NaN);
  };
  return {
    url: url.toString(),
    walletBalance: (playerId) =>
      one(`SELECT balance::text AS value FROM accounts WHERE id = $1`, [`wallet:${playerId}`]),
    totalOfAllAccounts: () =>
      one(`SELECT COALESCE(SUM(balance), 0)::text AS value FROM accounts`, []),
    async rows<T extends Record<string, unknown>>(sql: string, params: unknown[] = []) {
      return (await pool.query<T>(sql, params)).rows;
    },
    async tableOwner(tableId) {
      const { rows } = await pool.query<{ owner: string | null }>(
        `SELECT owner FROM table_leases WHERE table_id = $1`,
        [tableId],
      );
      return rows[0]?.owner ?? null;
    },
    async drop() {
      await pool.end();
      await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
