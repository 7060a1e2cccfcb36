/**
 * The load bench (docs/performance.md): one real server process with N tables of 14 seated bots, the
 * bots in several other processes, a fresh Postgres database; measures a window after a
 * warm-up and prints rounds/s, bet-ack and close→result percentiles, CPU of server, Postgres
 * and bots, event-loop delay, RSS, SQL transactions per round, errors and the ledger audit.
 * With `--nodes 2` one run measures one node and then two nodes on a Redis of their own (each
 * phase on its own fresh database), and compares their CPU per round: the bus's overhead.
 * Unless --node-load off, it then measures one node at a node's share of the tables (half), so
 * the two nodes are also compared with one node as loaded as each of them.
 *
 *   pnpm bench:load --tables 500 --seconds 60 [--warmup 30] [--start staggered|lockstep]
 *                   [--bot-procs 4] [--port 3900] [--cpu-prof file.cpuprofile] [--nodes 2]
 *                   [--relay on|off] [--node-load on|off] [--postgres own|local]
 *                   [--heap-snapshot dir]
 *
 * After each phase's window and the bots' reports, every server forces a full collection and
 * reports the heap it kept (the heap the major GC marks, by V8 space); `--heap-snapshot dir`
 * also writes each server's heap snapshot there, taken just after that collection.
 *
 * `--postgres own` (the default) runs the bench on a Postgres of its own with pg_stat_statements
 * preloaded, and prints each statement kind's cost a round; `local` uses the local server.
 *
 * Then, unless --relay off, the floor: a bare socket.io relay replays the frames a Banco round
 * sent (counted in the one-node phase), and the bench prints Banco's CPU a round ÷ the relay's.
 *
 * Method and figures: docs/performance.md.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { HEARTBEATS, unsign, type Heartbeat } from '../../src/cluster/messages.js';
import { createLedger } from '../../src/db/ledger.js';
import { checkLedger } from '../../src/db/ledger-invariant.js';
import { createPrisma, poolOf } from '../../src/db/prisma.js';
import { SERVER_NODE_FLAG } from '../../src/node-flags.js';
import { createTestDatabase } from '../../src/db/test-database.js';
import { TestRedis } from '../../src/testing/cluster-harness.js';
import {
  LOAD_TIMINGS,
  SEATS_PER_TABLE,
  benchTableId,
  type BotCommand,
  type BotMessage,
  type BotReport,
  type BotTable,
  type ServerCommand,
  type ServerMessage,
  type ServerStats,
} from './messages.js';
import type { MarkedHeap } from './marked-heap.js';
import { exited, nextMessage } from './ipc.js';
import {
  nameStatements,
  readStatements,
  resetStatements,
  startBenchPostgres,
  type BenchPostgres,
  type StatementCost,
} from './bench-postgres.js';
import type { GcWindow } from './gc-watch.js';
import { CpuMeter, MachineMeter, loadAverage, peakRssBytes, writeSyscalls } from './proc-stats.js';
import { formatSummary, summariseProfile } from './profile-summary.js';
import { percentile, quantiles, type Quantiles } from './quantiles.js';
import { runRelayPhase, type RelayOutcome } from './relay-phase.js';
import { roundSpread } from './round-spread.js';
import { mergeCensus, relayShape, type FrameRate, type RelayShape } from './relay-shape.js';
import { mergeStatements, type StatementCensus } from './sql-census.js';
import { startSpeedProbe, type SpeedReading } from './speed-probe.js';
import { benchTables, sitDownRounds } from './tables.js';

const { values } = parseArgs({
  options: {
    tables: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '60' },
    warmup: { type: 'string', default: '30' },
    start: { type: 'string', default: 'staggered' },
    'bot-procs': { type: 'string', default: '4' },
    'bot-nice': { type: 'string', default: '0' },
    'server-flags': { type: 'string', default: SERVER_NODE_FLAG },
    port: { type: 'string', default: '3900' },
    'cpu-prof': { type: 'string' },
    'heap-snapshot': { type: 'string' },
    'keep-db': { type: 'boolean', default: false },
    nodes: { type: 'string', default: '1' },
    placement: { type: 'string', default: 'owner' },
    relay: { type: 'string', default: 'on' },
    'node-load': { type: 'string', default: 'on' },
    postgres: { type: 'string', default: 'own' },
    'postgres-port': { type: 'string', default: '54339' },
  },
});

function positive(name: string, text: string | undefined): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name}: a whole number ≥ 1`);
  return value;
}
const tables = positive('tables', values.tables);
const seconds = positive('seconds', values.seconds);
const warmup = Number(values.warmup);
if (!Number.isFinite(warmup) || warmup < 0) throw new Error('--warmup: seconds ≥ 0');
const botProcs = Math.min(positive('bot-procs', values['bot-procs']), tables);
const port = positive('port', values.port);
const nodes = positive('nodes', values.nodes);
if (nodes > 2) throw new Error('--nodes: 1 or 2');
/** Node flags for the server process alone; by default the ones `pnpm start` uses. */
const serverFlags = (values['server-flags'] ?? '').split(/\s+/).filter((flag) => flag !== '');
const botNice = Number(values['bot-nice']);
if (!Number.isInteger(botNice) || botNice < 0 || botNice > 19) {
  throw new Error('--bot-nice: a whole number 0–19');
}
/**
 * T13.16, with several nodes: `owner` puts each table's bots on the node that runs it (where the
 * proxy and the `table.owner` hint put a page); `spread` puts seat s on node s mod N, so half of
 * every table's players reach it over the bus (the worst case: a proxy that ignores the table).
 */
const placement = values.placement;
if (placement !== 'owner' && placement !== 'spread')
  throw new Error('--placement: owner or spread');
/** The floor phase (docs/performance.md): on by default, `--relay off` skips it. */
const relayOn = values.relay === 'on';
if (values.relay !== 'on' && values.relay !== 'off') throw new Error('--relay: on or off');
/**
 * With several nodes, a phase of one node at a node's share of the tables: a process that plays
 * fewer rounds a second spends more on each, whatever the cluster does (docs/performance-log.md).
 */
const nodeLoadOn = values['node-load'] === 'on';
if (values['node-load'] !== 'on' && values['node-load'] !== 'off') {
  throw new Error('--node-load: on or off');
}
if (values.postgres !== 'own' && values.postgres !== 'local') {
  throw new Error('--postgres: own or local');
}
const postgresMode: 'own' | 'local' = values.postgres;
const postgresPort = positive('postgres-port', values['postgres-port']);
const start = values.start;
if (start !== 'staggered' && start !== 'lockstep') {
  throw new Error('--start: staggered or lockstep');
}
const startLabelOf = (tables: number) =>
  start === 'staggered' ? `staggered over ${sitDownRounds(tables)} round(s)` : start;
// A relative path is taken from where `pnpm bench:load` was typed (pnpm runs us elsewhere).
const profilePath = values['cpu-prof']
  ? resolve(process.env.INIT_CWD ?? process.cwd(), values['cpu-prof'])
  : null;

const snapshotDir = values['heap-snapshot']
  ? resolve(process.env.INIT_CWD ?? process.cwd(), values['heap-snapshot'])
  : null;
if (snapshotDir) mkdirSync(snapshotDir, { recursive: true });

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));
const TSX = ['--import', 'tsx', '--conditions=source'];
/** Results of rounds closed just before the window's end get this long to arrive. */
const GRACE_MS = 5_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

/** The run's Postgres (bench-postgres.ts), started by main. */
let benchPostgres: BenchPostgres;

/** A fresh, migrated database on the run's Postgres; dropped at the end. */
const createBenchDatabase = () =>
  createTestDatabase({ prefix: 'banco_bench', adminUrl: benchPostgres.adminUrl });

/** One phase of a run: one node (REDIS_URL unset, as `pnpm start`) or several on a bus. */
interface Phase {
  nodes: number;
  tables: number;
  /** Each bot process holds as many tables in every phase, so the bots' work a round is the same. */
  botProcs: number;
  /** `1 node`, `2 nodes`: names the phase in the output of a run of several phases. */
  label: string;
  /** The CPU profile of each node's window, when --cpu-prof asked for one. */
  profiles: (string | null)[];
}

