import { hostname } from 'node:os';
import { createShoe, type CardCode } from '@banco/rules';
import { createAdapter } from '@socket.io/redis-adapter';
import { Cluster } from './cluster/cluster.js';
import { claimableTables, clusterTables } from './cluster/cluster-tables.js';
import { TableLeases } from './cluster/leases.js';
import type { Config } from './config.js';
import { createLedger, type Ledger } from './db/ledger.js';
import { createLogins } from './db/logins.js';
import { createSessions, type Sessions } from './db/sessions.js';
import { createPrisma, poolOf, type PrismaClient } from './db/prisma.js';
import { createBancoServer, type BancoServerHandle } from './server.js';
import { createMetrics } from './metrics.js';
import type { TableObserver } from './table/runtime/actor.js';
import { RoomStore } from './db/rooms.js';
import { Rooms } from './rooms/rooms.js';
import type { LiveTables, TableDefinition } from './cluster/registry.js';
import { startTables } from './cluster/start-tables.js';
import { MAIN_TABLE_SETTINGS, TIMINGS, tableSettings } from './table/core/settings.js';

/**
 * The seeded public table (T1.1): 8 decks, standard rules, 10–500, 14 seats. A scripted shoe
 * (tests only, config TEST_SCRIPTED_SHOE) must be one createShoe accepts with these settings.
 */
export function mainTable(
  timings: keyof typeof TIMINGS,
  scriptedShoe?: readonly CardCode[],
): TableDefinition {
  return publicTables(1, timings, scriptedShoe)[0]!;
}

/**
 * T10.7: the operator's public tables (PUBLIC_TABLES), all like the main table: `main`
 * ("Main table"), then `main-2` ("Main table 2") and on.
 */
export function publicTables(
  count: number,
  timings: keyof typeof TIMINGS,
  scriptedShoe?: readonly CardCode[],
): TableDefinition[] {
  const settings = tableSettings({ ...MAIN_TABLE_SETTINGS, ...TIMINGS[timings] });
  if (scriptedShoe) {
    const checked = createShoe(scriptedShoe, { cut: settings.cut, lastHand: settings.lastHand });
    if (!checked.ok) throw new Error(`TEST_SCRIPTED_SHOE: ${checked.error.message}`);
  }
  return Array.from({ length: count }, (_, i) => ({
    id: i === 0 ? 'main' : `main-${i + 1}`,
    name: i === 0 ? 'Main table' : `Main table ${i + 1}`,
    isPublic: true,
    hostPlayerId: null,
    settings,
    ...(scriptedShoe ? { scriptedShoe } : {}),
  }));
}

export interface Banco extends BancoServerHandle {
  readonly prisma: PrismaClient;
  readonly ledger: Ledger;
  readonly sessions: Sessions;
  readonly rooms: Rooms;
}

/**
 * Everything one server process runs, on an already migrated database: HTTP, sockets, and an
 * actor per table.
 */
