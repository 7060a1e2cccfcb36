/**
 * The bench's floor (docs/performance.md): a bare socket.io server with no game, no ledger and
 * no Postgres. Each table is a room; at the Banco phase's cadence it broadcasts the frames a
 * Banco round sent, of their sizes, sends each client its one-to-one frames, and acks every
 * command at once. What it costs a round is what socket.io alone costs Banco's traffic.
 * Started by run.ts with BENCH_TABLES and BENCH_RELAY_SHAPE (JSON), never by hand.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Server, type Socket } from 'socket.io';
import { frameCensus } from './frame-census.js';
import { gcWatch } from './gc-watch.js';
import { LOAD_TIMINGS, benchTableId, type ServerMessage, type ServerStats } from './messages.js';
import {
  BROADCAST_EVENT,
  RELAY_COMMAND,
  padding,
  wholeCount,
  type RelayCommand,
  type RelayFrame,
  type RelayShape,
} from './relay-shape.js';

const send = (message: ServerMessage) => process.send!(message);
const tableCount = Number(process.env.BENCH_TABLES);
if (!Number.isInteger(tableCount) || tableCount < 1) throw new Error('BENCH_TABLES: a count');
const shape = JSON.parse(process.env.BENCH_RELAY_SHAPE ?? 'null') as RelayShape | null;
if (!shape) throw new Error('BENCH_RELAY_SHAPE: the shape of a Banco round');

const http = createServer();
const io = new Server(http, { serveClient: false });
const frames = frameCensus(io);
const rooms = new Map<string, Set<Socket>>();

/** Socket.io's encoding of an event: `2`, an ack id for a command, the JSON array. */
const eventBytes = (name: string, payload: unknown) => 1 + JSON.stringify([name, payload]).length;
const sized = (frame: Omit<RelayFrame, 'p'>, bytes: number): RelayFrame => ({
  ...frame,
  p: padding(eventBytes(BROADCAST_EVENT, { ...frame, p: '' }), bytes),
});
/** `3<id>[…]`: three digits of id is what a few hundred commands a socket make. */
const ACK_PAYLOAD = {
  ok: true,
  p: padding(1 + 3 + JSON.stringify([{ ok: true, p: '' }]).length, shape.acks.bytes),
};
const UNICAST = { p: padding(eventBytes('table.private', { p: '' }), shape.unicast.bytes) };

io.on('connection', (socket) => {
  const tableId = String(socket.handshake.query.table ?? '');
  const room = rooms.get(tableId);
  if (!room) {
    socket.disconnect(true);
    return;
  }
  room.add(socket);
  void socket.join(tableId);
  socket.on(RELAY_COMMAND, (_payload: unknown, ack: unknown) => {
    if (typeof ack === 'function') ack(ACK_PAYLOAD);
  });
  socket.on('disconnect', () => room.delete(socket));
});
for (let t = 0; t < tableCount; t++) rooms.set(benchTableId(t), new Set());

let roundsSettled = 0;
/** One table's rounds: open, then at the close every frame of the round back to back. */
function deal(tableId: string, round: number, at: number): void {
  const room = io.to(tableId);
  const closesAt = at + LOAD_TIMINGS.bettingMs;
  room.emit(BROADCAST_EVENT, sized({ k: 'open', r: round, at, closesAt }, shape!.broadcast.bytes));
  setTimeout(
    () => {
      room.emit(
        BROADCAST_EVENT,
        sized({ k: 'closed', r: round, at: Date.now() }, shape!.broadcast.bytes),
      );
      const middle = Math.max(0, wholeCount(shape!.broadcast.perRound) - 3);
      for (let i = 0; i < middle; i++) {
        room.emit(
          BROADCAST_EVENT,
          sized({ k: 'mid', r: round, at: Date.now() }, shape!.broadcast.bytes),
        );
      }
      for (const socket of rooms.get(tableId) ?? []) {
        const n = wholeCount(shape!.unicast.perRound);
        for (let i = 0; i < n; i++) socket.emit('table.private', UNICAST);
      }
      room.emit(
        BROADCAST_EVENT,
        sized({ k: 'result', r: round, at: Date.now() }, shape!.broadcast.bytes),
      );
      roundsSettled++;
    },
    Math.max(0, closesAt - Date.now()),
  );
  const next = at + shape!.roundMs;
  setTimeout(() => deal(tableId, round + 1, next), Math.max(0, next - Date.now()));
}

const LOOP_RESOLUTION_MS = 10;
const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
loopDelay.enable();
const gc = gcWatch();
let utilisationStart = performance.eventLoopUtilization();
let roundsStart = 0;

process.on('message', (command: RelayCommand) => {
  switch (command.type) {
    case 'start-rounds':
      for (const [tableId, at] of Object.entries(command.startAt)) {
        setTimeout(() => deal(tableId, 1, at), Math.max(0, at - Date.now()));
      }
      return;
    case 'measure-start':
      loopDelay.reset();
      gc.start();
      utilisationStart = performance.eventLoopUtilization();
      roundsStart = roundsSettled;
      frames.start();
      return;
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
        roundsSettled: roundsSettled - roundsStart,
        frames: frames.stop(),
        // The relay has no database.
        statements: {},
        statementNames: {},
      };
      send({ type: 'stats', stats });
      return;
    }
  }
});
process.on('SIGTERM', () => {
  void io.close();
  process.exit(0);
});

http.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const { port } = http.address() as AddressInfo;
  send({ type: 'ready', url: `http://127.0.0.1:${port}` });
});
