/**
 * The load bench's server: the real startBanco (HTTP, socket.io, one actor per table, the
 * Postgres ledger) in its own process with BENCH_TABLES tables, plus what only a bench needs
 * over the IPC channel: event-loop delay and utilisation over the measured window, RSS, and a
 * CPU profile of that window on request. Started by run.ts, never by hand. With REDIS_URL (and
 * NODE_ID) it is one node of several: the tables are then the ones it may claim (T13.7).
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { startBanco } from '../../src/banco.js';
import { loadConfig } from '../../src/config.js';
import { frameCensus } from './frame-census.js';
import { gcWatch } from './gc-watch.js';
import { markHeap } from './marked-heap.js';
import { statementCensus } from './sql-census.js';
import type { ServerCommand, ServerMessage, ServerStats } from './messages.js';
import { benchTables } from './tables.js';

const send = (message: ServerMessage) => process.send!(message);

const tableCount = Number(process.env.BENCH_TABLES);
if (!Number.isInteger(tableCount) || tableCount < 1) throw new Error('BENCH_TABLES: a count');
// One node starts its tables one after another, each claiming its lease as it starts, and renews
// them only once all are up: starting 500 on a loaded 2-core machine can outlast the default
// 10 s lease, and the first tables were then fenced off before a bot had joined. A lone node
// has no one to fail over to, so its leases may be long.
if (!process.env.REDIS_URL) process.env.LEASE_MS ??= '120000';
// Installed before the server makes its pool, so every statement of the window is counted.
const statements = statementCensus();
const config = loadConfig();
const tables = benchTables(tableCount);
const banco = await startBanco({
  config,
  databaseUrl: config.databaseUrl!,
  tables,
  logger: { level: config.logLevel },
});
const { url } = await banco.listen();
const frames = frameCensus(banco.io);

/** The histogram records each timer interval whole: the loop's delay is what exceeds this. */
const LOOP_RESOLUTION_MS = 10;
const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
loopDelay.enable();
const gc = gcWatch();
let utilisationStart = performance.eventLoopUtilization();
let roundsStart = 0;
let profiler: { session: Session; path: string } | null = null;

async function roundsSettled(): Promise<number> {
  const metric = await banco.metrics.rounds.get();
  return metric.values.reduce((sum, v) => sum + v.value, 0);
}

async function onCommand(command: ServerCommand): Promise<void> {
  switch (command.type) {
    case 'measure-start': {
      loopDelay.reset();
      gc.start();
      utilisationStart = performance.eventLoopUtilization();
      roundsStart = await roundsSettled();
      frames.start();
      statements.start();
      if (command.profile) {
        const session = new Session();
        session.connect();
        await session.post('Profiler.enable');
        await session.post('Profiler.start');
        profiler = { session, path: command.profile };
      }
      return;
    }
    case 'measure-stop': {
      const ms = (ns: number) => Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS);
      const memory = process.memoryUsage();
      const stats: ServerStats = {
        loopDelay: {
          p50: ms(loopDelay.percentile(50)),
          p99: ms(loopDelay.percentile(99)),
          max: ms(loopDelay.max),
          mean: ms(loopDelay.mean),
        },
        loopUtilization: performance.eventLoopUtilization(utilisationStart).utilization,
        gc: gc.stop(),
        rssBytes: memory.rss,
        heapUsedBytes: memory.heapUsed,
        roundsSettled: (await roundsSettled()) - roundsStart,
        frames: frames.stop(),
        statements: statements.stop(),
        statementNames: statements.names(),
      };
      send({ type: 'stats', stats });
      if (profiler) {
        const { profile } = await profiler.session.post('Profiler.stop');
        await writeFile(profiler.path, JSON.stringify(profile));
        profiler.session.disconnect();
        send({ type: 'profile', path: profiler.path });
        profiler = null;
      }
      return;
    }
    case 'mark-heap': {
      send({ type: 'heap', heap: markHeap(command.snapshot) });
      return;
    }
  }
}

process.on('message', (command: ServerCommand) => {
  onCommand(command).catch((error: unknown) => {
    console.error('bench server:', error);
    process.exit(1);
  });
});

let stopping = false;
process.on('SIGTERM', () => {
  if (stopping) return;
  stopping = true;
  // T9.7's graceful stop: rounds in flight finish or are voided before the ledger is audited.
  banco.shutdown().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('bench server: shutdown failed', error);
      process.exit(1);
    },
  );
});

send({ type: 'ready', url });