/** Owner of the leases the orchestrator holds until every node hears the others (T13.7). */
const HOLD_OWNER = 'bench-orchestrator';

/**
 * T13.7: a node alone claims every free table, and a node that joins later finds none free
 * (no rebalancing). So the orchestrator holds every table's lease until each node has heard
 * the other's heartbeat, then gives them up: at its next beat each node claims up to its share.
 */
async function holdLeases(pool: pg.Pool, ids: readonly string[]): Promise<void> {
  await pool.query(
    `INSERT INTO table_leases (table_id, epoch, owner, expires_at)
     SELECT id, 1, $2, now() + interval '1 hour' FROM unnest($1::text[]) AS id`,
    [ids, HOLD_OWNER],
  );
}

const releaseLeases = (pool: pg.Pool) =>
  pool.query(`UPDATE table_leases SET owner = NULL, expires_at = now() WHERE owner = $1`, [
    HOLD_OWNER,
  ]);

/** What the nodes say on the bus, as every node hears it: who beats and what each runs. */
class BeatWatch {
  private readonly latest = new Map<string, Heartbeat>();
  private readonly waiters: (() => void)[] = [];

  constructor(private readonly sub: Redis) {}

  async start(): Promise<void> {
    this.sub.on('message', (channel: string, text: string) => {
      if (channel !== HEARTBEATS) return;
      const beat = JSON.parse(unsign(text).json) as Heartbeat;
      this.latest.set(beat.node, beat);
      for (const wake of this.waiters.splice(0)) wake();
    });
    await this.sub.subscribe(HEARTBEATS);
  }

  forget(): void {
    this.latest.clear();
  }

  /** The node whose latest beat lists the table. */
  ownerOf(tableId: string): string | undefined {
    for (const [node, beat] of this.latest) {
      if (beat.tables.some((t) => t.id === tableId)) return node;
    }
    return undefined;
  }

  /** Tables per node in each node's latest beat. */
  running(): Map<string, number> {
    return new Map([...this.latest].map(([node, beat]) => [node, beat.tables.length]));
  }

