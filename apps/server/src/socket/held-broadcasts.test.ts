import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TABLE_EVENT, type TableEvent } from '@banco/protocol';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HeldBroadcasts, JoiningSockets } from './held-broadcasts.js';

let http: HttpServer;
let io: Server;
let url: string;
const clients: ClientSocket[] = [];
const ROOM = 'table:main';
/** Long enough that no timer fires during a test unless it asks for one. */
const FOREVER = { holdMs: 60_000, betHoldMs: 60_000 };

beforeAll(async () => {
  http = createServer();
  io = new Server(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
});
afterAll(async () => {
  await io.close();
});

/** A client in the table's room, with every table event it heard, in order. */
async function seated(): Promise<{ socket: ClientSocket; heard: number[]; id: string }> {
  const socket = connect(url, { transports: ['websocket'], forceNew: true, reconnection: false });
  clients.push(socket);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const heard: number[] = [];
  socket.on(TABLE_EVENT, (event: TableEvent) => heard.push(event.version));
  io.in(socket.id!).socketsJoin(ROOM);
  return { socket, heard, id: socket.id! };
}

/** Resolves when the client gets `marker`, sent after whatever the server sent it before. */
function marker(socket: ClientSocket, id: string): Promise<void> {
  const heard = new Promise<void>((resolve) => socket.once('marker', () => resolve()));
  io.to(id).emit('marker');
  return heard;
}

const bet = (version: number): TableEvent => ({
  tableId: 'main',
  version,
  at: Date.now(),
  type: 'bets.confirmed',
  round: 1,
  seat: version,
  bets: [{ spot: 'banker', amount: 1000 }],
  balance: 99_000,
});
const lastCall = (version: number): TableEvent => ({
  tableId: 'main',
  version,
  at: Date.now(),
  type: 'betting.last-call',
  round: 1,
  closesAt: Date.now() + 2_000,
});
const dealing = (version: number): TableEvent => ({
  tableId: 'main',
  version,
  at: Date.now(),
  type: 'dealing.started',
  round: 1,
  dealer: 3,
  deadline: Date.now() + 2_000,
});

describe('held broadcasts (P1.7)', () => {
  it('holds events nobody must act on; one that someone must sends them all, in order', async () => {
    const a = await seated();
    const held = new HeldBroadcasts(io, ROOM, FOREVER);
    held.broadcast(bet(1));
    held.broadcast(bet(2));
    held.broadcast(lastCall(3));
    // Anything the server had sent would have come before the marker.
    await marker(a.socket, a.id);
    expect(a.heard).toEqual([]);
    expect(held.size).toBe(3);
    held.broadcast(dealing(4));
    await expect.poll(() => a.heard).toEqual([1, 2, 3, 4]);
    expect(held.size).toBe(0);
  });

  it('P6: a socket caught up gets what is held at once, and nothing twice at the flush', async () => {
    const a = await seated();
    const b = await seated();
    const held = new HeldBroadcasts(io, ROOM, FOREVER);
    held.broadcast(bet(1));
    held.broadcast(bet(2));
    held.catchUp(io.sockets.sockets.get(a.id)!);
    await marker(a.socket, a.id);
    expect(a.heard).toEqual([1, 2]);
    await marker(b.socket, b.id);
    expect(b.heard).toEqual([]);
    held.broadcast(bet(3));
    held.flush();
    await expect.poll(() => b.heard).toEqual([1, 2, 3]);
    await expect.poll(() => a.heard).toEqual([1, 2, 3]);
    await marker(a.socket, a.id);
    expect(a.heard).toEqual([1, 2, 3]);
  });

  it('P1.3: a snapshot covers the held events up to its version; the socket gets the rest', async () => {
    const a = await seated();
    const held = new HeldBroadcasts(io, ROOM, FOREVER);
    for (const version of [5, 6, 7]) held.broadcast(bet(version));
    held.catchUp(io.sockets.sockets.get(a.id)!, 6);
    held.flush();
    await expect.poll(() => a.heard).toEqual([7]);
    await marker(a.socket, a.id);
    expect(a.heard).toEqual([7]);
  });

  it('P1.7: a joining socket is not flushed what its join snapshot covers (no duplicate version)', async () => {
    const a = await seated();
    const b = await seated();
    const joining = new JoiningSockets();
    const held = new HeldBroadcasts(io, ROOM, { holdMs: 20, betHoldMs: 20 }, () =>
      joining.of('main'),
    );
    // b's join is on its way to the table (across nodes its ack may come after a flush).
    joining.start('main', b.id);
    held.broadcast(bet(8));
    await expect.poll(() => a.heard).toEqual([8]);
    held.broadcast(dealing(9));
    await expect.poll(() => a.heard).toEqual([8, 9]);
    await marker(b.socket, b.id);
    expect(b.heard).toEqual([]);
    // Its ack's snapshot is at version 8: it gets 9 only, once.
    joining.finish('main', io.sockets.sockets.get(b.id)!, 8);
    held.catchUp(io.sockets.sockets.get(b.id)!, 8);
    held.broadcast(dealing(10));
    await expect.poll(() => b.heard).toEqual([9, 10]);
    await marker(b.socket, b.id);
    expect(b.heard).toEqual([9, 10]);
    expect(a.heard).toEqual([8, 9, 10]);
  });

  it('sends what is held once the shorter hold is up, without anyone asking', async () => {
    const a = await seated();
    const held = new HeldBroadcasts(io, ROOM, { holdMs: 20, betHoldMs: 60_000 });
    held.broadcast(bet(1));
    held.broadcast(lastCall(2));
    await expect.poll(() => a.heard).toEqual([1, 2]);
  });

  it('with no hold, sends each event as it comes', async () => {
    const a = await seated();
    const held = new HeldBroadcasts(io, ROOM, { holdMs: 0, betHoldMs: 0 });
    held.broadcast(bet(1));
    expect(held.size).toBe(0);
    await expect.poll(() => a.heard).toEqual([1]);
  });
});
