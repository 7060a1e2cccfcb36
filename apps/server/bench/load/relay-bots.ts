/**
 * Players for the bench's floor: raw socket.io clients of the bare relay (relay-server.ts). Each
 * bets once a round at a random moment of the betting window with a command of Banco's size,
 * answers each one-to-one frame with the commands Banco's players sent for it, and times the
 * bet's ack and the closed → result frames as bots.ts times Banco's. No protocol schema parses
 * here: the relay's frames are not Banco's messages, only their sizes.
 */
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import type { BotReport } from './messages.js';
import {
  BROADCAST_EVENT,
  RELAY_COMMAND,
  padding,
  wholeCount,
  type RelayBotCommand,
  type RelayFrame,
  type RelayShape,
} from './relay-shape.js';

const epochNow = () => performance.timeOrigin + performance.now();
const send = (message: unknown) => process.send!(message);
const ACK_TIMEOUT_MS = 30_000;
const BET_MARGIN_MS = 250;

const betAcks: [at: number, ms: number][] = [];
const closeToResult: [at: number, ms: number][] = [];
const roundsAt: number[] = [];
const framesAt: number[] = [];
const pendingResults = new Set<{ closedAt: number }>();
const loopDelays: [at: number, ms: number][] = [];
const sockets: Socket[] = [];
let ackTimeouts = 0;
let disconnects = 0;
let betsSent = 0;
let betsAcked = 0;
let stopping = false;

const LOOP_TICK_MS = 20;
let tickDue = epochNow() + LOOP_TICK_MS;
setInterval(() => {
  const now = epochNow();
  loopDelays.push([now, Math.max(0, now - tickDue)]);
  tickDue = now + LOOP_TICK_MS;
}, LOOP_TICK_MS).unref();

function play(socket: Socket, shape: RelayShape, countsRounds: boolean): void {
  /** `2<id>["command",{…}]`, three digits of id as in the relay's acks. */
  const command = {
    p: padding(1 + 3 + JSON.stringify([RELAY_COMMAND, { p: '' }]).length, shape.commands.bytes),
  };
  // One of a client's commands a round is its bet; the others answer its one-to-one frames.
  const others = Math.max(0, shape.commands.perRound - 1);
  const perUnicast = shape.unicast.perRound > 0 ? others / shape.unicast.perRound : 0;
  const closedAt = new Map<number, { closedAt: number }>();
  const fire = (onAck?: () => void) =>
    socket.timeout(ACK_TIMEOUT_MS).emit(RELAY_COMMAND, command, (error: Error | null) => {
      if (error) {
        if (!stopping) ackTimeouts++;
        return;
      }
      onAck?.();
    });
  socket.on(BROADCAST_EVENT, (frame: RelayFrame) => {
    const receivedAt = epochNow();
    framesAt.push(receivedAt);
    switch (frame.k) {
      case 'open': {
        const window = Math.max(0, (frame.closesAt ?? Date.now()) - Date.now() - BET_MARGIN_MS);
        setTimeout(() => {
          if (stopping) return;
          const sentAt = epochNow();
          betsSent++;
          fire(() => {
            betsAcked++;
            betAcks.push([sentAt, epochNow() - sentAt]);
          });
        }, Math.random() * window);
        return;
      }
      case 'closed': {
        const pending = { closedAt: frame.at };
        closedAt.set(frame.r, pending);
        pendingResults.add(pending);
        if (perUnicast === 0) for (let i = wholeCount(others); i > 0; i--) fire();
        return;
      }
      case 'mid':
        return;
      case 'result': {
        if (countsRounds) roundsAt.push(receivedAt);
        const pending = closedAt.get(frame.r);
        if (!pending) return;
        closedAt.delete(frame.r);
        pendingResults.delete(pending);
        closeToResult.push([pending.closedAt, receivedAt - pending.closedAt]);
        return;
      }
    }
  });
  socket.on('table.private', () => {
    framesAt.push(epochNow());
    for (let i = wholeCount(perUnicast); i > 0; i--) fire();
  });
}

async function connectAll(
  tables: Extract<RelayBotCommand, { type: 'connect' }>['tables'],
  shape: RelayShape,
): Promise<string[]> {
  const failures: string[] = [];
  const queue = [...tables];
  const worker = async () => {
    for (let table = queue.shift(); table; table = queue.shift()) {
      try {
        await Promise.all(
          table.guests.map(
            (guest, i) =>
              new Promise<void>((resolve, reject) => {
                const socket = io(guest.url, {
                  transports: ['websocket'],
                  query: { table: table.tableId, seat: String(guest.seat) },
                  reconnection: false,
                  forceNew: true,
                });
                socket.once('connect', () => {
                  sockets.push(socket);
                  play(socket, shape, i === 0);
                  socket.on('disconnect', () => {
                    if (!stopping) disconnects++;
                  });
                  resolve();
                });
                socket.once('connect_error', reject);
              }),
          ),
        );
      } catch (error) {
        failures.push(`${table.tableId}: ${(error as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return failures;
}

function report(from: number, to: number): BotReport {
  const within = (at: number) => at >= from && at < to;
  const inWindow = ([at]: [number, number]) => within(at);
  const roundsEnded = roundsAt.filter(within);
  return {
    betAcks: betAcks.filter(inWindow).map(([, ms]) => ms),
    closeToResult: closeToResult.filter(inWindow).map(([, ms]) => ms),
    rounds: roundsEnded.length,
    roundTimes: roundsEnded.map((at) => at - from),
    missedResults: [...pendingResults].filter((p) => within(p.closedAt)).length,
    refusals: {},
    ackTimeouts,
    disconnects,
    versionGaps: 0,
    betsSent,
    framesReceived: framesAt.filter(within).length,
    betsAcked,
    loopDelays: loopDelays.filter(inWindow).map(([, ms]) => ms),
  };
}

process.on('message', (message: RelayBotCommand) => {
  switch (message.type) {
    case 'connect':
      void connectAll(message.tables, message.shape).then((failures) =>
        send({ type: 'connected', sockets: sockets.length, failures }),
      );
      return;
    case 'report':
      send({ type: 'report', report: report(message.from, message.to) });
      return;
    case 'stop':
      stopping = true;
      for (const socket of sockets) socket.close();
      setTimeout(() => process.exit(0), 100);
      return;
  }
});
