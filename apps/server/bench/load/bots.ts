/**
 * Players for the load bench, in their own processes so their sockets and JSON never share the
 * server's event loop. Each bot is a socket.io client that sits, bets once a round at a random
 * moment of the betting window, deals when it holds the shoe and reveals its cards at once.
 * Timestamps are epoch ms from performance.timeOrigin + now: every process is on one machine,
 * so the bots' clock and the server's `at` are comparable.
 *
 * The bots share the server's cores, so they must cost less than what they measure. By default
 * (`BENCH_BOTS=lean`) they speak socket.io through `lean-transport.ts`, and only the first
 * player of each table puts a `ProtocolSocket` on it, parsing every message and ack with its
 * schema as a page does; the other 13 trust it, and parse only the events they act on (the
 * rest they skim for type and version: `skimTableEvent`). `BENCH_BOTS=protocol` gives every bot
 * socket.io-client and a `ProtocolSocket`, as the bench did first.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { performance } from 'node:perf_hooks';
import {
  PROTOCOL_VERSION,
  ProtocolSocket,
  socketIoTransport,
  TABLE_EVENT,
  TABLE_PRIVATE,
  type CommandInput,
  type CommandName,
  type SendResult,
  type TableEventType,
} from '@banco/protocol';
import { io } from 'socket.io-client';
import { leanTransport } from './lean-transport.js';
import type { BotCommand, BotMessage, BotReport, BotTable } from './messages.js';
import { TrustingSocket } from './trusting-socket.js';

/** What a bot needs of its connection: `ProtocolSocket` has it, and so has `TrustingSocket`. */
interface Socket extends Pick<ProtocolSocket, 'on' | 'send' | 'close' | 'onStatus' | 'ready'> {
  open(): unknown;
}

const BOTS = process.env.BENCH_BOTS ?? 'lean';
if (BOTS !== 'lean' && BOTS !== 'protocol') throw new Error('BENCH_BOTS: lean or protocol');

const epochNow = () => performance.timeOrigin + performance.now();
const send = (message: BotMessage) => process.send!(message);
const ACK_TIMEOUT_MS = 30_000;
/** Bets go out this long before the window closes at the latest, so none lands after it. */
const BET_MARGIN_MS = 250;

/** Samples with the epoch ms they belong to, filtered to the measured window on report. */
const betAcks: [at: number, ms: number][] = [];
const closeToResult: [at: number, ms: number][] = [];
const roundsAt: number[] = [];
const framesAt: number[] = [];
/** Per client and round: when betting closed (server clock), until the result arrives. */
const pendingResults = new Set<{ closedAt: number }>();
const refusals = new Map<string, { at: number; code: string }[]>();
let ackTimeouts = 0;
let disconnects = 0;
let versionGaps = 0;
let betsSent = 0;
let betsAcked = 0;
let stopping = false;
const sockets: Socket[] = [];
/**
 * `BENCH_BOT_BURSTS=1`: how many separate arrivals (a server write, read in one go) the bots
 * saw over the whole run, by the first message in each, printed to stderr at the report.
 */
const bursts = process.env.BENCH_BOT_BURSTS ? new Map<string, number>() : null;

const LOOP_TICK_MS = 20;
const loopDelays: [at: number, ms: number][] = [];
let tickDue = epochNow() + LOOP_TICK_MS;
setInterval(() => {
  const now = epochNow();
  loopDelays.push([now, Math.max(0, now - tickDue)]);
  tickDue = now + LOOP_TICK_MS;
}, LOOP_TICK_MS).unref();

function refused(code: string): void {
  const list = refusals.get(code) ?? [];
  list.push({ at: epochNow(), code });
  refusals.set(code, list);
}

async function command<N extends CommandName>(
  socket: Socket,
  name: N,
  payload: CommandInput<N>,
): Promise<SendResult<N> | null> {
  const reply = await socket.send(name, payload);
  if (!reply.ok && (reply.code === 'NO_ANSWER' || reply.code === 'OFFLINE')) {
    if (!stopping) ackTimeouts++;
    return null;
  }
  if (!reply.ok && !stopping) refused(`${name}:${reply.code}`);
  return reply;
}

