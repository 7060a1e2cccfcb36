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
export function createPrisma(connectionString: string): PrismaClient {
  return new PrismaClient({ adapter: new PrismaPg({ connectionString }) });
}
