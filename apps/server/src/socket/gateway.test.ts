import net from 'node:net';
import {
  COMMAND_NAMES,
  COMMAND_REFUSED,
  connectRefusalSchema,
  PROTOCOL_VERSION,
  SESSION_ENDED,
  sessionEndedSchema,
  TABLE_EVENT,
  TABLE_PRIVATE,
  type AckError,
} from '@banco/protocol';
import {
  io as connect,
  type ManagerOptions,
  type Socket as ClientSocket,
  type SocketOptions,
} from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBancoServer, type BancoServerHandle } from '../server.js';
import {
  emptyRegistry,
  realLedger,
  storeDeps,
  testConfig,
  type RealLedger,
} from '../http/test-support.js';
import type { TableOutbox } from '../table/runtime/table-port.js';
import { playerRoom, tableRoom, TRANSPORT_MAX_BYTES } from './gateway.js';

let store: RealLedger;
let server: BancoServerHandle;
let url: string;
let token: string;
let playerId: string;
let outboxFor: ((tableId: string) => TableOutbox) | undefined;
const clients: ClientSocket[] = [];

beforeAll(async () => {
  store = await realLedger();
  server = await createBancoServer({
    config: testConfig(),
    ...storeDeps(store),
    checkDb: store.checkDb,
    createTables: async (outboxes) => {
      outboxFor = outboxes;
      return emptyRegistry();
    },
    logger: false,
  });
  ({ url } = await server.listen());
  const guest = await store.ledger.createGuest('Socket tester');
  token = guest.token;
  playerId = guest.player.id;
});
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
});
afterAll(async () => {
  await server?.close();
  await store?.close();
});

type Options = Partial<ManagerOptions & SocketOptions>;

function client(options: Options = {}): ClientSocket {
  const socket = connect(url, {
    auth: { token, protocolVersion: PROTOCOL_VERSION },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...options,
  });
  clients.push(socket);
  return socket;
}

function connected(socket: ClientSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

function refused(socket: ClientSocket): Promise<Error & { data?: unknown; description?: unknown }> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected, expected a refusal')));
    socket.once('connect_error', resolve);
  });
}

async function ready(options: Options = {}): Promise<ClientSocket> {
  const socket = client(options);
  await connected(socket);
  return socket;
}

function ask(socket: ClientSocket, event: string, ...args: unknown[]): Promise<AckError> {
  return socket.timeout(5_000).emitWithAck(event, ...args);
}

function nextRefusal(socket: ClientSocket): Promise<{ code: string; message: string }> {
  return new Promise((resolve) => socket.once(COMMAND_REFUSED, resolve));
}

async function metricsText(): Promise<string> {
  return server.metrics.registry.metrics();
}