export async function startBanco(options: {
  config: Config;
  databaseUrl: string;
  tables?: readonly TableDefinition[];
  logger?: boolean | object;
}): Promise<Banco> {
  const { config } = options;
  const prisma = createPrisma(options.databaseUrl, { lockTimeoutMs: config.dbLockTimeoutMs });
  const ledger = createLedger(prisma, config.guestTokenTtlMs);
  const sessions = createSessions(prisma, {
    guestMs: config.guestTokenTtlMs,
    loginMs: config.sessionTtlMs,
  });
  const metrics = createMetrics();
  const leases = new TableLeases({
    pool: poolOf(prisma),
    nodeId: config.nodeId ?? `${hostname()}:${config.port}:${process.pid}`,
    leaseMs: config.leaseMs,
  });
  // T12: with REDIS_URL this process is one node of several; without it, the only one.
  const cluster = config.redisUrl
    ? new Cluster({
        redisUrl: config.redisUrl,
        nodeId: leases.nodeId,
        leases,
        beatMs: Math.min(1_000, Math.floor(config.leaseMs / 3)),
      })
    : undefined;
  await cluster?.connect();
  const adapterClients = cluster?.bus.adapterClients();
  let tables: LiveTables | undefined;
  const rooms = new Rooms({
    store: new RoomStore(prisma),
    tables: () => tables,
    playerName: async (playerId) => (await ledger.playerInfo(playerId))?.name ?? null,
    pace: config.tableTimings,
    roomsPerHost: config.roomsPerHost,
    maxOpenRooms: config.maxOpenRooms,
    // Browser tests script the shoe of the room they open, as they do the public table's.
    ...(config.scriptedShoe ? { scriptedShoe: config.scriptedShoe } : {}),
  });
  // T10.6: a private room's id is its key, so metrics count every room under one label.
  const label = (tableId: string) =>
    tables?.definition(tableId)?.isPublic === false ? 'private-room' : tableId;
  // T9.12: the tables whose latest save failed; a room that closes is no table any more.
  const notSaving = new Set<string>();
  const notSaved = (table: string, failing: boolean) => {
    if (failing) notSaving.add(table);
    else notSaving.delete(table);
    metrics.tablesNotSaving.set(notSaving.size);
  };
  const observer: TableObserver = {
    roundSettled: (table, seconds) => {
      metrics.rounds.inc({ table: label(table) });
      metrics.settleSeconds.observe(seconds);
    },
    betsPlaced: (table, bets) => {
      for (const bet of bets) metrics.bets.inc({ table: label(table), spot: bet.spot });
    },
    stateSaves: (table, failing) => {
      if (failing) metrics.stateSaveFailures.inc({ table: label(table) });
      notSaved(table, failing);
    },
  };
  const server = await createBancoServer({
    config,
    guests: ledger,
    sessions,
    logins: createLogins(prisma),
    history: ledger,
    rooms,
    metrics,
    logger: options.logger ?? false,
    checkDb: async () => {
      try {
        await prisma.$queryRaw`SELECT 1`;
        return true;
      } catch {
        return false;
      }
    },
    closeDb: () => prisma.$disconnect(),
    ...(adapterClients
      ? { socketAdapter: createAdapter(adapterClients.pub, adapterClients.sub) }
      : {}),
    ...(cluster ? { sharedLimits: cluster.limits } : {}),
    createTables: async (outboxFor, log, presence) => {
      const tableLog = {
        error: (obj: unknown, msg?: string) => log.error(obj, msg),
        info: (obj: unknown, msg?: string) => log.info(obj, msg),
      };
      // T10.4: every open room starts again, with its settings, before the abandoned sweep.
      const open = await new RoomStore(prisma).openRooms();
      if (open.unreadable.length > 0) {
        tableLog.error({ rooms: open.unreadable }, 'rooms with unreadable settings not started');
      }
      const publicOnes =
        options.tables ??
        publicTables(config.publicTables, config.tableTimings, config.scriptedShoe);
      const live = await startTables({
        ledger,
        leases,
        solo: cluster === undefined,
        // T13.7: several nodes claim their tables as they find them free, after this start.
        tables: cluster
          ? []
          : [
              ...publicOnes,
              ...open.rooms.map((room) => ({
                id: room.id,
                name: room.name,
                isPublic: false,
                hostPlayerId: room.hostPlayerId,
                settings: room.settings,
              })),
            ],
        outboxFor: cluster ? (id) => cluster.outboxFor(id, outboxFor(id)) : outboxFor,
        onChange: () => cluster?.tablesChanged(),
        present: (tableId) => presence.playersAt(tableId),
        observer,
        log: tableLog,
        testHoldSettlementMs: config.testHoldSettlementMs,
        testHoldEscrowMs: config.testHoldEscrowMs,
        testHoldRoomChipsMs: config.testHoldRoomChipsMs,
        roomIdleMs: config.roomIdleMs,
        onClosed: (tableId) => {
          notSaved(tableId, false);
          void rooms
            .closed(tableId)
            .catch((error: unknown) =>
              tableLog.error({ err: error, table: tableId }, 'room close failed'),
            );
        },
      });
      if (!cluster) return (tables = live);
      for (const table of publicOnes) await ledger.ensureTable(table);
      await cluster.attach({
        live,
        outboxFor,
        claimable: (strandedMs) =>
          claimableTables(poolOf(prisma), publicOnes, new RoomStore(prisma), strandedMs),
        log: tableLog,
        presence,
        publicTables: new Set(publicOnes.map((table) => table.id)),
      });
      return (tables = clusterTables(live, cluster, config.drainMs));
    },
  });
  return { ...server, prisma, ledger, sessions, rooms };
}
