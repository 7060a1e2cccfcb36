/**
 * Bot players for bench/table.ts, in their own process so that their sockets and parsing do
 * not share the server's event loop. Reads its orders as JSON on stdin, prints results as JSON.
 */
import { performance } from 'node:perf_hooks';
import { PROTOCOL_VERSION } from '@banco/protocol';
import { io, type Socket } from 'socket.io-client';

export interface BotOrders {
  url: string;
  tableId: string;
  guests: { token: string; seat: number }[];
  /** Stop after this round's result; bots bet in rounds 1…rounds. */
  rounds: number;
  bet: boolean;
}

export interface BotReport {
  latencies: number[];
  refused: string[];
  results: number;
  seconds: number;
}

interface Event {
  type: string;
  round?: number;
}

const orders = JSON.parse(await new Response(process.stdin as never).text()) as BotOrders;

const sockets: Socket[] = await Promise.all(
  orders.guests.map(
    (guest) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = io(orders.url, {
          transports: ['websocket'],
          auth: { token: guest.token, protocolVersion: PROTOCOL_VERSION },
          reconnection: false,
        });
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      }),
  ),
);

const report: BotReport = { latencies: [], refused: [], results: 0, seconds: 0 };
const ack = (socket: Socket, name: string, payload: unknown) =>
  socket.timeout(10_000).emitWithAck(name, payload) as Promise<{ ok: boolean; code?: string }>;

const done = new Promise<void>((resolve) => {
  sockets.forEach((socket, i) => {
    const seat = orders.guests[i]!.seat;
    socket.on('table.event', (event: Event) => {
      if (i === 0 && event.type === 'round.result') {
        report.results++;
        if ((event.round ?? 0) >= orders.rounds) resolve();
      }
      if (!orders.bet || event.type !== 'betting.opened' || (event.round ?? 0) > orders.rounds) {
        return;
      }
      const sent = performance.now();
      void ack(socket, 'bets.confirm', {
        tableId: orders.tableId,
        round: event.round,
        seat,
        confirmId: `bench-${seat}-${event.round}`,
        bets: [{ spot: seat % 2 === 0 ? 'player' : 'banker', amount: 1_000 + 100 * seat }],
      }).then((reply) => {
        if (reply.ok) report.latencies.push(performance.now() - sent);
        else report.refused.push(reply.code ?? 'unknown');
      });
    });
  });
});

for (const socket of sockets) await ack(socket, 'table.join', { tableId: orders.tableId });
const started = performance.now();
await Promise.all(
  sockets.map((socket, i) =>
    ack(socket, 'seat.take', { tableId: orders.tableId, seat: orders.guests[i]!.seat }),
  ),
);
await done;
report.seconds = (performance.now() - started) / 1000;
await Promise.all(
  sockets.map((socket, i) =>
    ack(socket, 'seat.leave', { tableId: orders.tableId, seat: orders.guests[i]!.seat }),
  ),
);
process.stdout.write(JSON.stringify(report));
for (const socket of sockets) socket.close();
process.exit(0);
