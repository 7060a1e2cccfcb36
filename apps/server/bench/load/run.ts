/**
 * The load bench (issue 10): one real server process with N tables of 14 seated bots, the
 * bots in several other processes, a fresh Postgres database; measures a window after a
 * warm-up and prints rounds/s, bet-ack and close→result percentiles, CPU of server, Postgres
 * and bots, event-loop delay, RSS, SQL transactions per round, errors and the ledger audit.
 *
 *   pnpm bench:load --tables 500 --seconds 60 [--warmup 30] [--start staggered|lockstep]
 *                   [--bot-procs 4] [--port 3900] [--cpu-prof file.cpuprofile]
 *
 * Method and figures: docs/performance.md.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createLedger } from '../../src/db/ledger.js';
import { checkLedger } from '../../src/db/ledger-invariant.js';
import { createPrisma } from '../../src/db/prisma.js';
import { SERVER_NODE_FLAG } from '../../src/node-flags.js';
import { createTestDatabase } from '../../src/db/test-database.js';
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
import { CpuMeter, MachineMeter, loadAverage, peakRssBytes, writeSyscalls } from './proc-stats.js';
import { formatSummary, summariseProfile } from './profile-summary.js';

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
    'keep-db': { type: 'boolean', default: false },
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
/** Node flags for the server process alone; by default the ones `pnpm start` uses. */
const serverFlags = (values['server-flags'] ?? '').split(/\s+/).filter((flag) => flag !== '');
const botNice = Number(values['bot-nice']);
if (!Number.isInteger(botNice) || botNice < 0 || botNice > 19) {
  throw new Error('--bot-nice: a whole number 0–19');
}
const start = values.start;
if (start !== 'staggered' && start !== 'lockstep') {
  throw new Error('--start: staggered or lockstep');
}
// A relative path is taken from where `pnpm bench:load` was typed (pnpm runs us elsewhere).
const profilePath = values['cpu-prof']
  ? resolve(process.env.INIT_CWD ?? process.cwd(), values['cpu-prof'])
  : null;

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));
const TSX = ['--import', 'tsx', '--conditions=source'];
/** Results of rounds closed just before the window's end get this long to arrive. */
const GRACE_MS = 5_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;

/** A fresh, migrated database on the local Postgres; dropped at the end. */
const createBenchDatabase = () =>
  createTestDatabase({ prefix: 'banco_bench', adminUrl: process.env.BENCH_DATABASE_ADMIN_URL });

