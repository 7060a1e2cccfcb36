import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.js';

export { Prisma, PrismaClient } from '../generated/prisma/client.js';
export type {
  Account,
  AccountKind,
  Bet,
  BetStatus,
  Player,
  Round,
  RoundStatus,
  SeatEvent,
  SeatEventKind,
  Shoe,
  Table,
  Transfer,
  TransferKind,
} from '../generated/prisma/client.js';

/**
 * Connections to Postgres, shared by Prisma and the ledger's hot path. Postgres runs beside the
 * server on a few cores: more connections than this only queue inside Postgres instead of here,
 * while each commit still waits for its WAL flush (which concurrent commits share).
 */
const POOL_SIZE = 16;

const pools = new WeakMap<PrismaClient, pg.Pool>();

/**
 * Prisma 7 talks to Postgres through a driver adapter (node-postgres here); the connection
 * string is given at runtime, never baked into the schema. The adapter is given the pool, so the
 * hot path (poolOf) runs its own prepared statements on the same connections, and $disconnect
 * closes them all.
 */
export function createPrisma(
  connectionString: string,
  options: { lockTimeoutMs?: number } = {},
): PrismaClient {
  const { lockTimeoutMs } = options;
  // Prisma's transaction timeout does not stop a statement waiting in Postgres; these do
  // (T9.7: a settlement stuck on a row lock must not hold a shutdown). Postgres' own timeouts
  // cannot help when Postgres is out of reach: a partition drops packets without a reset, and
  // a connect or a query would wait for TCP for many minutes. The client's own limits end them
  // (T13.15), the query's only after Postgres' statement timeout would have.
  const timeouts = lockTimeoutMs
    ? {
        lock_timeout: lockTimeoutMs,
        statement_timeout: 2 * lockTimeoutMs,
        idle_in_transaction_session_timeout: 4 * lockTimeoutMs,
        query_timeout: 3 * lockTimeoutMs,
        connectionTimeoutMillis: lockTimeoutMs,
      }
    : {};
  const pool = new pg.Pool({ connectionString, max: POOL_SIZE, ...timeouts });
  const prisma = new PrismaClient({
    adapter: new PrismaPg(pool, { disposeExternalPool: true }),
  });
  pools.set(prisma, pool);
  return prisma;
}

/** The pool under a client made by createPrisma: the ledger's hot path queries it directly. */
export function poolOf(prisma: PrismaClient): pg.Pool {
  const pool = pools.get(prisma);
  if (!pool) throw new TypeError('poolOf: this PrismaClient was not made by createPrisma');
  return pool;
}
