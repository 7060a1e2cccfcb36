import { createShoe, type CardCode } from '@banco/rules';
import type { Config } from './config.js';
import { createLedger, type Ledger } from './db/ledger.js';
import { createPrisma, type PrismaClient } from './db/prisma.js';
import { createBancoServer, type BancoServerHandle } from './http/server.js';
import { createMetrics } from './metrics.js';
import type { TableObserver } from './table/actor.js';
import { startTables, type TableDefinition } from './table/registry.js';
import { MAIN_TABLE_SETTINGS, TIMINGS, tableSettings } from './table/settings.js';

/**
 * The seeded public table (T1.1): 8 decks, standard rules, 10–500, 14 seats. A scripted shoe
 * (tests only, config TEST_SCRIPTED_SHOE) must be one createShoe accepts with these settings.
 */
export function mainTable(
  timings: keyof typeof TIMINGS,
  scriptedShoe?: readonly CardCode[],
): TableDefinition {
  const settings = tableSettings({ ...MAIN_TABLE_SETTINGS, ...TIMINGS[timings] });
  if (!scriptedShoe) return { id: 'main', name: 'Main table', isPublic: true, settings };
  const checked = createShoe(scriptedShoe, { cut: settings.cut, lastHand: settings.lastHand });
  if (!checked.ok) throw new Error(`TEST_SCRIPTED_SHOE: ${checked.error.message}`);
  return { id: 'main', name: 'Main table', isPublic: true, settings, scriptedShoe };
}

export interface Banco extends BancoServerHandle {
  readonly prisma: PrismaClient;
  readonly ledger: Ledger;
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
  const ledger = createLedger(prisma);
  const metrics = createMetrics();
  const observer: TableObserver = {
    roundSettled: (table, seconds) => {
      metrics.rounds.inc({ table });
      metrics.settleSeconds.observe(seconds);
    },
    betsPlaced: (table, bets) => {
      for (const bet of bets) metrics.bets.inc({ table, spot: bet.spot });
    },
  };
  const server = await createBancoServer({
    config,
    guests: ledger,
    history: ledger,
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
    createTables: (outboxFor, log) =>
      startTables({
        ledger,
        tables: options.tables ?? [mainTable(config.tableTimings, config.scriptedShoe)],
        outboxFor,
        observer,
        log: {
          error: (obj, msg) => log.error(obj, msg),
          info: (obj, msg) => log.info(obj, msg),
        },
        testHoldSettlementMs: config.testHoldSettlementMs,
        roomIdleMs: config.roomIdleMs,
      }),
  });
  return { ...server, prisma, ledger };
}