describe('handshake', () => {
  it('accepts a guest token with the current protocol version', async () => {
    const socket = await ready();
    expect(socket.connected).toBe(true);
    const [serverSocket] = await server.io.in(socket.id!).fetchSockets();
    expect(serverSocket?.data.player).toEqual({ id: playerId, name: 'Socket tester' });
    // The gauge follows connects and disconnects (this is the file's first socket).
    const gauge = async () => Number((await metricsText()).match(/^banco_sockets (\d+)$/m)?.[1]);
    await expect.poll(gauge).toBe(1);
    socket.disconnect();
    await expect.poll(gauge).toBe(0);
  });

  it('holds one listener a connection for every command, not one a command (a node holds thousands)', async () => {
    const socket = await ready();
    const serverSocket = server.io.sockets.sockets.get(socket.id!)!;
    expect(serverSocket.listenersAny()).toHaveLength(1);
    expect(COMMAND_NAMES.filter((name) => serverSocket.listeners(name).length > 0)).toEqual([]);
    // Through that one listener: a command is answered, an unknown event refused.
    const joined = await socket.timeout(5_000).emitWithAck('table.join', { tableId: 'nowhere' });
    expect(joined).toMatchObject({ ok: false, code: 'UNKNOWN_TABLE' });
    const refusal = new Promise((resolve) => socket.once(COMMAND_REFUSED, resolve));
    socket.emit('no.such.command', {});
    expect(await refusal).toMatchObject({ code: 'UNKNOWN_COMMAND' });
  });

  it.each([
    ['a different protocol version', { protocolVersion: PROTOCOL_VERSION + 1 }],
    ['no protocol version', {}],
  ])('refuses %s with PROTOCOL_MISMATCH', async (_, versionPart) => {
    const err = await refused(client({ auth: { token, ...versionPart } }));
    const data = connectRefusalSchema.parse(err.data);
    expect(data.code).toBe('PROTOCOL_MISMATCH');
    expect(data.serverProtocolVersion).toBe(PROTOCOL_VERSION);
    expect(err.message).toBe(data.message);
  });

  it.each([
    ['no token', { protocolVersion: PROTOCOL_VERSION }],
    ['a malformed token', { token: 'short', protocolVersion: PROTOCOL_VERSION }],
    ['an unknown token', { token: 'x'.repeat(43), protocolVersion: PROTOCOL_VERSION }],
  ])('refuses %s with UNAUTHORIZED', async (_, auth) => {
    const err = await refused(client({ auth }));
    expect(connectRefusalSchema.parse(err.data).code).toBe('UNAUTHORIZED');
  });

  it.each([['websocket'], ['polling']])(
    'refuses an origin outside CORS_ORIGINS (%s)',
    async (transport) => {
      const err = await refused(
        client({ transports: [transport], extraHeaders: { origin: 'http://evil.example' } }),
      );
      expect(err.data).toBeUndefined();
      if (transport === 'polling') expect(err.description).toBe(403);
    },
  );

  it.each([['websocket'], ['polling']])(
    'accepts a page served by this server: Origin is the host it asked (%s)',
    async (transport) => {
      const socket = await ready({
        transports: [transport],
        extraHeaders: { origin: new URL(url).origin },
      });
      expect(socket.connected).toBe(true);
    },
  );

  it('refuses an origin that only shares the host name, not the port', async () => {
    const other = new URL(url);
    other.port = String(Number(other.port) + 1);
    const err = await refused(
      client({ transports: ['polling'], extraHeaders: { origin: other.origin } }),
    );
    expect(err.description).toBe(403);
  });

  it('P0.3: the transport refuses a foreign origin: 403 with ORIGIN_REFUSED when polling, 400 on a WebSocket upgrade', async () => {
    const { port } = new URL(url);
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(request));
        let data = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => {
          data += chunk;
        });
        socket.on('close', () => resolve(data));
        socket.on('error', reject);
        socket.setTimeout(2_000, () => socket.destroy());
      });
    const polling = await raw(
      'GET /socket.io/?EIO=4&transport=polling HTTP/1.1\r\nHost: x\r\n' +
        'Origin: http://evil.example\r\nConnection: close\r\n\r\n',
    );
    expect(polling).toMatch(/^HTTP\/1\.1 403 /);
    expect(polling).toContain(
      '"message":"ORIGIN_REFUSED: origin http://evil.example is not allowed"',
    );
    const upgrade = await raw(
      'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: x\r\n' +
        'Origin: http://evil.example\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    expect(upgrade).toMatch(/^HTTP\/1\.1 400 /);
    expect(upgrade).toContain('ORIGIN_REFUSED: origin http://evil.example is not allowed');
  });

  it('accepts a configured origin', async () => {
    const socket = await ready({
      transports: ['polling'],
      extraHeaders: { origin: 'http://localhost:3000' },
    });
    expect(socket.connected).toBe(true);
  });
});

