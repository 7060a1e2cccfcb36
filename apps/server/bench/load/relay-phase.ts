/**
 * The bench's floor phase: the bare relay (relay-server.ts) and its bots (relay-bots.ts), driven
 * with the shape of the same run's Banco phase, measured over the same window as Banco is.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { exited, nextMessage } from './ipc.js';
import {
  LOAD_TIMINGS,
  SEATS_PER_TABLE,
  benchTableId,
  type BotMessage,
  type BotReport,
  type ServerMessage,
} from './messages.js';
import { CpuMeter, MachineMeter, loadAverage } from './proc-stats.js';
import { quantiles, type Quantiles } from './quantiles.js';
import { startSpeedProbe, type SpeedReading } from './speed-probe.js';
import {
  relayShape,
  type RelayBotCommand,
  type RelayCommand,
  type RelayShape,
} from './relay-shape.js';

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));
const TSX = ['--import', 'tsx', '--conditions=source'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RelayOutcome {
  /** The relay process's CPU ms per round it dealt in the window. */
  cpuMsPerRound: number;
  roundsPerSecond: number;
  betAckMs: Quantiles;
  closeToResultMs: Quantiles;
  /** What the relay's own census saw: the check that it replayed Banco's shape. */
  replayed: RelayShape;
  cpu: { relay: number; bots: number; machine: number };
  loadBefore: string;
  loadDuring: string;
  /** What a CPU-millisecond bought during the window (speed-probe.ts). */
  cpuSpeed: SpeedReading;
  failures: string[];
}

export async function runRelayPhase(o: {
  shape: RelayShape;
  tables: number;
  seconds: number;
  warmup: number;
  botProcs: number;
  port: number;
  start: 'staggered' | 'lockstep';
  serverFlags: string[];
  log: (line: string) => void;
}): Promise<RelayOutcome> {
  const loadBefore = loadAverage();
  o.log(
    `relay: ${o.tables} tables × ${SEATS_PER_TABLE} bots, a round every ${o.shape.roundMs.toFixed(0)} ms, ${o.botProcs} bot processes; load average ${loadBefore}`,
  );
  const children: ChildProcess[] = [];
  try {
    const relay = fork(fileURLToPath(new URL('./relay-server.ts', import.meta.url)), [], {
      cwd: SERVER_DIR,
      execArgv: [...o.serverFlags, ...TSX],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: {
        ...process.env,
        PORT: String(o.port),
        BENCH_TABLES: String(o.tables),
        BENCH_RELAY_SHAPE: JSON.stringify(o.shape),
      },
    });
    children.push(relay);
    const { url } = await nextMessage<ServerMessage, 'ready'>(relay, 'ready', 60_000);
    o.log(`relay ${relay.pid} at ${url}`);
    const bots = Array.from({ length: o.botProcs }, () => {
      const bot = fork(fileURLToPath(new URL('./relay-bots.ts', import.meta.url)), [], {
        cwd: SERVER_DIR,
        execArgv: TSX,
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(bot);
      return bot;
    });
    const assigned: Extract<RelayBotCommand, { type: 'connect' }>['tables'][] = bots.map(() => []);
    for (let t = 0; t < o.tables; t++) {
      assigned[t % o.botProcs]!.push({
        tableId: benchTableId(t),
        guests: Array.from({ length: SEATS_PER_TABLE }, (_, s) => ({ seat: s + 1, url })),
      });
    }
    const connecting = bots.map((bot) =>
      nextMessage<BotMessage, 'connected'>(bot, 'connected', 300_000),
    );
    bots.forEach((bot, i) =>
      bot.send({ type: 'connect', tables: assigned[i]!, shape: o.shape } satisfies RelayBotCommand),
    );
    const failures = (await Promise.all(connecting)).flatMap((c) => c.failures);
    if (failures.length > 0)
      throw new Error(`relay bots could not connect: ${failures.slice(0, 5).join('; ')}`);

    // As Banco's phase: staggered starts spread over one nominal round, lockstep all at once.
    const period = LOAD_TIMINGS.bettingMs + LOAD_TIMINGS.resultMs;
    const speed = await startSpeedProbe();
    const base = Date.now() + 1_000;
    relay.send({
      type: 'start-rounds',
      startAt: Object.fromEntries(
        Array.from({ length: o.tables }, (_, t) => [
          benchTableId(t),
          o.start === 'lockstep' ? base : base + Math.floor((t * period) / o.tables),
        ]),
      ),
    } satisfies RelayCommand);
    await sleep(base - Date.now() + o.warmup * 1_000);

    const [relayCpu, botCpu, machine] = [new CpuMeter(), new CpuMeter(), new MachineMeter()];
    const botPids = bots.map((b) => b.pid!);
    relay.send({ type: 'measure-start', profile: null } satisfies RelayCommand);
    const from = Date.now();
    relayCpu.begin([relay.pid!]);
    botCpu.begin(botPids);
    machine.begin();
    speed.begin();
    await sleep(o.seconds * 1_000);
    const to = Date.now();
    const window = (to - from) / 1000;
    const cpu = {
      relay: relayCpu.end([relay.pid!], window),
      bots: botCpu.end(botPids, window),
      machine: machine.end(),
    };
    const cpuSpeed = speed.read();
    const loadDuring = loadAverage();
    const stopped = nextMessage<ServerMessage, 'stats'>(relay, 'stats', 60_000);
    relay.send({ type: 'measure-stop' } satisfies RelayCommand);
    const { stats } = await stopped;
    await sleep(2_000);
    const reports: BotReport[] = await Promise.all(
      bots.map((bot) => {
        const reply = nextMessage<BotMessage, 'report'>(bot, 'report', 60_000);
        bot.send({ type: 'report', from, to } satisfies RelayBotCommand);
        return reply.then((r) => r.report);
      }),
    );
    for (const bot of bots) bot.send({ type: 'stop' } satisfies RelayBotCommand);
    await Promise.all(bots.map(exited));
    relay.kill('SIGTERM');
    await exited(relay);

    const sorted = (pick: (b: BotReport) => number[]) =>
      reports.flatMap(pick).sort((a, b) => a - b);
    const sum = (pick: (b: BotReport) => number) => reports.reduce((n, b) => n + pick(b), 0);
    const rounds = sum((b) => b.rounds);
    const settled = stats.roundsSettled;
    const missed = sum((b) => b.missedResults);
    const timeouts = sum((b) => b.ackTimeouts);
    const drops = sum((b) => b.disconnects);
    return {
      cpuMsPerRound: (cpu.relay * window * 10) / Math.max(1, settled),
      roundsPerSecond: rounds / window,
      betAckMs: quantiles(sorted((b) => b.betAcks)),
      closeToResultMs: quantiles(sorted((b) => b.closeToResult)),
      replayed: relayShape(stats.frames, {
        roundsSettled: settled,
        clientsPerTable: SEATS_PER_TABLE,
        tables: o.tables,
        windowMs: window * 1000,
      }),
      cpu,
      loadBefore,
      loadDuring,
      cpuSpeed,
      failures: [
        settled === 0 && 'the relay dealt no round in the window',
        missed > 0 && `${missed} relay results never reached their client`,
        timeouts > 0 && `${timeouts} relay acks never came`,
        drops > 0 && `${drops} relay sockets dropped`,
      ].filter((x): x is string => typeof x === 'string'),
    };
  } finally {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}
