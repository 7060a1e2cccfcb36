import { PrismaPg } from '@prisma/adapter-pg';
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
 * Prisma 7 talks to Postgres through a driver adapter (node-postgres here); the connection
 * string is given at runtime, never baked into the schema.
 */
export function createPrisma(
  connectionString: string,
  options: { lockTimeoutMs?: number } = {},
): PrismaClient {
  const { lockTimeoutMs } = options;
  // Prisma's transaction timeout does not stop a statement waiting in Postgres; these do
  // (T9.7: a settlement stuck on a row lock must not hold a shutdown).
  const timeouts = lockTimeoutMs
    ? {
        lock_timeout: lockTimeoutMs,
        statement_timeout: 2 * lockTimeoutMs,
        idle_in_transaction_session_timeout: 4 * lockTimeoutMs,
      }
    : {};
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, ...timeouts }) });
}