  /** Resolves at the first beat after which `test` holds. */
  async until(what: string, test: () => boolean, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!test()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`not within ${timeoutMs} ms: ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

/** redis-server's own pid, from INFO: its CPU is the bus's share that no node's CPU shows. */
async function redisPid(client: Redis): Promise<number> {
  const pid = Number(/process_id:(\d+)/.exec(await client.info('server'))?.[1]);
  if (!Number.isInteger(pid) || pid < 1) throw new Error('INFO server gave no process_id');
  return pid;
}

/** Redis' own counters (INFO stats): what the bus carried. */
interface RedisTraffic {
  commands: number;
  bytesIn: number;
  bytesOut: number;
  /** Calls of each command (INFO commandstats): which part of the bus the commands are. */
  byCommand: Record<string, number>;
}

async function redisTraffic(client: Redis): Promise<RedisTraffic> {
  const info = await client.info('stats');
  const field = (name: string) => Number(new RegExp(`${name}:(\\d+)`).exec(info)?.[1] ?? NaN);
  const byCommand: Record<string, number> = {};
  for (const [, name, calls] of (await client.info('commandstats')).matchAll(
    /cmdstat_([^:]+):calls=(\d+)/g,
  )) {
    byCommand[name!] = Number(calls);
  }
  return {
    commands: field('total_commands_processed'),
    bytesIn: field('total_net_input_bytes'),
    bytesOut: field('total_net_output_bytes'),
    byCommand,
  };
}

/** Each command's calls per round, the most called first. */
/** Counts by name as so many a round, most first; those under 0.05 a round left out. */
function countsPerRound(counts: readonly (readonly [string, number])[], rounds: number): string {
  return counts
    .map(([name, n]) => [name, n / rounds] as const)
    .filter(([, n]) => n >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([name, n]) => `${name} ${f(n, 1)}`)
    .join(', ');
}

function perRoundByCommand(before: RedisTraffic, after: RedisTraffic, rounds: number): string {
  const calls = Object.entries(after.byCommand).map(
    ([name, n]) => [name, n - (before.byCommand[name] ?? 0)] as const,
  );
  return countsPerRound(calls, rounds);
}

/** Statements a round, without the `banco_` every hot-path statement's name has. */
function perRoundByStatement(census: StatementCensus, rounds: number): string {
  const sent = Object.entries(census).map(([name, n]) => [name.replace(/^banco_/, ''), n] as const);
  return countsPerRound(sent, rounds);
}

interface PhaseOutcome {
  result: Record<string, unknown>;
  rows: [string, string][];
  failures: string[];
  /** CPU ms per round settled in the window: server processes, Postgres backends, Redis, bots. */
  perRound: {
    servers: number;
    postgres: number;
    postgresAux: number;
    redis: number | null;
    bots: number;
  };
  roundsPerSecond: number;
  betAckMs: Quantiles;
  closeToResultMs: Quantiles;
  profiles: (string | null)[];
  /** What crossed Redis per round settled, when there was a bus. */
  bus: RedisTraffic | null;
  /** The frames of a round on the sockets, per client: what the relay phase replays. */
  shape: RelayShape;
  /** What a CPU-millisecond bought during the window (speed-probe.ts). */
  cpuSpeed: SpeedReading;
  sqlCommitsPerRound: number;
  /** The heap in use just after each mark-compact of the window, MB, every node's. */
  heapAfterMajorGcMB: number[];
  /** What a full collection forced after the window kept, every node's (marked-heap.ts). */
  markedHeap: MarkedHeap[];
}

async function runPhase(phase: Phase): Promise<PhaseOutcome> {
  const { tables, botProcs } = phase;
  const startLabel = startLabelOf(tables);
  const cluster = phase.nodes > 1;
  const loadBefore = loadAverage();
  log(
    `${cluster ? `${phase.label}: ` : ''}${tables} tables × ${SEATS_PER_TABLE} bots, ${startLabel} start, ${botProcs} bot processes, warm-up ${warmup} s after the last sit-down, measuring ${seconds} s; load average ${loadBefore}`,
  );
  const db = await createBenchDatabase();
  const prisma = createPrisma(db.url);
  // The bench watches from the maintenance database: its own look-ups are no round's cost. One
  // connection, its look-ups queued (the 250 ms sampling overlaps the others).
  const watch = new pg.Pool({ connectionString: benchPostgres.adminUrl, max: 1 });
  const children: ChildProcess[] = [];
  let redis: TestRedis | undefined;
  const redisClients: Redis[] = [];
  try {
    // Guests straight in the ledger: POST /api/guests is rate limited per address (P1.6).
    const ledger = createLedger(prisma);
    const guestsOf: { token: string; seat: number }[][] = [];
    const toMake = Array.from({ length: tables * SEATS_PER_TABLE }, (_, i) => i);
    const made: { token: string; seat: number; table: number }[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = toMake.shift(); i !== undefined; i = toMake.shift()) {
          const guest = await ledger.createGuest(`bot-${i}`);
          made.push({
            token: guest.token,
            table: Math.floor(i / SEATS_PER_TABLE),
            seat: (i % SEATS_PER_TABLE) + 1,
          });
        }
      }),
    );
    for (const { token, seat, table } of made) (guestsOf[table] ??= []).push({ token, seat });
    log(`${made.length} guests made`);

    const nodeIds = Array.from({ length: phase.nodes }, (_, i) => `bench-node-${i + 1}`);
    let beats: BeatWatch | undefined;
    if (cluster) {
      redis = await TestRedis.start();
      const [sub, client] = [new Redis(redis.url), new Redis(redis.url)];
      redisClients.push(sub, client);
      beats = new BeatWatch(sub);
      await beats.start();
      // Stored before any node starts, so no node can claim a table before the other is up.
      for (const table of benchTables(tables)) await ledger.ensureTable(table);
      await holdLeases(
        poolOf(prisma),
        benchTables(tables).map((t) => t.id),
      );
      log(`redis-server ${await redisPid(client)} at ${redis.url}`);
    }

    const servers = nodeIds.map((nodeId, i) => {
      const nodePort = port + i;
      // Named apart from the one-node phase's, which a run of both phases uses first.
      const logFile = join(
        tmpdir(),
        cluster ? `banco-bench-${nodeId}-${nodePort}.log` : `banco-bench-server-${nodePort}.log`,
      );
      const logFd = openSync(logFile, 'w');
      const server = fork(fileURLToPath(new URL('./server.ts', import.meta.url)), [], {
        cwd: SERVER_DIR,
        execArgv: [...serverFlags, ...TSX],
        stdio: ['ignore', logFd, logFd, 'ipc'],
        env: {
          ...process.env,
          NODE_ENV: 'production',
          DATABASE_URL: db.url,
          HOST: '127.0.0.1',
          PORT: String(nodePort),
          BENCH_TABLES: String(tables),
          LOG_LEVEL: 'warn',
          ...(redis
            ? {
                REDIS_URL: redis.url,
                NODE_ID: nodeId,
                // Bots are gone by the stop: each table is between rounds within one round.
                DRAIN_MS: '20000',
              }
            : {}),
        },
      });
      children.push(server);
      return { server, logFile };
    });
    const urls = await Promise.all(
      servers.map(async ({ server, logFile }, i) => {
        const { url } = await nextMessage<ServerMessage, 'ready'>(server, 'ready', 120_000);
        log(`${cluster ? `${nodeIds[i]} ` : ''}server ${server.pid} at ${url} (log: ${logFile})`);
        return url;
      }),
    );
    let tablesPerNode: Record<string, number> | null = null;
    if (beats) {
      // A beat heard here after every node is up was heard by every node: each knows the others.
      beats.forget();
      await beats.until(
        'every node beating',
        () => nodeIds.every((id) => beats.running().has(id)),
        30_000,
      );
      await releaseLeases(poolOf(prisma));
      await beats.until(
        `all ${tables} tables announced`,
        () => [...beats.running().values()].reduce((a, b) => a + b, 0) === tables,
        120_000,
      );
      tablesPerNode = Object.fromEntries(beats.running());
      log(`tables per node: ${JSON.stringify(tablesPerNode)}`);
    }

    const bots = Array.from({ length: botProcs }, () => {
      const bot = fork(fileURLToPath(new URL('./bots.ts', import.meta.url)), [], {
        cwd: SERVER_DIR,
        execArgv: TSX,
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(bot);
      // The players' machines are not the server's: a niced bot yields the CPU to the server
      // and Postgres when both want it, as a client elsewhere would never have taken it.
      if (botNice > 0) setPriority(bot.pid!, botNice);
      return bot;
    });
    const urlOf = (tableId: string, seat: number): string => {
      const owner = placement === 'owner' ? beats?.ownerOf(tableId) : undefined;
      const at = owner === undefined ? -1 : nodeIds.indexOf(owner);
      return urls[at >= 0 ? at : seat % urls.length]!;
    };
    const assigned: BotTable[][] = bots.map(() => []);
    for (let t = 0; t < tables; t++) {
      assigned[t % botProcs]!.push({
        tableId: benchTableId(t),
        // One loopback address a table: each stays far inside the per-address limits (P1.6).
        localAddress: `127.10.${Math.floor(t / 250)}.${(t % 250) + 1}`,
        sitAt: 0,
        guests: guestsOf[t]!.map((guest) => ({
          ...guest,
          url: urlOf(benchTableId(t), guest.seat),
        })),
      });
    }
    const connecting = bots.map((bot) =>
      nextMessage<BotMessage, 'connected'>(bot, 'connected', 300_000),
    );
    bots.forEach((bot, i) =>
      bot.send({ type: 'connect', tables: assigned[i]! } satisfies BotCommand),
    );
    const connected = await Promise.all(connecting);
    const failures = connected.flatMap((c) => c.failures);
    if (failures.length > 0)
      throw new Error(`bots could not connect: ${failures.slice(0, 5).join('; ')}`);
    log(`${connected.reduce((n, c) => n + c.sockets, 0)} sockets connected and joined`);

    // Staggered: sit-downs spread evenly over whole nominal rounds, so every phase of a round
    // has as many tables; lockstep: all at one moment. One round holds at most
    // TABLES_SEATED_A_ROUND tables' sit-downs: a node that seats more falls behind, starts the
    // late tables' first rounds in a bunch, and that bunch plays in step for the whole run.
    const period = LOAD_TIMINGS.bettingMs + LOAD_TIMINGS.resultMs;
    const spreadMs = start === 'lockstep' ? 0 : sitDownRounds(tables) * period;
    const base = Date.now() + 1_000;
    const sitAt = (t: number) => base + Math.floor((t * spreadMs) / tables);
    bots.forEach((bot, i) =>
      bot.send({
        type: 'sit',
        sitAt: Object.fromEntries(
          assigned[i]!.map((table, k) => [table.tableId, sitAt(k * botProcs + i)]),
        ),
      } satisfies BotCommand),
    );
    const speed = await startSpeedProbe();
    await sleep(base + spreadMs - Date.now() + warmup * 1_000);

    const pgPids = async () =>
      (
        await watch.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [
          db.name,
        ])
      ).rows.map((r) => r.pid);
    const pgAuxPids = async () =>
      (
        await watch.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE backend_type <> 'client backend'`,
        )
      ).rows.map((r) => r.pid);
    const commits = async () =>
      Number(
        (
          await watch.query<{ n: string }>(
            'SELECT xact_commit AS n FROM pg_stat_database WHERE datname = $1',
            [db.name],
          )
        ).rows[0]!.n,
      );
    const botPids = bots.map((b) => b.pid!);
    const serverPids = servers.map(({ server }) => server.pid!);
    const redisPids = redisClients[1] ? [await redisPid(redisClients[1])] : [];
    const [pgCpu, pgAuxCpu, botCpu, redisCpu, machine] = [
      new CpuMeter(),
      new CpuMeter(),
      new CpuMeter(),
      new CpuMeter(),
      new MachineMeter(),
    ];
    const serverCpu = serverPids.map(() => new CpuMeter());
    const commitsBefore = await commits();
    if (benchPostgres.perStatement) await resetStatements(watch);
    const trafficBefore = redisClients[1] ? await redisTraffic(redisClients[1]) : null;
    const writesBefore = serverPids.map(writeSyscalls);
    servers.forEach(({ server }, i) =>
      server.send({
        type: 'measure-start',
        profile: phase.profiles[i] ?? null,
      } satisfies ServerCommand),
    );
    const from = Date.now();
    serverCpu.forEach((meter, i) => meter.begin([serverPids[i]!]));
    pgCpu.begin(await pgPids());
    pgAuxCpu.begin(await pgAuxPids());
    botCpu.begin(botPids);
    redisCpu.begin(redisPids);
    machine.begin();
    speed.begin();
    log(`measuring from ${new Date(from).toISOString()}`);
    // A failed look-up loses one reading, not the run.
    const pgSampling = setInterval(
      () =>
        void pgPids().then(
          (pids) => pgCpu.sample(pids),
          () => undefined,
        ),
      250,
    );
    await sleep(seconds * 1_000);
    clearInterval(pgSampling);
    const to = Date.now();
    // Read at the window's end: pg_stat_statements counts a statement as it finishes.
    const statementCosts = benchPostgres.perStatement
      ? readStatements(watch, db.name)
      : Promise.resolve(null);
    // A busy backend reports its commits to pg_stat_database at most once a second, so both
    // readings lag by as much and the window between them counts its own commits: read 1.5 s
    // later, as this bench once did, the count took in 1.5 s after the window besides.
    const commitsAfter = commits();
    const window = (to - from) / 1000;
    const serversCpu = serverCpu.map((meter, i) => meter.end([serverPids[i]!], window));
    const cpu = {
      server: serversCpu.reduce((a, b) => a + b, 0),
      postgres: pgCpu.end(await pgPids(), window),
      postgresAux: pgAuxCpu.end(await pgAuxPids(), window),
      bots: botCpu.end(botPids, window),
      redis: redisPids.length > 0 ? redisCpu.end(redisPids, window) : null,
      machine: machine.end(),
    };
    // More backends than the pools hold at once means connections opened and closed meanwhile.
    log(`postgres backends of the bench database seen in the window: ${pgCpu.seen}`);
    const cpuSpeed = speed.read();
    const serverWrites = serverPids.reduce(
      (n, pid, i) => n + writeSyscalls(pid) - writesBefore[i]!,
      0,
    );
    const trafficAfter = redisClients[1] ? await redisTraffic(redisClients[1]) : null;
    const busTraffic =
      trafficBefore && trafficAfter
        ? {
            commands: trafficAfter.commands - trafficBefore.commands,
            bytesIn: trafficAfter.bytesIn - trafficBefore.bytesIn,
            bytesOut: trafficAfter.bytesOut - trafficBefore.bytesOut,
            byCommand: Object.fromEntries(
              Object.entries(trafficAfter.byCommand).map(([name, calls]) => [
                name,
                calls - (trafficBefore.byCommand[name] ?? 0),
              ]),
            ),
          }
        : null;
    const loadDuring = loadAverage();
    const stopped = servers.map(({ server }) =>
      nextMessage<ServerMessage, 'stats'>(server, 'stats', 60_000),
    );
    const profiled = servers.map(({ server }, i) =>
      phase.profiles[i] ? nextMessage<ServerMessage, 'profile'>(server, 'profile', 120_000) : null,
    );
    for (const { server } of servers) server.send({ type: 'measure-stop' } satisfies ServerCommand);
    const stats: ServerStats[] = (await Promise.all(stopped)).map((m) => m.stats);
    const names = Object.assign({}, ...stats.map((s) => s.statementNames)) as Record<
      string,
      string
    >;
    const readings = await statementCosts;
    const perStatement = readings && nameStatements(readings, names);
    const sqlCommits = (await commitsAfter) - commitsBefore;
    const serverPeakRss = serverPids.map(peakRssBytes);
    await Promise.all(profiled);

    await sleep(GRACE_MS);
    const reports = await Promise.all(
      bots.map((bot) => {
        const reply = nextMessage<BotMessage, 'report'>(bot, 'report', 60_000);
        bot.send({ type: 'report', from, to } satisfies BotCommand);
        return reply.then((r) => r.report);
      }),
    );
    // With every socket still open and every table live, after the bots' reports: the forced
    // collection's stall falls outside every figure of the window.
    const markedHeap = await Promise.all(
      servers.map(async ({ server }, i) => {
        const reply = nextMessage<ServerMessage, 'heap'>(server, 'heap', 300_000);
        const snapshot = snapshotDir
          ? join(snapshotDir, `${phase.label.replace(/\s+/g, '-')}-node-${i + 1}.heapsnapshot`)
          : null;
        server.send({ type: 'mark-heap', snapshot } satisfies ServerCommand);
        return (await reply).heap;
      }),
    );
    for (const { snapshot } of markedHeap) if (snapshot) log(`heap snapshot: ${snapshot}`);
    for (const bot of bots) bot.send({ type: 'stop' } satisfies BotCommand);
    await Promise.all(bots.map(exited));
    // Every node at once: a node stopping alone would hand its tables to the others (T13.12).
    for (const { server } of servers) server.kill('SIGTERM');
    const serverExits = await Promise.all(
      servers.map(async ({ server }) => {
        const code = await Promise.race([exited(server), sleep(60_000).then(() => 'timeout')]);
        if (code === 'timeout') server.kill('SIGKILL');
        return code;
      }),
    );

    const audit = await checkLedger(prisma);
    const betsStored = Number(
      (await prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM bets`)[0]!.n,
    );
    return summarise({
      phase,
      reports,
      stats,
      cpu,
      serversCpu,
      window,
      sqlCommits,
      serverWrites,
      serverPeakRss,
      audit,
      betsStored,
      serverExits,
      tablesPerNode,
      busTraffic,
      loadBefore,
      loadDuring,
      cpuSpeed,
      perStatement,
      markedHeap,
    });
  } finally {
    await watch.end().catch(() => undefined);
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.allSettled(redisClients.map((client) => client.quit()));
    await redis?.stop();
    await prisma.$disconnect();
    if (values['keep-db']) log(`database kept: ${db.url}`);
    else await db.drop();
  }
}

const f = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

/** The goals: p99 bet ack ≤ 50 ms, p99 close of betting → result ≤ 250 ms. */
const GOALS = { betAckP99Ms: 50, closeToResultP99Ms: 250 } as const;
/**
 * Several nodes' goals (docs/performance.md): a round on two nodes costs the servers and
 * Postgres at most 10 % more CPU than on one, and crosses Redis in at most 30 commands and
 * 20 kB each way.
 */
const CLUSTER_GOALS = { cpuRatio: 1.1, redisCommands: 30, redisBytes: 20 * 1024 } as const;
const atMost = (value: number, goal: number) =>
  Number.isFinite(value) && value <= goal ? 'held' : 'MISSED';
const held = (p99: number, goal: number) =>
  Number.isFinite(p99) && p99 <= goal ? 'held' : 'MISSED';

function summarise(r: {
  phase: Phase;
  reports: BotReport[];
  stats: ServerStats[];
  cpu: {
    server: number;
    postgres: number;
    postgresAux: number;
    bots: number;
    redis: number | null;
    machine: number;
  };
  serversCpu: number[];
  window: number;
  sqlCommits: number;
  serverWrites: number;
  serverPeakRss: number[];
  audit: Awaited<ReturnType<typeof checkLedger>>;
  betsStored: number;
  serverExits: (number | null | string)[];
  tablesPerNode: Record<string, number> | null;
  busTraffic: RedisTraffic | null;
  loadBefore: string;
  loadDuring: string;
  cpuSpeed: SpeedReading;
  /** Each statement kind's cost in the window, when pg_stat_statements answered. */
  perStatement: StatementCost[] | null;
  markedHeap: MarkedHeap[];
}): PhaseOutcome {
  const { tables, botProcs } = r.phase;
  const several = r.stats.length > 1;
  /** Only a run with --nodes 2 shows what it adds; one without prints what it always did. */
  const compared = nodes > 1;
  const sorted = (pick: (b: BotReport) => number[]) =>
    r.reports.flatMap(pick).sort((a, b) => a - b);
  const acks = sorted((b) => b.betAcks);
  const results = sorted((b) => b.closeToResult);
  const botLoop = sorted((b) => b.loopDelays);
  const sum = (pick: (b: BotReport) => number) => r.reports.reduce((n, b) => n + pick(b), 0);
  const rounds = sum((b) => b.rounds);
  const spread = roundSpread(
    r.reports.flatMap((b) => b.roundTimes),
    r.window * 1000,
  );
  const settled = r.stats.reduce((n, s) => n + s.roundsSettled, 0);
  const refusals: Record<string, number> = {};
  for (const b of r.reports) {
    for (const [code, n] of Object.entries(b.refusals)) refusals[code] = (refusals[code] ?? 0) + n;
  }
  const [stats] = r.stats as [ServerStats];
  const statements = mergeStatements(r.stats.map((s) => s.statements));
  const msPerRound = (percent: number) => (percent * r.window * 10) / Math.max(1, settled);
  const perRound = {
    servers: msPerRound(r.cpu.server),
    postgres: msPerRound(r.cpu.postgres),
    postgresAux: msPerRound(r.cpu.postgresAux),
    redis: r.cpu.redis === null ? null : msPerRound(r.cpu.redis),
    bots: msPerRound(r.cpu.bots),
  };
  const { redis: redisCpu, ...cpuOfOne } = r.cpu;
  const shape = relayShape(mergeCensus(r.stats.map((s) => s.frames)), {
    roundsSettled: settled,
    clientsPerTable: SEATS_PER_TABLE,
    tables,
    windowMs: r.window * 1000,
  });
  const result: Record<string, unknown> = {
    tables,
    start,
    seconds: r.window,
    warmup,
    botProcs,
    botNice,
    serverFlags,
    roundsPerSecond: rounds / r.window,
    rounds,
    roundSpread: spread,
    serverRoundsSettled: settled,
    betAckMs: quantiles(acks),
    closeToResultMs: quantiles(results),
    cpuPercent: several ? { ...cpuOfOne, redis: redisCpu, servers: r.serversCpu } : cpuOfOne,
    eventLoop: several
      ? r.stats.map((s) => ({ delayMs: s.loopDelay, utilization: s.loopUtilization }))
      : { delayMs: stats.loopDelay, utilization: stats.loopUtilization },
    serverGc: several ? r.stats.map((s) => s.gc) : stats.gc,
    botEventLoopDelayMs: quantiles(botLoop),
    serverRssMB: several ? r.stats.map((s) => s.rssBytes / 2 ** 20) : stats.rssBytes / 2 ** 20,
    serverPeakRssMB: several
      ? r.serverPeakRss.map((b) => b / 2 ** 20)
      : r.serverPeakRss[0]! / 2 ** 20,
    sqlCommitsPerRound: r.sqlCommits / Math.max(1, settled),
    sqlStatements: statements,
    postgresCpuPerServerCpu: perRound.postgres / perRound.servers,
    ...(r.perStatement
      ? { sqlByStatementPerRound: statementsPerRound(r.perStatement, Math.max(1, settled)) }
      : {}),
    serverWriteSyscallsPerRound: r.serverWrites / Math.max(1, settled),
    framesPerRoundPerClient: sum((b) => b.framesReceived) / Math.max(1, rounds) / SEATS_PER_TABLE,
    framesPerRound: shape,
    errors: {
      refusals,
      ackTimeouts: sum((b) => b.ackTimeouts),
      disconnects: sum((b) => b.disconnects),
      versionGaps: sum((b) => b.versionGaps),
      missedResults: sum((b) => b.missedResults),
    },
    betsSent: sum((b) => b.betsSent),
    betsAcked: sum((b) => b.betsAcked),
    betsStored: r.betsStored,
    ledger: { problems: r.audit.problems, escrow: r.audit.escrow },
    serverExit: several ? r.serverExits : r.serverExits[0],
    loadAverage: { before: r.loadBefore, during: r.loadDuring },
    fixedWorkCpuMs: r.cpuSpeed,
    ...(compared
      ? {
          nodes: r.phase.nodes,
          tablesPerNode: r.tablesPerNode,
          cpuMsPerRound: perRound,
          busPerRound: r.busTraffic && {
            commands: r.busTraffic.commands / Math.max(1, settled),
            bytesIn: r.busTraffic.bytesIn / Math.max(1, settled),
            bytesOut: r.busTraffic.bytesOut / Math.max(1, settled),
          },
          goals: {
            betAckP99: held(percentile(acks, 99), GOALS.betAckP99Ms),
            closeToResultP99: held(percentile(results, 99), GOALS.closeToResultP99Ms),
          },
        }
      : {}),
  };
  const errors = result.errors as {
    ackTimeouts: number;
    disconnects: number;
    versionGaps: number;
    missedResults: number;
  };
  const q = (x: Quantiles) =>
    `p50 ${f(x.p50)}  p95 ${f(x.p95)}  p99 ${f(x.p99)}  max ${f(x.max)} ms  (n=${x.n})`;
  const perNode = (text: (s: ServerStats, i: number) => string) =>
    several ? r.stats.map((s, i) => `node ${i + 1}: ${text(s, i)}`).join('; ') : text(stats, 0);
  const betsSent = result.betsSent as number;
  const betsAcked = result.betsAcked as number;
  const rows: [string, string][] = [
    [
      'tables × bots',
      `${tables} × ${SEATS_PER_TABLE}, ${startLabelOf(tables)}, ${botProcs} bot processes${botNice ? `, nice ${botNice}` : ''}`,
    ],
    ...(several
      ? ([
          [
            'nodes',
            `${r.stats.length} on one Redis; tables run ${Object.values(r.tablesPerNode ?? {}).join(' + ')}; ${placement === 'owner' ? "each table's bots on its owner (T13.16)" : `seat s connects to node s mod ${r.stats.length}`}`,
          ],
        ] as [string, string][])
      : []),
    ['window', `${f(r.window)} s after a ${warmup} s warm-up from the last sit-down`],
    [
      'rounds/s',
      `${f(rounds / r.window, 2)} (${rounds} rounds; server settled ${settled}${several ? ` = ${r.stats.map((s) => s.roundsSettled).join(' + ')}` : ''})`,
    ],
    [
      'rounds ended per ½ s',
      `mean ${f(spread.mean)}  sd ${f(spread.sd)}  (sd ÷ mean ${f(spread.cv, 2)})  fewest ${spread.min}  most ${spread.max}`,
    ],
    ['bet ack', q(quantiles(acks))],
    ['close → result (every client)', q(quantiles(results))],
    [
      'CPU % of one core',
      `${several ? `servers ${f(r.cpu.server)} (${r.serversCpu.map((c) => f(c)).join(' + ')})` : `server ${f(r.cpu.server)}`}  postgres ${f(r.cpu.postgres)} (+ background ${f(r.cpu.postgresAux)})${r.cpu.redis === null ? '' : `  redis ${f(r.cpu.redis)}`}  bots ${f(r.cpu.bots)}  machine ${f(r.cpu.machine)} % of all cores`,
    ],
    ...(compared
      ? ([
          [
            'CPU ms / round settled',
            `servers ${f(perRound.servers)} + postgres ${f(perRound.postgres)} = ${f(perRound.servers + perRound.postgres)} (postgres background ${f(perRound.postgresAux)}${perRound.redis === null ? '' : `, redis ${f(perRound.redis)}`})`,
          ],
        ] as [string, string][])
      : []),
    [
      'event loop',
      perNode(
        (s) =>
          `delay p50 ${f(s.loopDelay.p50)}  p99 ${f(s.loopDelay.p99)}  max ${f(s.loopDelay.max)} ms; utilisation ${f(s.loopUtilization, 2)}`,
      ),
    ],
    ['server GC, longest stall', perNode((s) => describeGc(s.gc))],
    ['bots event loop', `delay ${q(quantiles(botLoop))}`],
    [
      'server memory',
      perNode(
        (s, i) =>
          `RSS ${f(s.rssBytes / 2 ** 20, 0)} MB (peak ${f(r.serverPeakRss[i]! / 2 ** 20, 0)} MB), heap ${f(s.heapUsedBytes / 2 ** 20, 0)} MB`,
      ),
    ],
    ['server marked heap', perNode((_, i) => describeMarkedHeap(r.markedHeap[i]!))],
    ...(r.busTraffic
      ? ([
          [
            'redis / round',
            `${f(r.busTraffic.commands / Math.max(1, settled), 0)} commands, ${f(r.busTraffic.bytesIn / Math.max(1, settled) / 1024)} kB in, ${f(r.busTraffic.bytesOut / Math.max(1, settled) / 1024)} kB out`,
          ],
          [
            'redis commands / round',
            perRoundByCommand(
              { commands: 0, bytesIn: 0, bytesOut: 0, byCommand: {} },
              r.busTraffic,
              Math.max(1, settled),
            ),
          ],
        ] as [string, string][])
      : []),
    ['SQL transactions / round', f(result.sqlCommitsPerRound as number)],
    ['SQL statements / round', perRoundByStatement(statements, Math.max(1, settled))],
    [
      'postgres CPU ÷ server CPU, a round',
      `${f(perRound.postgres / perRound.servers, 2)} (postgres ${f(perRound.postgres)} ms, ${several ? 'servers' : 'server'} ${f(perRound.servers)} ms a round)`,
    ],
    ...statementRows(r.perStatement, Math.max(1, settled), perRound.postgres),
    ['socket messages / round / client', f(result.framesPerRoundPerClient as number)],
    ['frames / round / client', describeShape(shape)],
    ['server write syscalls / round', f(result.serverWriteSyscallsPerRound as number)],
    [
      'errors',
      `refusals ${JSON.stringify(refusals)}, ack timeouts ${errors.ackTimeouts}, disconnects ${errors.disconnects}, version gaps ${errors.versionGaps}, missed results ${errors.missedResults}`,
    ],
    ['bets (whole run)', `${betsSent} sent, ${betsAcked} acknowledged, ${r.betsStored} stored`],
    [
      'ledger audit',
      r.audit.problems.length === 0 ? 'clean' : r.audit.problems.slice(0, 5).join('; '),
    ],
    ['load average', `before ${r.loadBefore}, at the end of the window ${r.loadDuring}`],
    ['machine speed', speedWords(r.cpuSpeed)],
  ];

  const failures = [
    rounds === 0 && 'no round finished in the window',
    results.length === 0 && 'no close→result sample',
    acks.length === 0 && 'no bet acknowledged',
    errors.missedResults > 0 &&
      `${errors.missedResults} results had not reached their client ${GRACE_MS / 1000} s after the window`,
    errors.ackTimeouts > 0 && `${errors.ackTimeouts} acks never came`,
    errors.disconnects > 0 && `${errors.disconnects} sockets dropped`,
    r.betsStored < betsAcked &&
      `${r.betsStored} bets stored, fewer than the ${betsAcked} acknowledged`,
    r.audit.problems.length > 0 && 'the ledger audit found problems',
  ].filter((x): x is string => typeof x === 'string');
  return {
    result,
    rows,
    failures,
    perRound,
    roundsPerSecond: rounds / r.window,
    betAckMs: quantiles(acks),
    closeToResultMs: quantiles(results),
    profiles: r.phase.profiles,
    shape,
    cpuSpeed: r.cpuSpeed,
    sqlCommitsPerRound: r.sqlCommits / Math.max(1, settled),
    heapAfterMajorGcMB: r.stats.flatMap((s) => s.gc.markCompacts.heapAfterMB),
    markedHeap: r.markedHeap,
    bus: r.busTraffic && {
      commands: r.busTraffic.commands / Math.max(1, settled),
      bytesIn: r.busTraffic.bytesIn / Math.max(1, settled),
      bytesOut: r.busTraffic.bytesOut / Math.max(1, settled),
      byCommand: Object.fromEntries(
        Object.entries(r.busTraffic.byCommand).map(([k, n]) => [k, n / Math.max(1, settled)]),
      ),
    },
  };
}

/** Each statement kind a round: calls, execution time, mean time a call, rows; costliest first. */
function statementsPerRound(costs: readonly StatementCost[], rounds: number) {
  return costs
    .map((c) => ({
      name: c.name,
      callsPerRound: c.calls / rounds,
      msPerRound: c.totalMs / rounds,
      meanMs: c.totalMs / Math.max(1, c.calls),
      rowsPerRound: c.rows / rounds,
    }))
    .filter((c) => c.callsPerRound >= 0.005)
    .sort((a, b) => b.msPerRound - a.msPerRound);
}

/** The per-statement table as rows: Postgres's execution time a round by statement kind. */
function statementRows(
  costs: readonly StatementCost[] | null,
  rounds: number,
  postgresCpuMs: number,
): [string, string][] {
  if (costs === null) {
    return [['postgres by statement', 'not measured (no pg_stat_statements: --postgres own)']];
  }
  const kinds = statementsPerRound(costs, rounds);
  const execMs = kinds.reduce((n, k) => n + k.msPerRound, 0);
  const width = Math.max(...kinds.map((k) => k.name.length));
  const cells = (k: (typeof kinds)[number]) =>
    `${f(k.callsPerRound, 2).padStart(7)} ${f(k.msPerRound, 2).padStart(9)} ${f(k.meanMs, 3).padStart(9)} ${f(k.rowsPerRound, 1).padStart(8)}`;
  return [
    [
      'postgres by statement, a round',
      `${'statement'.padEnd(width)}   calls   exec ms   mean ms     rows  (exec ${f(execMs, 2)} ms a round, postgres CPU ${f(postgresCpuMs, 2)} ms)`,
    ],
    ...kinds.map((k) => ['', `${k.name.padEnd(width)} ${cells(k)}`] as [string, string]),
  ];
}

/** The probe's reading: what a fixed piece of work cost in CPU time through the window. */
const speedWords = (x: SpeedReading) =>
  `a fixed piece of work took p50 ${f(x.p50, 2)} CPU ms (${f(x.min, 2)}–${f(x.max, 2)}, n=${x.n})`;

const frameRate = (x: FrameRate) => `${f(x.perRound, 2)} × ${f(x.bytes, 0)} B`;
/** The collector's pauses in a window, and where its longest loop stall fell. */
/** The heap a forced full collection kept, whole and by the spaces that hold most of it. */
function describeMarkedHeap(heap: MarkedHeap): string {
  const mb = (bytes: number) => f(bytes / 2 ** 20, 0);
  const spaces = Object.entries(heap.spaces)
    .filter(([, bytes]) => bytes >= 2 ** 20)
    .sort(([, a], [, b]) => b - a)
    .map(([name, bytes]) => `${name.replace(/_space$/, '')} ${mb(bytes)}`)
    .join(', ');
  return `${mb(heap.usedBytes)} MB live after a forced full GC (${spaces} MB; the GC took ${f(heap.gcMs, 0)} ms)`;
}

function describeGc(gc: GcWindow): string {
  const { scavenges: minor, markCompacts: major, longestStall } = gc;
  const at = (s: number) => `${f(s)} s`;
  return [
    `scavenges ${minor.n} (max ${f(minor.maxMs)}, ${f(minor.totalMs, 0)} ms in all)`,
    `mark-compacts ${major.n}${major.n > 0 ? ` at ${major.atS.map(at).join(', ')} (max ${f(major.maxMs)} ms; heap after ${major.heapAfterMB.map((mb) => f(mb, 0)).join(', ')} MB)` : ''}`,
    `loop stalled ${f(longestStall.ms, 0)} ms at ${at(longestStall.atS)}`,
  ].join('; ');
}

/** A round's frames as the relay replays them: count per round per client × mean size. */
const describeShape = (s: RelayShape): string =>
  `out: broadcast ${frameRate(s.broadcast)}, one-to-one ${frameRate(s.unicast)}, acks ${frameRate(s.acks)}; in: commands ${frameRate(s.commands)}; a table's round every ${f(s.roundMs, 0)} ms`;

function printRows(rows: [string, string][]): void {
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n'));
}

function printProfiles(outcome: PhaseOutcome): void {
  for (const path of outcome.profiles) {
    if (path)
      console.log(`\nCPU profile of the window: ${path}\n${formatSummary(summariseProfile(path))}`);
  }
}

/** `out.cpuprofile` → `out.<tag>.cpuprofile`: one profile per node and phase. */
function profileFile(tag: string): string | null {
  if (!profilePath) return null;
  const dot = profilePath.lastIndexOf('.');
  return dot > profilePath.lastIndexOf('/')
    ? `${profilePath.slice(0, dot)}.${tag}${profilePath.slice(dot)}`
    : `${profilePath}.${tag}`;
}

const serversAndPostgres = (o: PhaseOutcome) => o.perRound.servers + o.perRound.postgres;

/** The figure we steer by: Banco's CPU a round (servers + Postgres) ÷ the bare relay's. */
function relayResult(one: PhaseOutcome, relay: RelayOutcome, many?: PhaseOutcome) {
  return {
    cpuMsPerRound: relay.cpuMsPerRound,
    ratio: serversAndPostgres(one) / relay.cpuMsPerRound,
    serversOnlyRatio: one.perRound.servers / relay.cpuMsPerRound,
    ...(many ? { ratioOfSeveral: serversAndPostgres(many) / relay.cpuMsPerRound } : {}),
    roundsPerSecond: relay.roundsPerSecond,
    betAckMs: relay.betAckMs,
    closeToResultMs: relay.closeToResultMs,
    cpuPercent: relay.cpu,
    replayed: relay.replayed,
    loadAverage: { before: relay.loadBefore, during: relay.loadDuring },
    fixedWorkCpuMs: relay.cpuSpeed,
  };
}

/**
 * The floor phase, after Banco's: the one-node phase's frames replayed by a bare socket.io
 * relay with the same bots' count, window and start, and the two side by side.
 */
async function floor(one: PhaseOutcome, many?: PhaseOutcome): Promise<RelayOutcome> {
  const relay = await runRelayPhase({
    shape: one.shape,
    tables,
    seconds,
    warmup,
    botProcs,
    port: port + 10,
    start: start === 'lockstep' ? 'lockstep' : 'staggered',
    serverFlags,
    log,
  });
  const latency = (x: Quantiles) => `${f(x.p50)} / ${f(x.p99)} / ${f(x.max)} ms`;
  const phases: [string, PhaseOutcome][] = [
    ['Banco, 1 node', one],
    ...(many ? ([[`Banco, ${nodes} nodes`, many]] as [string, PhaseOutcome][]) : []),
  ];
  const rows: [string, string[]][] = [
    ['rounds/s', [...phases.map(([, o]) => f(o.roundsPerSecond, 2)), f(relay.roundsPerSecond, 2)]],
    [
      'bet ack p50 / p99 / max',
      [...phases.map(([, o]) => latency(o.betAckMs)), latency(relay.betAckMs)],
    ],
    [
      'close → result p50 / p99 / max',
      [...phases.map(([, o]) => latency(o.closeToResultMs)), latency(relay.closeToResultMs)],
    ],
    [
      'CPU ms / round (servers + postgres)',
      [...phases.map(([, o]) => f(serversAndPostgres(o), 2)), f(relay.cpuMsPerRound, 2)],
    ],
    [
      '… ÷ the relay',
      [...phases.map(([, o]) => f(serversAndPostgres(o) / relay.cpuMsPerRound, 2)), '1'],
    ],
    [
      'fixed work, CPU ms (machine speed)',
      [...phases.map(([, o]) => f(o.cpuSpeed.p50, 2)), f(relay.cpuSpeed.p50, 2)],
    ],
  ];
  const heads = [...phases.map(([name]) => name), 'bare relay'];
  const width = Math.max(...rows.map(([k]) => k.length));
  const cols = heads.map((h, i) => Math.max(h.length, ...rows.map(([, v]) => v[i]!.length)));
  const line = (k: string, v: string[]) =>
    `${k.padEnd(width)}  ${v.map((x, i) => x.padEnd(cols[i]!)).join('  ')}`.trimEnd();
  console.log(
    [
      `\n── Banco vs a bare socket.io relay of the same frames, ${tables} tables, same run ──`,
      `frames replayed (from Banco, 1 node): ${describeShape(one.shape)}`,
      `frames the relay sent (its own count):  ${describeShape(relay.replayed)}`,
      `relay CPU % of one core: relay ${f(relay.cpu.relay)}  bots ${f(relay.cpu.bots)}  machine ${f(relay.cpu.machine)} % of all cores; load average before ${relay.loadBefore}, at the end ${relay.loadDuring}`,
      line('', heads),
      ...rows.map(([k, v]) => line(k, v)),
      `Banco ÷ bare relay, CPU per round: ${f(serversAndPostgres(one) / relay.cpuMsPerRound, 2)} (servers + postgres; servers alone ${f(one.perRound.servers / relay.cpuMsPerRound, 2)}; aim ≤ 2)`,
    ].join('\n'),
  );
  return relay;
}

/** Postgres's share of a round and the floor's (docs/performance.md, issue 45's goals). */
const ROUND_GOALS = {
  sqlCommitsPerRound: 5,
  postgresPerServer: 0.4,
  relayRatio: 2.5,
  relayRatioServersAlone: 2,
} as const;

/** Every goal of a round's cost on one line each, so a run's figures are read off directly. */
function printRoundGoals(one: PhaseOutcome, relay: RelayOutcome | null, many?: PhaseOutcome) {
  const phases: [string, PhaseOutcome][] = [
    ['1 node', one],
    ...(many ? ([[`${nodes} nodes`, many]] as [string, PhaseOutcome][]) : []),
  ];
  const each = (text: (o: PhaseOutcome) => string) =>
    phases.map(([name, o]) => `${name} ${text(o)}`).join('; ');
  const pgShare = (o: PhaseOutcome) => o.perRound.postgres / o.perRound.servers;
  const heap = (o: PhaseOutcome) =>
    o.heapAfterMajorGcMB.length === 0
      ? 'no mark-compact in the window'
      : `${o.heapAfterMajorGcMB.map((mb) => f(mb, 0)).join(', ')} MB`;
  const lines = [
    `\n── a round's cost against its goals, ${tables} tables ──`,
    `SQL transactions / round (goal ≤ ${ROUND_GOALS.sqlCommitsPerRound}): ${each((o) => `${f(o.sqlCommitsPerRound, 2)} ${atMost(o.sqlCommitsPerRound, ROUND_GOALS.sqlCommitsPerRound)}`)}`,
    `postgres CPU ÷ server CPU, a round (goal ≤ ${ROUND_GOALS.postgresPerServer}): ${each((o) => `${f(pgShare(o), 2)} ${atMost(pgShare(o), ROUND_GOALS.postgresPerServer)}`)}`,
    relay
      ? `Banco (1 node) ÷ bare relay, CPU a round: ${f(serversAndPostgres(one) / relay.cpuMsPerRound, 2)} with postgres (goal ≤ ${ROUND_GOALS.relayRatio}: ${atMost(serversAndPostgres(one) / relay.cpuMsPerRound, ROUND_GOALS.relayRatio)}), ${f(one.perRound.servers / relay.cpuMsPerRound, 2)} the server alone (goal ≤ ${ROUND_GOALS.relayRatioServersAlone}: ${atMost(one.perRound.servers / relay.cpuMsPerRound, ROUND_GOALS.relayRatioServersAlone)})`
      : 'Banco ÷ bare relay: not measured (--relay off)',
    `p99 bet ack (goal ≤ ${GOALS.betAckP99Ms} ms), close → result (goal ≤ ${GOALS.closeToResultP99Ms} ms): ${each((o) => `${f(o.betAckMs.p99)} ${held(o.betAckMs.p99, GOALS.betAckP99Ms)}, ${f(o.closeToResultMs.p99)} ${held(o.closeToResultMs.p99, GOALS.closeToResultP99Ms)}`)}`,
    ...(many
      ? [
          `CPU a round, servers + postgres, ${nodes} nodes ÷ 1 node (goal ≤ ${CLUSTER_GOALS.cpuRatio}): ${f(serversAndPostgres(many) / serversAndPostgres(one), 2)} ${atMost(serversAndPostgres(many) / serversAndPostgres(one), CLUSTER_GOALS.cpuRatio)}`,
        ]
      : []),
    `heap in use after each major GC (mark-compact): ${each(heap)}`,
    `heap the major GC marks (a full GC forced after the window): ${each((o) => o.markedHeap.map((h) => `${f(h.usedBytes / 2 ** 20, 0)} MB`).join(', '))}`,
  ];
  console.log(lines.join('\n'));
}

async function main(): Promise<number> {
  benchPostgres = await startBenchPostgres(postgresMode, postgresPort);
  log(`postgres: ${benchPostgres.describe}`);
  try {
    return await runAll();
  } finally {
    await benchPostgres.stop();
  }
}

async function runAll(): Promise<number> {
  if (nodes === 1) {
    const outcome = await runPhase({
      nodes: 1,
      tables,
      botProcs,
      label: '1 node',
      profiles: [profilePath],
    });
    printRows(outcome.rows);
    printProfiles(outcome);
    const relay = relayOn ? await floor(outcome) : null;
    printRoundGoals(outcome, relay);
    console.log(
      JSON.stringify(
        relay ? { ...outcome.result, relay: relayResult(outcome, relay) } : outcome.result,
      ),
    );
    const failures = [...outcome.failures, ...(relay?.failures.map((x) => `[relay] ${x}`) ?? [])];
    for (const failure of failures) console.error(`FAIL: ${failure}`);
    return failures.length === 0 ? 0 : 1;
  }
  // One node first, then N: the same tables, timings and window, each on a fresh database.
  const one = await runPhase({
    nodes: 1,
    tables,
    botProcs,
    label: '1 node',
    profiles: [profileFile('1-node')],
  });
  console.log(`── 1 node ──`);
  printRows(one.rows);
  printProfiles(one);
  const many = await runPhase({
    nodes,
    tables,
    botProcs,
    label: `${nodes} nodes`,
    profiles: Array.from({ length: nodes }, (_, i) => profileFile(`${nodes}-nodes-node-${i + 1}`)),
  });
  console.log(`\n── ${nodes} nodes ──`);
  printRows(many.rows);
  printProfiles(many);
  // One node as loaded as each of the N: the same tables a node and rounds a second a node.
  const shareTables = Math.ceil(tables / nodes);
  const share = nodeLoadOn
    ? await runPhase({
        nodes: 1,
        tables: shareTables,
        botProcs: Math.max(1, Math.round(botProcs / nodes)),
        label: `1 node, ${shareTables} tables`,
        profiles: [profileFile('1-node-share')],
      })
    : null;
  if (share) {
    console.log(`\n── 1 node, ${shareTables} tables (a node's share) ──`);
    printRows(share.rows);
    printProfiles(share);
  }

  const total = (o: PhaseOutcome) => o.perRound.servers + o.perRound.postgres;
  // The bots do the same work a round in every phase, on the same cores at the same time as the
  // servers: their CPU a round meters how fast the machine ran during each phase, which moves
  // more between phases than the fixed piece of work shows (docs/performance-log.md).
  const againstBots = (o: PhaseOutcome) => total(o) / o.perRound.bots;
  const overhead = (total(many) - total(one)) / total(one);
  const withRedis = (total(many) + (many.perRound.redis ?? 0) - total(one)) / total(one);
  const pct = (x: number) => `${x >= 0 ? '+' : ''}${f(100 * x)} %`;
  const latency = (x: Quantiles) => `${f(x.p50)} / ${f(x.p99)} / ${f(x.max)} ms`;
  const goals = (o: PhaseOutcome) =>
    `ack ${held(o.betAckMs.p99, GOALS.betAckP99Ms)}, result ${held(o.closeToResultMs.p99, GOALS.closeToResultP99Ms)}`;
  const columns: [string, (o: PhaseOutcome) => string][] = [
    ['rounds/s', (o) => f(o.roundsPerSecond, 2)],
    ['bet ack p50 / p99 / max', (o) => latency(o.betAckMs)],
    ['close → result p50 / p99 / max', (o) => latency(o.closeToResultMs)],
    [
      `goals (p99 ack ≤ ${GOALS.betAckP99Ms}, result ≤ ${GOALS.closeToResultP99Ms} ms)`,
      (o) => goals(o),
    ],
    ['CPU ms / round: servers', (o) => f(o.perRound.servers)],
    ['CPU ms / round: postgres', (o) => f(o.perRound.postgres)],
    ['CPU ms / round: servers + postgres', (o) => f(total(o))],
    ['CPU ms / round: redis', (o) => (o.perRound.redis === null ? '—' : f(o.perRound.redis))],
    // Two phases are comparable only at the same speed: a slower machine inflates every CPU figure.
    ['fixed work, CPU ms (machine speed)', (o) => f(o.cpuSpeed.p50, 2)],
    ['CPU ms / round: bots (same work in each)', (o) => f(o.perRound.bots)],
    ['servers + postgres ÷ bots, a round', (o) => f(againstBots(o), 2)],
  ];
  const compared: [string, PhaseOutcome][] = [
    ['1 node', one],
    [`${nodes} nodes`, many],
    ...(share ? ([[`1 node, ${shareTables} tables`, share]] as [string, PhaseOutcome][]) : []),
  ];
  const width = Math.max(...columns.map(([k]) => k.length));
  const widths = compared.map(([name, o]) =>
    Math.max(name.length, ...columns.map(([, v]) => v(o).length)),
  );
  const row = (k: string, cells: string[]) =>
    `${k.padEnd(width)}  ${cells.map((c, i) => c.padEnd(widths[i]!)).join('  ')}`.trimEnd();
  console.log(
    `\n── 1 node vs ${nodes} nodes, ${tables} tables, same run ──\n` +
      [
        row(
          '',
          compared.map(([name]) => name),
        ),
        ...columns.map(([k, v]) =>
          row(
            k,
            compared.map(([, o]) => v(o)),
          ),
        ),
      ].join('\n') +
      `\nbus overhead per round: ${pct(overhead)} (servers + postgres), ${pct(withRedis)} with redis`,
  );
  const ratio = total(many) / total(one);
  const botRatio = againstBots(many) / againstBots(one);
  const atNodeLoad = share && {
    cpuRatioAtNodeLoad: total(many) / total(share),
    cpuRatioAtNodeLoadAgainstBots: againstBots(many) / againstBots(share),
  };
  const bus = many.bus;
  console.log(
    [
      `\n── goals of ${nodes} nodes (${placement} placement) ──`,
      `CPU / round, servers + postgres, ${nodes} nodes ÷ 1 node: ${f(ratio, 2)} (goal ≤ ${CLUSTER_GOALS.cpuRatio}: ${atMost(ratio, CLUSTER_GOALS.cpuRatio)})`,
      `the same, each phase against its bots' CPU a round (the machine's speed cancelled): ${f(botRatio, 2)}`,
      ...(atNodeLoad
        ? [
            `${nodes} nodes ÷ 1 node of ${shareTables} tables (as loaded as each node; the cluster's own cost): ${f(atNodeLoad.cpuRatioAtNodeLoad, 2)}, against the bots ${f(atNodeLoad.cpuRatioAtNodeLoadAgainstBots, 2)}`,
          ]
        : []),
      bus
        ? `redis / round: ${f(bus.commands, 1)} commands (goal ≤ ${CLUSTER_GOALS.redisCommands}: ${atMost(bus.commands, CLUSTER_GOALS.redisCommands)}), ${f(bus.bytesIn / 1024)} kB in, ${f(bus.bytesOut / 1024)} kB out (goal ≤ ${CLUSTER_GOALS.redisBytes / 1024} kB each way: ${atMost(Math.max(bus.bytesIn, bus.bytesOut), CLUSTER_GOALS.redisBytes)})`
        : 'redis / round: not measured',
      `p99 goals: 1 node ${goals(one)}; ${nodes} nodes ${goals(many)}`,
    ].join('\n'),
  );
  const relay = relayOn ? await floor(one, many) : null;
  printRoundGoals(one, relay, many);
  console.log(
    JSON.stringify({
      nodes,
      phases: { one: one.result, many: many.result, ...(share ? { share: share.result } : {}) },
      ...(relay ? { relay: relayResult(one, relay, many) } : {}),
      busOverhead: { serversAndPostgres: overhead, withRedis },
      placement,
      cpuRatio: ratio,
      cpuRatioAgainstBots: botRatio,
      ...atNodeLoad,
      busPerRound: bus,
    }),
  );
  const failures = [
    ...one.failures.map((x) => `[1 node] ${x}`),
    ...many.failures.map((x) => `[${nodes} nodes] ${x}`),
    ...(share?.failures.map((x) => `[1 node, ${shareTables} tables] ${x}`) ?? []),
    ...(relay?.failures.map((x) => `[relay] ${x}`) ?? []),
  ];
  for (const failure of failures) console.error(`FAIL: ${failure}`);
  return failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