async function connect(
  url: string,
  token: string,
  localAddress: string,
  checked: boolean,
): Promise<Socket> {
  const auth = { token, protocolVersion: PROTOCOL_VERSION };
  const transport =
    BOTS === 'lean'
      ? leanTransport({ url, auth, localAddress, ...(checked ? {} : { readWhole: EVENTS_READ }) })
      : socketIoTransport(
          io(url, {
            transports: ['websocket'],
            auth,
            autoConnect: false,
            reconnection: false,
            forceNew: true,
            localAddress,
          } as Parameters<typeof io>[1]),
        );
  const options = { ackTimeoutMs: ACK_TIMEOUT_MS, reconnect: false as const };
  const socket: Socket =
    BOTS === 'protocol' || checked
      ? new ProtocolSocket(transport, options)
      : new TrustingSocket(transport, options);
  socket.onStatus((status) => {
    if (status === 'reconnecting' && !stopping) disconnects++;
  });
  socket.open();
  await socket.ready();
  return socket;
}

/**
 * The table events `play` reads beyond their type and version; a trusting bot skims the others
 * (`skimTableEvent`), as most of a round's events are others' bets and cards it only counts.
 */
const EVENTS_READ: ReadonlySet<TableEventType> = new Set<TableEventType>([
  'betting.opened',
  'betting.closed',
  'dealing.started',
  'round.result',
  'round.voided',
]);

/** One seated player: what it does with each event its table sends. */
function play(socket: Socket, table: BotTable, seat: number, countsRounds: boolean): void {
  const { tableId } = table;
  let lastVersion: number | null = null;
  const closedAt = new Map<number, { closedAt: number }>();
  let inBurst = false;
  const burst = (first: string) => {
    if (!bursts || inBurst) return;
    inBurst = true;
    bursts.set(first, (bursts.get(first) ?? 0) + 1);
    setImmediate(() => (inBurst = false));
  };
  socket.on(TABLE_EVENT, (event) => {
    const receivedAt = epochNow();
    framesAt.push(receivedAt);
    burst(event.type);
    if (lastVersion !== null && event.version > lastVersion + 1) versionGaps++;
    if (lastVersion === null || event.version > lastVersion) lastVersion = event.version;
    switch (event.type) {
      case 'betting.opened': {
        const round = event.round;
        const window = Math.max(0, (event.closesAt ?? Date.now()) - Date.now() - BET_MARGIN_MS);
        setTimeout(() => void bet(round), Math.random() * window);
        return;
      }
      case 'betting.closed': {
        const pending = { closedAt: event.at };
        closedAt.set(event.round, pending);
        pendingResults.add(pending);
        return;
      }
      case 'dealing.started':
        if (event.dealer === seat) {
          void command(socket, 'shoe.deal', { tableId, round: event.round });
        }
        return;
      case 'round.result': {
        if (countsRounds) roundsAt.push(receivedAt);
        const pending = closedAt.get(event.round);
        if (!pending) return;
        closedAt.delete(event.round);
        pendingResults.delete(pending);
        closeToResult.push([pending.closedAt, receivedAt - pending.closedAt]);
        return;
      }
      case 'round.voided': {
        const pending = closedAt.get(event.round);
        if (!pending) return;
        closedAt.delete(event.round);
        pendingResults.delete(pending);
        return;
      }
    }
  });
  socket.on(TABLE_PRIVATE, (peek) => {
    framesAt.push(epochNow());
    if (peek.type !== 'cards.peek') return;
    burst('cards.peek');
    void command(socket, 'cards.reveal', { tableId, round: peek.round });
  });

  async function bet(round: number): Promise<void> {
    if (stopping) return;
    const sentAt = epochNow();
    betsSent++;
    const reply = await command(socket, 'bets.confirm', {
      tableId,
      round,
      seat,
      confirmId: `load-${seat}-${round}`,
      bets: [
        {
          spot: Math.random() < 0.5 ? 'player' : 'banker',
          amount: 1_000 + 100 * Math.floor(Math.random() * 40),
        },
      ],
    });
    if (!reply?.ok) return;
    betsAcked++;
    betAcks.push([sentAt, epochNow() - sentAt]);
  }
}