describe('commands before a table', () => {
  it('answers UNKNOWN_TABLE for a table that does not exist, without joining any table room', async () => {
    const socket = await ready();
    const ack = await ask(socket, 'table.join', { tableId: 'main' });
    expect(ack).toEqual({ ok: false, code: 'UNKNOWN_TABLE', message: expect.any(String) });
    const [serverSocket] = await server.io.in(socket.id!).fetchSockets();
    // Only its own room and its session's and player's (P10.5), none of a table.
    expect([...serverSocket!.rooms].sort()).toEqual(
      [serverSocket!.id, `account:${playerId}`, `session:${serverSocket!.data.sessionId}`].sort(),
    );
    expect(await ask(socket, 'seat.take', { tableId: 'main', seat: 1 })).toMatchObject({
      code: 'UNKNOWN_TABLE',
    });
  });

  it.each([
    ['a malformed table id', 'table.join', { tableId: 'Main Table!' }],
    ['an unknown key', 'table.join', { tableId: 'main', extra: 1 }],
    ['a missing field', 'seat.take', { tableId: 'main' }],
    ['a wrong type', 'bets.none', { tableId: 'main', round: 'one' }],
    ['no object at all', 'table.leave', 'main'],
  ])('answers INVALID_PAYLOAD for %s', async (_, command, payload) => {
    const socket = await ready();
    const ack = await ask(socket, command, payload);
    expect(ack.code).toBe('INVALID_PAYLOAD');
    expect(ack.message).toContain(command);
  });

  it('answers INVALID_PAYLOAD when the payload is left out', async () => {
    const socket = await ready();
    const ack = await ask(socket, 'table.snapshot');
    expect(ack).toMatchObject({ ok: false, code: 'INVALID_PAYLOAD' });
  });

  it('refuses a command sent without an acknowledgement on command.refused', async () => {
    const socket = await ready();
    const refusal = nextRefusal(socket);
    socket.emit('table.join', { tableId: 'main' });
    expect(await refusal).toEqual({
      code: 'INVALID_PAYLOAD',
      message: expect.stringMatching(/acknowledgement/),
    });
  });

  it('answers PAYLOAD_TOO_LARGE over SOCKET_MAX_PAYLOAD_BYTES, before looking at the shape', async () => {
    const socket = await ready();
    const ack = await ask(socket, 'table.join', { tableId: 'main', pad: 'x'.repeat(9_000) });
    expect(ack).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE' });
    expect(ack.message).toMatch(/8192/);
    // The connection is still fine.
    expect(await ask(socket, 'table.join', { tableId: 'main' })).toMatchObject({
      code: 'UNKNOWN_TABLE',
    });
  });

  it('drops the connection when a packet exceeds the transport cap', async () => {
    const socket = await ready();
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    socket.emit('table.join', { tableId: 'main', pad: 'x'.repeat(TRANSPORT_MAX_BYTES + 1) }, () => {
      throw new Error('should never be answered');
    });
    expect(await gone).toMatch(/transport (close|error)/);
  });

  it('answers RATE_LIMITED once a flood has used the burst', async () => {
    const socket = await ready();
    const acks = await Promise.all(
      Array.from({ length: 100 }, () => ask(socket, 'table.join', { tableId: 'main' })),
    );
    const codes = acks.map((a) => a.code);
    const limited = codes.filter((c) => c === 'RATE_LIMITED').length;
    const passed = codes.filter((c) => c === 'UNKNOWN_TABLE').length;
    expect(passed + limited).toBe(100);
    // Burst 40, refilling at 20 a second while the flood is in flight.
    expect(passed).toBeGreaterThanOrEqual(40);
    expect(passed).toBeLessThan(60);
    expect(codes.slice(0, 40).every((c) => c === 'UNKNOWN_TABLE')).toBe(true);
    // Each socket has its own bucket.
    const other = await ready();
    expect(await ask(other, 'table.join', { tableId: 'main' })).toMatchObject({
      code: 'UNKNOWN_TABLE',
    });
  });

  it('answers UNKNOWN_COMMAND for any other event, by ack or on command.refused', async () => {
    const socket = await ready();
    expect(await ask(socket, 'table.explode', { tableId: 'main' })).toMatchObject({
      ok: false,
      code: 'UNKNOWN_COMMAND',
    });
    const refusal = nextRefusal(socket);
    socket.emit('hello');
    expect(await refusal).toMatchObject({ code: 'UNKNOWN_COMMAND' });
  });

  it('counts and times every command', async () => {
    const socket = await ready();
    await ask(socket, 'table.join', { tableId: 'main' });
    await ask(socket, 'nope', {});
    const text = await metricsText();
    expect(text).toMatch(/banco_commands_total\{command="table.join",result="UNKNOWN_TABLE"\} \d+/);
    expect(text).toMatch(/banco_commands_total\{command="unknown",result="UNKNOWN_COMMAND"\} \d+/);
    expect(text).toMatch(/banco_command_seconds_count\{command="table.join"\} \d+/);
  });
});

describe('outbox', () => {
  it('broadcasts to the table room and sends private messages to that player there only', async () => {
    const other = await store.ledger.createGuest('Other');
    const mine = await ready();
    const theirs = await ready({ auth: { token: other.token, protocolVersion: PROTOCOL_VERSION } });
    const elsewhere = await ready();
    // Without live tables nobody can join through a command: put the sockets in the rooms
    // the way table.join does.
    server.io.in(mine.id!).socketsJoin([tableRoom('main'), playerRoom(playerId, 'main')]);
    server.io.in(theirs.id!).socketsJoin([tableRoom('main'), playerRoom(other.player.id, 'main')]);

    const heard: string[] = [];
    for (const [name, socket] of [
      ['mine', mine],
      ['theirs', theirs],
      ['elsewhere', elsewhere],
    ] as const) {
      socket.on(TABLE_EVENT, (e: { type: string }) => heard.push(`${name} event ${e.type}`));
      socket.on(TABLE_PRIVATE, (m: { type: string }) => heard.push(`${name} private ${m.type}`));
    }
    const outbox = outboxFor!('main');
    outbox.broadcast({
      tableId: 'main',
      version: 7,
      at: Date.now(),
      type: 'betting.closed',
      round: 3,
    });
    outbox.sendPrivate(playerId, {
      tableId: 'main',
      type: 'cards.peek',
      round: 3,
      hand: 'player',
      stage: 'initial',
      cards: ['AS', 'KD'],
      deadline: Date.now() + 5_000,
    });
    outboxFor!('other-table').broadcast({
      tableId: 'other-table',
      version: 1,
      at: Date.now(),
      type: 'betting.closed',
      round: 1,
    });
    await expect.poll(() => heard.length).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard.sort()).toEqual([
      'mine event betting.closed',
      'mine private cards.peek',
      'theirs event betting.closed',
    ]);
  });
});