/** Waits for the first IPC message of a type, or fails if the process exits first. */
function nextMessage<M extends { type: string }, T extends M['type']>(
  child: ChildProcess,
  type: T,
  timeoutMs: number,
): Promise<Extract<M, { type: T }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no ${type} within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (message: M) => {
      if (message.type !== type) return;
      cleanup();
      resolve(message as Extract<M, { type: T }>);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`process exited (${code}) before ${type}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

async function main(): Promise<number> {
  const loadBefore = loadAverage();
  log(
    `${tables} tables × ${SEATS_PER_TABLE} bots, ${start} start, ${botProcs} bot processes, warm-up ${warmup} s, measuring ${seconds} s; load average ${loadBefore}`,
  );
  const db = await createBenchDatabase();
  const prisma = createPrisma(db.url);
  const children: ChildProcess[] = [];
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

    const logFile = join(tmpdir(), `banco-bench-server-${port}.log`);
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
        PORT: String(port),
        BENCH_TABLES: String(tables),
        LOG_LEVEL: 'warn',
      },
    });
    children.push(server);
    const { url } = await nextMessage<ServerMessage, 'ready'>(server, 'ready', 120_000);
    log(`server ${server.pid} at ${url} (log: ${logFile})`);

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
    const assigned: BotTable[][] = bots.map(() => []);
    for (let t = 0; t < tables; t++) {
      assigned[t % botProcs]!.push({
        tableId: benchTableId(t),
        // One loopback address a table: each stays far inside the per-address limits (P1.6).
        localAddress: `127.10.${Math.floor(t / 250)}.${(t % 250) + 1}`,
        sitAt: 0,
        guests: guestsOf[t]!,
      });
    }
    const connecting = bots.map((bot) =>
      nextMessage<BotMessage, 'connected'>(bot, 'connected', 300_000),
    );
    bots.forEach((bot, i) =>
      bot.send({ type: 'connect', url, tables: assigned[i]! } satisfies BotCommand),
    );
    const connected = await Promise.all(connecting);
    const failures = connected.flatMap((c) => c.failures);
    if (failures.length > 0)
      throw new Error(`bots could not connect: ${failures.slice(0, 5).join('; ')}`);
    log(`${connected.reduce((n, c) => n + c.sockets, 0)} sockets connected and joined`);

    // Staggered: sit-downs spread evenly over one nominal round; lockstep: all at one moment.
    const period = LOAD_TIMINGS.bettingMs + LOAD_TIMINGS.resultMs;
    const base = Date.now() + 1_000;
    const sitAt = (t: number) =>
      start === 'lockstep' ? base : base + Math.floor((t * period) / tables);
    bots.forEach((bot, i) =>
      bot.send({
        type: 'sit',
        sitAt: Object.fromEntries(
          assigned[i]!.map((table, k) => [table.tableId, sitAt(k * botProcs + i)]),
        ),
      } satisfies BotCommand),
    );
    await sleep(base - Date.now() + warmup * 1_000);

    const pgPids = async () =>
      (
        await prisma.$queryRaw<
          { pid: number }[]
        >`SELECT pid FROM pg_stat_activity WHERE datname = ${db.name}`
      ).map((r) => r.pid);
    const pgAuxPids = async () =>
      (
        await prisma.$queryRaw<
          { pid: number }[]
        >`SELECT pid FROM pg_stat_activity WHERE backend_type <> 'client backend'`
      ).map((r) => r.pid);
    const commits = async () =>
      Number(
        (
          await prisma.$queryRaw<
            { n: bigint }[]
          >`SELECT xact_commit AS n FROM pg_stat_database WHERE datname = ${db.name}`
        )[0]!.n,
      );
    const botPids = bots.map((b) => b.pid!);
    const [serverCpu, pgCpu, pgAuxCpu, botCpu, machine] = [
      new CpuMeter(),
      new CpuMeter(),
      new CpuMeter(),
      new CpuMeter(),
      new MachineMeter(),
    ];
    const commitsBefore = await commits();
    const writesBefore = writeSyscalls(server.pid!);
    server.send({ type: 'measure-start', profile: profilePath } satisfies ServerCommand);
    const from = Date.now();
    serverCpu.begin([server.pid!]);
    pgCpu.begin(await pgPids());
    pgAuxCpu.begin(await pgAuxPids());
    botCpu.begin(botPids);
    machine.begin();
    log(`measuring from ${new Date(from).toISOString()}`);
    await sleep(seconds * 1_000);
    const to = Date.now();
    const window = (to - from) / 1000;
    const cpu = {
      server: serverCpu.end([server.pid!], window),
      postgres: pgCpu.end(await pgPids(), window),
      postgresAux: pgAuxCpu.end(await pgAuxPids(), window),
      bots: botCpu.end(botPids, window),
      machine: machine.end(),
    };
    const serverWrites = writeSyscalls(server.pid!) - writesBefore;
    const loadDuring = loadAverage();
    const stopped = nextMessage<ServerMessage, 'stats'>(server, 'stats', 60_000);
    const profiled = profilePath
      ? nextMessage<ServerMessage, 'profile'>(server, 'profile', 120_000)
      : null;
    server.send({ type: 'measure-stop' } satisfies ServerCommand);
    const stats: ServerStats = (await stopped).stats;
    // Stats reach pg_stat_database within a second of a busy backend's commit.
    await sleep(1_500);
    const sqlCommits = (await commits()) - commitsBefore;
    const serverPeakRss = peakRssBytes(server.pid!);
    await profiled;

    await sleep(GRACE_MS);
    const reports = await Promise.all(
      bots.map((bot) => {
        const reply = nextMessage<BotMessage, 'report'>(bot, 'report', 60_000);
        bot.send({ type: 'report', from, to } satisfies BotCommand);
        return reply.then((r) => r.report);
      }),
    );
    for (const bot of bots) bot.send({ type: 'stop' } satisfies BotCommand);
    await Promise.all(bots.map(exited));
    server.kill('SIGTERM');
    const serverExit = await Promise.race([exited(server), sleep(60_000).then(() => 'timeout')]);
    if (serverExit === 'timeout') server.kill('SIGKILL');

    const audit = await checkLedger(prisma);
    const betsStored = Number(
      (await prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM bets`)[0]!.n,
    );
    return report({
      reports,
      stats,
      cpu,
      window,
      sqlCommits,
      serverWrites,
      serverPeakRss,
      audit,
      betsStored,
      serverExit,
      loadBefore,
      loadDuring,
    });
  } finally {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await prisma.$disconnect();
    if (values['keep-db']) log(`database kept: ${db.url}`);
    else await db.drop();
  }
}