const seated = new Map<string, { table: BotTable; sockets: Socket[] }>();

async function connectAll(tables: BotTable[]): Promise<string[]> {
  const failures: string[] = [];
  // A few tables at a time: each connection costs the server a token lookup.
  const queue = [...tables];
  const worker = async () => {
    for (let table = queue.shift(); table; table = queue.shift()) {
      try {
        const tableSockets = await Promise.all(
          table.guests.map((guest, i) =>
            connect(guest.url, guest.token, table.localAddress, i === 0),
          ),
        );
        sockets.push(...tableSockets);
        for (const socket of tableSockets) {
          const joined = await command(socket, 'table.join', { tableId: table.tableId });
          if (!joined?.ok) throw new Error(`table.join ${table.tableId}: ${joined?.code}`);
        }
        table.guests.forEach((guest, i) => play(tableSockets[i]!, table, guest.seat, i === 0));
        seated.set(table.tableId, { table, sockets: tableSockets });
      } catch (error) {
        failures.push(`${table.tableId}: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return failures;
}

function sit(sitAt: Record<string, number>): void {
  for (const [tableId, { table, sockets: tableSockets }] of seated) {
    const at = sitAt[tableId] ?? Date.now();
    setTimeout(
      () => {
        table.guests.forEach(
          (guest, i) => void command(tableSockets[i]!, 'seat.take', { tableId, seat: guest.seat }),
        );
      },
      Math.max(0, at - Date.now()),
    );
  }
}

function report(from: number, to: number): BotReport {
  const within = (at: number) => at >= from && at < to;
  const inWindow = ([at]: [number, number]) => within(at);
  const roundsEnded = roundsAt.filter(within);
  const counted: Record<string, number> = {};
  for (const [code, list] of refusals) {
    const n = list.filter((r) => within(r.at)).length;
    if (n > 0) counted[code] = n;
  }
  return {
    betAcks: betAcks.filter(inWindow).map(([, ms]) => ms),
    closeToResult: closeToResult.filter(inWindow).map(([, ms]) => ms),
    rounds: roundsEnded.length,
    roundTimes: roundsEnded.map((at) => at - from),
    missedResults: [...pendingResults].filter((p) => within(p.closedAt)).length,
    refusals: counted,
    ackTimeouts,
    disconnects,
    versionGaps,
    betsSent,
    framesReceived: framesAt.filter(within).length,
    betsAcked,
    loopDelays: loopDelays.filter(inWindow).map(([, ms]) => ms),
  };
}

/**
 * `BENCH_BOT_CPU_PROF=<prefix>`: a V8 CPU profile of this bot process from the sit-down to the
 * report, in `<prefix>.bot-<pid>.cpuprofile`, to see what the harness itself spends.
 */
const profilePrefix = process.env.BENCH_BOT_CPU_PROF;
const profiler = profilePrefix ? new Session() : null;
function startProfile(): void {
  if (!profiler) return;
  profiler.connect();
  profiler.post('Profiler.enable', () => profiler.post('Profiler.start'));
}
function stopProfile(): Promise<void> {
  if (!profiler) return Promise.resolve();
  return new Promise((resolve) =>
    profiler.post('Profiler.stop', (error, result) => {
      if (!error) {
        writeFileSync(
          `${profilePrefix}.bot-${process.pid}.cpuprofile`,
          JSON.stringify(result.profile),
        );
      }
      resolve();
    }),
  );
}

process.on('message', (message: BotCommand) => {
  switch (message.type) {
    case 'connect':
      void connectAll(message.tables).then((failures) =>
        send({ type: 'connected', sockets: sockets.length, failures }),
      );
      return;
    case 'sit':
      sit(message.sitAt);
      startProfile();
      return;
    case 'report':
      if (bursts) console.error(`[bot ${process.pid}] bursts ${JSON.stringify([...bursts])}`);
      void stopProfile().then(() =>
        send({ type: 'report', report: report(message.from, message.to) }),
      );
      return;
    case 'stop':
      stopping = true;
      for (const socket of sockets) socket.close();
      setTimeout(() => process.exit(0), 100);
      return;
  }
});