describe('writes', () => {
  it('P1.2: the events of one step reach a socket in order, in one TCP write', async () => {
    const mine = await ready();
    server.io.in(mine.id!).socketsJoin([tableRoom('main')]);
    const versions: number[] = [];
    mine.on(TABLE_EVENT, (e: { version: number }) => versions.push(e.version));
    // The server's end of this client's TCP connection: count what reaches the kernel.
    const engine = server.io.sockets.sockets.get(mine.id!)!.conn as unknown as {
      transport: { socket: { _socket: net.Socket } };
    };
    const tcp = engine.transport.socket._socket as net.Socket & {
      _write: (...args: unknown[]) => void;
      _writev: (...args: unknown[]) => void;
    };
    let writes = 0;
    for (const method of ['_write', '_writev'] as const) {
      const original = tcp[method].bind(tcp);
      tcp[method] = (...args: unknown[]) => {
        writes++;
        original(...args);
      };
    }
    const outbox = outboxFor!('main');
    for (const version of [11, 12, 13]) {
      outbox.broadcast({
        tableId: 'main',
        version,
        at: Date.now(),
        type: 'betting.closed',
        round: 3,
      });
    }
    await expect.poll(() => versions.length).toBe(3);
    expect(versions).toEqual([11, 12, 13]);
    expect(writes).toBe(1);
  });
});

describe('close', () => {
  it("T9.11: ends the clients' transports (so they reconnect by themselves) and stops listening", async () => {
    const extra = await createBancoServer({
      config: testConfig(),
      ...storeDeps(store),
      checkDb: store.checkDb,
      createTables: async () => emptyRegistry(),
      logger: false,
    });
    const { url: extraUrl } = await extra.listen();
    const socket = connect(extraUrl, {
      auth: { token, protocolVersion: PROTOCOL_VERSION },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    clients.push(socket);
    await connected(socket);
    const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await extra.close();
    expect(await gone).toBe('transport close');
    await expect(fetch(`${extraUrl}/health`)).rejects.toThrow();
    await extra.close(); // twice is fine
  });
});

describe('sessions that end around the handshake', () => {
  it('P10.5: a logout landing between the token check and the connection still closes the socket', async () => {
    const guest = await store.ledger.createGuest('Racer');
    const real = store.sessions;
    // The real store, with the player's real logout committed right after the handshake's
    // lookup found the session live: the window the connection's second check closes.
    const sessions = {
      lookup: async (presented: string) => {
        const found = await real.lookup(presented);
        if (found.status === 'live') await real.revokeAll(found.session.player.id);
        return found;
      },
      issueLogin: real.issueLogin.bind(real),
      revoke: real.revoke.bind(real),
      revokeAll: real.revokeAll.bind(real),
      touch: real.touch.bind(real),
    };
    const extra = await createBancoServer({
      config: testConfig(),
      ...storeDeps(store),
      sessions,
      checkDb: store.checkDb,
      createTables: async () => emptyRegistry(),
      logger: false,
    });
    try {
      const { url: extraUrl } = await extra.listen();
      const socket = connect(extraUrl, {
        auth: { token: guest.token, protocolVersion: PROTOCOL_VERSION },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      clients.push(socket);
      const told = new Promise<unknown>((resolve) => socket.once(SESSION_ENDED, resolve));
      const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      await connected(socket);
      expect(sessionEndedSchema.parse(await told)).toMatchObject({ code: 'SESSION_EXPIRED' });
      expect(await gone).toBe('io server disconnect');
      expect(await real.lookup(guest.token)).toEqual({ status: 'ended' });
    } finally {
      await extra.close();
    }
  });
});
