/**
 * A hostile guest in a process of its own (as a real one would be): opens `sockets` connections
 * with one token, joins the table and sends legal seat.take and table.snapshot commands as fast
 * as they are answered, `inFlight` at a time per socket; when the server disconnects a socket it
 * reconnects at once and carries on, until stdin closes. Prints one JSON line when the first
 * wave is connected and one with everything it saw at the end.
 *
 *   node --import tsx src/testing/flood-bot.ts <url> <token> <tableId> [sockets] [inFlight]
 */
import { setPriority } from 'node:os';
import { PROTOCOL_VERSION } from '@banco/protocol';
import { io, type Socket } from 'socket.io-client';

const [url, token, tableId, socketsArg = '200', inFlightArg = '20'] = process.argv.slice(2);
if (!url || !token || !tableId) {
  console.error('usage: flood-bot <url> <token> <tableId> [sockets] [inFlight]');
  process.exit(2);
}

// A real attacker floods from another machine; on a shared test box it must not take the CPU
// the server and its database need, or the test would measure the box, not the server.
setPriority(19);

const seen: Record<string, number> = {};
const count = (key: string) => {
  seen[key] = (seen[key] ?? 0) + 1;
};
let running = true;
process.stdin.on('close', () => {
  running = false;
});
process.stdin.resume();

const connect = () =>
  new Promise<Socket | null>((resolve) => {
    const socket = io(url, {
      transports: ['websocket'],
      auth: { token, protocolVersion: PROTOCOL_VERSION },
      reconnection: false,
      forceNew: true,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err: Error & { data?: { code?: string } }) => {
      count(`connect:${err.data?.code ?? err.message}`);
      socket.close();
      resolve(null);
    });
  });

async function flood(socket: Socket, n: number): Promise<void> {
  await socket
    .timeout(5_000)
    .emitWithAck('table.join', { tableId })
    .catch(() => undefined);
  for (let i = 0; running && socket.connected; i++) {
    const burst = Array.from({ length: Number(inFlightArg) }, (_, k) =>
      (i + k) % 2 === 0
        ? socket.emitWithAck('seat.take', { tableId, seat: ((n + k) % 14) + 1 })
        : socket.emitWithAck('table.snapshot', { tableId }),
    );
    const acks = (await Promise.all(burst).catch(() => [])) as { ok: boolean; code?: string }[];
    for (const ack of acks) count(ack.ok ? 'ok' : (ack.code ?? 'refused'));
  }
  socket.close();
}

/** One connection slot: floods, and reconnects whenever the server drops it. */
async function slot(first: Socket, n: number): Promise<void> {
  let socket: Socket | null = first;
  while (running) {
    if (socket) {
      await flood(socket, n);
      count('disconnected');
    }
    if (!running) break;
    socket = await connect();
    if (!socket) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const wave = await Promise.all(Array.from({ length: Number(socketsArg) }, connect));
const sockets = wave.filter((s): s is Socket => s !== null);
console.log(
  JSON.stringify({ ready: true, sockets: sockets.length, refused: wave.length - sockets.length }),
);
await Promise.all(sockets.map((socket, n) => slot(socket, n)));
console.log(JSON.stringify({ done: true, seen }));
