import {
  ACKS,
  createGuestReply,
  PROTOCOL_VERSION,
  TABLE_EVENT,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type TableEvent,
} from '@banco/protocol';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/test-database.js';
import { freePort, ServerProcess } from '../testing/server-process.js';

type TableSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** How long a socket.io client with its default backoff may take to come back, at most. */
const BACK_WITHIN_MS = 20_000;

function once<T>(what: string, subscribe: (resolve: (value: T) => void) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${what}`)), BACK_WITHIN_MS);
    subscribe((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

/**
 * T9.11, P7.6: the real server as a child process, stopped with SIGTERM the way a deploy stops
 * it and started again on the same port and database. A socket.io client with its default
 * reconnection (what the web client uses) is back by itself, in the same seat.
 */
describe('a graceful restart strands nobody (T9.11)', () => {
  let db: TestDatabase;
  let port: number;
  let server: ServerProcess;
  let socket: TableSocket | undefined;
  const env = () => ({ DATABASE_URL: db.url, PORT: String(port), TABLE_TIMINGS: 'patient' });

  beforeAll(async () => {
    db = await createTestDatabase();
    port = await freePort();
    server = await ServerProcess.start(env());
  }, 60_000);

  afterAll(async () => {
    socket?.close();
    if (server && server.child.exitCode === null) await server.kill('SIGKILL');
    await db?.drop();
  });

  it('T9.7 T9.11 P7.3 P7.6: after table.closing the transport ends; the client reconnects to the next server and finds its seat', async () => {
    const response = await fetch(`${server.url}/api/guests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Stayer' }),
    });
    const guest = createGuestReply.parse(await response.json());
    const client: TableSocket = io(server.url, {
      transports: ['websocket'],
      auth: { token: guest.token, protocolVersion: PROTOCOL_VERSION },
    });
    socket = client;
    const events: TableEvent[] = [];
    client.on(TABLE_EVENT, (event) => events.push(event));
    await once<void>('first connection', (resolve) => client.once('connect', resolve));
    const joined = ACKS['table.join'].parse(
      await client.emitWithAck('table.join', { tableId: 'main' }),
    );
    expect(joined.ok).toBe(true);
    const seated = ACKS['seat.take'].parse(
      await client.emitWithAck('seat.take', { tableId: 'main', seat: 3 }),
    );
    expect(seated).toMatchObject({ ok: true, seat: 3 });

    const gone = once<string>('disconnect', (resolve) => client.once('disconnect', resolve));
    const back = gone.then(() =>
      once<void>('reconnection', (resolve) => client.once('connect', resolve)),
    );
    const stopped = await server.kill('SIGTERM');
    expect(stopped.code).toBe(0);
    // Told first (P7.3), then the transport, not the socket.io session, ends: the client's own
    // reconnection is running, not waiting for someone to call connect().
    expect(events.map((e) => e.type)).toContain('table.closing');
    expect(await gone).toBe('transport close');
    expect(client.active).toBe(true);

    server = await ServerProcess.start(env());
    await back;
    // T9.4: the new socket carries on without table.join; the seat was kept while it was away.
    const snapshot = ACKS['table.snapshot'].parse(
      await client.emitWithAck('table.snapshot', { tableId: 'main' }),
    );
    if (!snapshot.ok) throw new Error(`snapshot refused: ${snapshot.code}`);
    const seat = snapshot.snapshot.seats.find((s) => s.player.id === guest.player.id);
    expect(seat?.seat).toBe(3);
    expect(snapshot.snapshot.version).toBeGreaterThan(Math.max(...events.map((e) => e.version)));
  }, 90_000);
});