function report(r: {
  reports: BotReport[];
  stats: ServerStats;
  cpu: { server: number; postgres: number; postgresAux: number; bots: number; machine: number };
  window: number;
  sqlCommits: number;
  serverWrites: number;
  serverPeakRss: number;
  audit: Awaited<ReturnType<typeof checkLedger>>;
  betsStored: number;
  serverExit: number | null | string;
  loadBefore: string;
  loadDuring: string;
}): number {
  const sorted = (pick: (b: BotReport) => number[]) =>
    r.reports.flatMap(pick).sort((a, b) => a - b);
  const acks = sorted((b) => b.betAcks);
  const results = sorted((b) => b.closeToResult);
  const botLoop = sorted((b) => b.loopDelays);
  const sum = (pick: (b: BotReport) => number) => r.reports.reduce((n, b) => n + pick(b), 0);
  const rounds = sum((b) => b.rounds);
  const refusals: Record<string, number> = {};
  for (const b of r.reports) {
    for (const [code, n] of Object.entries(b.refusals)) refusals[code] = (refusals[code] ?? 0) + n;
  }
  const quantiles = (list: number[]) => ({
    n: list.length,
    p50: percentile(list, 50),
    p95: percentile(list, 95),
    p99: percentile(list, 99),
    max: list.at(-1) ?? NaN,
  });
  const result = {
    tables,
    start,
    seconds: r.window,
    warmup,
    botProcs,
    botNice,
    serverFlags,
    roundsPerSecond: rounds / r.window,
    rounds,
    serverRoundsSettled: r.stats.roundsSettled,
    betAckMs: quantiles(acks),
    closeToResultMs: quantiles(results),
    cpuPercent: r.cpu,
    eventLoop: { delayMs: r.stats.loopDelay, utilization: r.stats.loopUtilization },
    botEventLoopDelayMs: quantiles(botLoop),
    serverRssMB: r.stats.rssBytes / 2 ** 20,
    serverPeakRssMB: r.serverPeakRss / 2 ** 20,
    sqlCommitsPerRound: r.sqlCommits / Math.max(1, r.stats.roundsSettled),
    serverWriteSyscallsPerRound: r.serverWrites / Math.max(1, r.stats.roundsSettled),
    framesPerRoundPerClient: sum((b) => b.framesReceived) / Math.max(1, rounds) / SEATS_PER_TABLE,
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
    serverExit: r.serverExit,
    loadAverage: { before: r.loadBefore, during: r.loadDuring },
  };
  const f = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
  const q = (x: ReturnType<typeof quantiles>) =>
    `p50 ${f(x.p50)}  p95 ${f(x.p95)}  p99 ${f(x.p99)}  max ${f(x.max)} ms  (n=${x.n})`;
  const rows: [string, string][] = [
    [
      'tables × bots',
      `${tables} × ${SEATS_PER_TABLE}, ${start}, ${botProcs} bot processes${botNice ? `, nice ${botNice}` : ''}`,
    ],
    ['window', `${f(r.window)} s after ${warmup} s warm-up`],
    [
      'rounds/s',
      `${f(result.roundsPerSecond, 2)} (${rounds} rounds; server settled ${r.stats.roundsSettled})`,
    ],
    ['bet ack', q(result.betAckMs)],
    ['close → result (every client)', q(result.closeToResultMs)],
    [
      'CPU % of one core',
      `server ${f(r.cpu.server)}  postgres ${f(r.cpu.postgres)} (+ background ${f(r.cpu.postgresAux)})  bots ${f(r.cpu.bots)}  machine ${f(r.cpu.machine)} % of all cores`,
    ],
    [
      'event loop',
      `delay p50 ${f(r.stats.loopDelay.p50)}  p99 ${f(r.stats.loopDelay.p99)}  max ${f(r.stats.loopDelay.max)} ms; utilisation ${f(r.stats.loopUtilization, 2)}`,
    ],
    ['bots event loop', `delay ${q(result.botEventLoopDelayMs)}`],
    [
      'server memory',
      `RSS ${f(result.serverRssMB, 0)} MB (peak ${f(result.serverPeakRssMB, 0)} MB), heap ${f(r.stats.heapUsedBytes / 2 ** 20, 0)} MB`,
    ],
    ['SQL transactions / round', f(result.sqlCommitsPerRound)],
    ['socket messages / round / client', f(result.framesPerRoundPerClient)],
    ['server write syscalls / round', f(result.serverWriteSyscallsPerRound)],
    [
      'errors',
      `refusals ${JSON.stringify(refusals)}, ack timeouts ${result.errors.ackTimeouts}, disconnects ${result.errors.disconnects}, version gaps ${result.errors.versionGaps}, missed results ${result.errors.missedResults}`,
    ],
    [
      'bets (whole run)',
      `${result.betsSent} sent, ${result.betsAcked} acknowledged, ${r.betsStored} stored`,
    ],
    [
      'ledger audit',
      r.audit.problems.length === 0 ? 'clean' : r.audit.problems.slice(0, 5).join('; '),
    ],
    ['load average', `before ${r.loadBefore}, at the end of the window ${r.loadDuring}`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n'));
  if (profilePath)
    console.log(
      `\nCPU profile of the window: ${profilePath}\n${formatSummary(summariseProfile(profilePath))}`,
    );
  console.log(JSON.stringify(result));

  const failures = [
    rounds === 0 && 'no round finished in the window',
    results.length === 0 && 'no close→result sample',
    acks.length === 0 && 'no bet acknowledged',
    result.errors.missedResults > 0 &&
      `${result.errors.missedResults} results had not reached their client ${GRACE_MS / 1000} s after the window`,
    result.errors.ackTimeouts > 0 && `${result.errors.ackTimeouts} acks never came`,
    result.errors.disconnects > 0 && `${result.errors.disconnects} sockets dropped`,
    r.betsStored < result.betsAcked &&
      `${r.betsStored} bets stored, fewer than the ${result.betsAcked} acknowledged`,
    r.audit.problems.length > 0 && 'the ledger audit found problems',
  ].filter((x): x is string => typeof x === 'string');
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
