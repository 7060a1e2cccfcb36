/**
 * Shared by the HTTP and socket tests: a real, migrated Postgres database per test file with
 * the real ledger on it, and a real (empty) table registry.
 */
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../config.js';
import { createLedger, type Ledger } from '../db/ledger.js';
import { createLogins, type Logins } from '../db/logins.js';
import { createSessions, type Sessions } from '../db/sessions.js';
import { createPrisma, type PrismaClient } from '../db/prisma.js';
import { RoomStore } from '../db/rooms.js';
import { createTestDatabase, type TestDatabase } from '../db/test-database.js';
import { createMetrics } from '../metrics.js';
import { Rooms } from '../rooms/rooms.js';
import type { TableRegistry } from '../table/runtime/table-port.js';
import type { HttpAppDeps } from './app-deps.js';
import { buildHttpApp } from './app.js';
import type { GuestStore } from './stores.js';

export interface RealLedger {
  db: TestDatabase;
  prisma: PrismaClient;
  ledger: Ledger;
  sessions: Sessions;
  logins: Logins;
  /** What main's /health uses: one round trip to Postgres. */
  checkDb: () => Promise<boolean>;
  close(): Promise<void>;
}

export async function pingDb(prisma: PrismaClient): Promise<boolean> {
  try {
    await prisma.$queryRaw`SELECT 1`;
    return true;
  } catch {
    return false;
  }
}

export async function realLedger(): Promise<RealLedger> {
  const db = await createTestDatabase();
  const prisma = createPrisma(db.url);
  return {
    db,
    prisma,
    ledger: createLedger(prisma),
    sessions: createSessions(prisma),
    logins: createLogins(prisma),
    checkDb: () => pingDb(prisma),
    async close() {
      await prisma.$disconnect();
      await db.drop();
    },
  };
}

/** The real stores on a test database, as createBancoServer and buildHttpApp take them. */
export function storeDeps(store: RealLedger) {
  return {
    guests: store.ledger,
    sessions: store.sessions,
    logins: store.logins,
    history: store.ledger,
  };
}

/** buildHttpApp's deps on the real stores, with no sockets, no live tables and no log. */
export function httpTestDeps(store: RealLedger, config: Config = testConfig()): HttpAppDeps {
  return {
    config,
    ...storeDeps(store),
    sockets: () => undefined,
    tables: () => emptyRegistry(),
    metrics: createMetrics(),
    checkDb: store.checkDb,
    logger: false,
  };
}

/**
 * The HTTP app with its room routes (they exist only where rooms run), over the real stores;
 * no route reaches a live table.
 */
export function httpAppWithRooms(store: RealLedger): FastifyInstance {
  return buildHttpApp({
    ...httpTestDeps(store),
    rooms: new Rooms({
      store: new RoomStore(store.prisma),
      tables: () => undefined,
      playerName: async () => null,
      pace: 'fast',
      roomsPerHost: 3,
      maxOpenRooms: 10,
    }),
  });
}

/** A new guest's token, made through the app from the given client address. */
export async function guestToken(app: FastifyInstance, remoteAddress: string): Promise<string> {
  const guest = await app.inject({
    method: 'POST',
    url: '/api/guests',
    payload: { name: 'Fuzz' },
    remoteAddress,
  });
  return (guest.json() as { token: string }).token;
}

/** A Postgres URL where nothing listens: every query fails for real. */
export const UNREACHABLE_DB_URL = 'postgres://postgres@127.0.0.1:1/nowhere';

/** A live-table registry with no tables in it. */
export function emptyRegistry(): TableRegistry {
  return {
    get: () => undefined,
    list: () => [],
    listPublic: () => [],
    shutdown: async () => undefined,
    close: async () => undefined,
  };
}

/** The real store, with a count of the calls that reached it. */
export function countCalls(store: GuestStore): GuestStore & { calls: { createGuest: number } } {
  const calls = { createGuest: 0 };
  return {
    calls,
    createGuest: (name) => {
      calls.createGuest += 1;
      return store.createGuest(name);
    },
    balanceOf: (playerId) => store.balanceOf(playerId),
  };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ PORT: '0', LOG_LEVEL: 'silent', ...env });
}
