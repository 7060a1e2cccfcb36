import type { IncomingMessage } from 'node:http';
import {
  COMMAND_NAMES,
  COMMAND_REFUSED,
  COMMANDS,
  handshakeAuthSchema,
  PROTOCOL_VERSION,
  settingField,
  TABLE_PRIVATE,
  type AckError,
  type CommandName,
  type ConnectRefusal,
  type ErrorCode,
} from '@banco/protocol';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Server, type ServerOptions, type ExtendedError } from 'socket.io';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { SessionSockets, SessionStore } from '../http/stores.js';
import type { Metrics } from '../metrics.js';
import type { TableOutbox, TablePort, TableRegistry } from '../table/table-port.js';
import { LocalPresence } from '../table/local-presence.js';
import { clientAddress, trustFunction } from '../http/client-address.js';
import type { BancoServer, BancoSocket } from './typed-io.js';
import { coalesceWrites } from './coalesce-writes.js';
import { HeldBroadcasts, JoiningSockets } from './held-broadcasts.js';
import type { SharedLimits } from '../cluster/shared-limits.js';
import { SharedFairShare } from './fair-share-shared.js';
import { TokenBucket } from './token-bucket.js';
import {
  accountRoom,
  closeAtExpiry,
  endSessions,
  endSocket,
  sessionRoom,
} from './session-sockets.js';

/**
 * The transport's own cap on one socket.io packet. Commands are far smaller; the per-command
 * check at config.socketMaxPayloadBytes answers PAYLOAD_TOO_LARGE before this ever matters.
 */
export const TRANSPORT_MAX_BYTES = 64 * 1024;

/** P1.6: a socket that sends this many commands in a row past RATE_LIMITED is disconnected. */
export const STRIKES_BEFORE_DISCONNECT = 100;

export type { BancoServer, BancoSocket, SocketData } from './typed-io.js';

type AckFn = (response: unknown) => void;

export interface SocketGatewayDeps {
  config: Config;
  sessions: Pick<SessionStore, 'lookup' | 'touch'>;
  metrics: Metrics;
  /** T13.11: socket.io's Redis adapter when several nodes run: logouts reach every node. */
  adapter?: ServerOptions['adapter'];
  /** P1.6 across nodes: the cluster's counts and buckets in Redis. */
  sharedLimits?: SharedLimits;
}

export interface SocketGateway extends SessionSockets {
  io: BancoServer;
  /** Where a table's actor sends its broadcasts and private messages. */
  outboxFor(tableId: string): TableOutbox;
  /** Hands over the live tables; until then every command gets UNKNOWN_TABLE. */
  setTables(registry: TableRegistry): void;
  /** Who has a socket at each table here: counted by the gateway, read by the tables. */
  presence: LocalPresence;
}

export const tableRoom = (tableId: string): string => `table:${tableId}`;
export const playerRoom = (playerId: string, tableId: string): string =>
  `player:${playerId}:${tableId}`;

const COMMAND_SET: ReadonlySet<string> = new Set(COMMAND_NAMES);

function refusal(code: ErrorCode, message: string): AckError {
  return { ok: false, code, message };
}

/**
 * P9.3: a host's new settings that fail the room schema are refused like a new room's (P8.2):
 * INVALID_SETTING naming the setting, not a bare INVALID_PAYLOAD.
 */
function invalidSetting(error: z.ZodError): AckError | null {
  const issue = error.issues.find((i) => i.path[0] === 'settings');
  if (!issue) return null;
  const field = settingField(issue);
  return { ok: false, code: 'INVALID_SETTING', message: `${field}: ${issue.message}`, field };
}

/** The JSON size of a payload in bytes; Infinity when it has no JSON form. */
function payloadBytes(payload: unknown): number {
  try {
    const json = JSON.stringify(payload);
    return json === undefined ? 0 : Buffer.byteLength(json, 'utf8');
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** socket.io passes the ack as the last argument when the client asked for one. */
function splitArgs(args: unknown[]): { payload: unknown; ack: AckFn | undefined } {
  const last = args.at(-1);
  if (typeof last === 'function') {
    return { payload: args.length > 1 ? args[0] : undefined, ack: last as AckFn };
  }
  return { payload: args[0], ack: undefined };
}

/** The version up to which an ack itself brings the table's events (a snapshot, a resync). */
function coveredBy(response: object): number {
  if ('snapshot' in response && response.snapshot) {
    return (response.snapshot as { version: number }).version;
  }
  if ('events' in response && response.events && 'version' in response) {
    return response.version as number;
  }
  return 0;
}

function connectRefusal(code: ErrorCode, message: string): ExtendedError {
  const data: ConnectRefusal = { code, message, serverProtocolVersion: PROTOCOL_VERSION };
  return Object.assign(new Error(message), { data });
}

/** True when the page's origin is this server as the browser addressed it (host and port). */
function isSameOrigin(origin: string, request: IncomingMessage): boolean {
  try {
    const { protocol, host } = new URL(origin);
    return (protocol === 'http:' || protocol === 'https:') && host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * The socket.io side of the server: checks the origin, the handshake and every command's size,
 * rate and shape before a table sees it, keeps the table and player rooms, and tells tables
 * when a player's first socket arrives or last one leaves.
 */
export function attachSocketGateway(app: FastifyInstance, deps: SocketGatewayDeps): SocketGateway {
  const { config, sessions, metrics } = deps;
  const log: FastifyBaseLogger = app.log.child({ component: 'socket' });
  const allowedOrigins = new Set(config.corsOrigins);
  /** Set once the server starts closing: no new connection is taken. */
  let stopping = false;

  const io: BancoServer = new Server(app.server, {
    serveClient: false,
    ...(deps.adapter ? { adapter: deps.adapter } : {}),
    maxHttpBufferSize: TRANSPORT_MAX_BYTES,
    cors: { origin: config.corsOrigins, methods: ['GET', 'POST'] },
    allowRequest: (request, callback) => {
      // A client reconnecting this soon must not land on a server whose tables have stopped:
      // refused, it tries again, and finds the next server.
      if (stopping) return callback('TABLE_CLOSING: this server is stopping', false);
      const origin = request.headers.origin;
      // Browsers always send Origin; Node bots and tools usually send none. The server's own
      // pages (the web app it serves) are same-origin: Origin names the host they asked.
      if (origin === undefined || allowedOrigins.has(origin) || isSameOrigin(origin, request)) {
        return callback(null, true);
      }
      log.warn({ origin }, 'socket origin refused');
      callback(`ORIGIN_REFUSED: origin ${origin} is not allowed`, false);
    },
  });

  const share = new SharedFairShare(config, deps.sharedLimits, log);
  const trust = trustFunction(config.trustProxy);
  const rateLimited = (perPlayer: boolean) =>
    refusal(
      'RATE_LIMITED',
      perPlayer
        ? `too many commands: at most ${config.playerRatePerSecond} a second per player`
        : `too many commands: at most ${config.socketRatePerSecond} a second`,
    );
  /** The socket's budget first, then the player's across all their sockets (P1.6). */
  function overBudget(socket: BancoSocket, bucket: TokenBucket): AckError | null {
    const limited = !bucket.take()
      ? rateLimited(false)
      : !share.take(socket.data.player.id)
        ? rateLimited(true)
        : null;
    if (!limited) {
      socket.data.strikes = 0;
      return null;
    }
    socket.data.strikes += 1;
    if (socket.data.strikes >= STRIKES_BEFORE_DISCONNECT && socket.connected) {
      log.warn({ playerId: socket.data.player.id }, 'socket kept flooding: disconnected');
      socket.emit(COMMAND_REFUSED, {
        code: 'RATE_LIMITED',
        message: `${STRIKES_BEFORE_DISCONNECT} commands past the rate limit: disconnected`,
      });
      socket.disconnect(true);
    }
    return limited;
  }

  let registry: TableRegistry | undefined;
  /** P1.7: each table's events waiting to go out together. */
  const heldAt = new Map<string, HeldBroadcasts>();
  const joining = new JoiningSockets();
  const holdTimes = { holdMs: config.broadcastHoldMs, betHoldMs: config.betBroadcastHoldMs };
  /** Sockets per player per table, to report presence on the first and the last. */
  const here = new LocalPresence();

  function presence(table: TablePort, playerId: string, connected: boolean): void {
    try {
      table.presence(playerId, connected);
    } catch (error) {
      log.error({ err: error, tableId: table.id, playerId }, 'table.presence failed');
    }
  }

  function enter(socket: BancoSocket, table: TablePort): boolean {
    const { player, tables } = socket.data;
    if (tables.has(table.id)) return false;
    tables.add(table.id);
    void socket.join([tableRoom(table.id), playerRoom(player.id, table.id)]);
    if (here.arrive(table.id, player.id)) presence(table, player.id, true);
    return true;
  }

  function exit(socket: BancoSocket, tableId: string, leaveRooms: boolean): void {
    const { player, tables } = socket.data;
    if (!tables.delete(tableId)) return;
    if (leaveRooms) {
      void socket.leave(tableRoom(tableId));
      void socket.leave(playerRoom(player.id, tableId));
    }
    if (!here.depart(tableId, player.id)) return;
    const table = registry?.get(tableId);
    if (table) presence(table, player.id, false);
  }

  function record(command: string, result: string, startedAt: number): void {
    metrics.commands.inc({ command, result });
    metrics.commandSeconds.observe({ command }, (performance.now() - startedAt) / 1000);
  }

  async function handleCommand(
    socket: BancoSocket,
    bucket: TokenBucket,
    name: CommandName,
    args: unknown[],
  ): Promise<void> {
    const startedAt = performance.now();
    const { payload, ack } = splitArgs(args);
    if (!ack) {
      record(name, 'INVALID_PAYLOAD', startedAt);
      socket.emit(COMMAND_REFUSED, {
        code: 'INVALID_PAYLOAD',
        message: `${name} must be sent with an acknowledgement callback`,
      });
      return;
    }
    const reply = (response: { ok: true } | AckError) => {
      record(name, response.ok ? 'ok' : response.code, startedAt);
      ack(response);
    };

    const bytes = payloadBytes(payload);
    if (bytes > config.socketMaxPayloadBytes) {
      return reply(
        refusal(
          'PAYLOAD_TOO_LARGE',
          Number.isFinite(bytes)
            ? `${name}: payload is ${bytes} bytes; the limit is ${config.socketMaxPayloadBytes}`
            : `${name}: payload has no JSON form`,
        ),
      );
    }
    const limited = overBudget(socket, bucket);
    if (limited) return reply(limited);
    const parsed = COMMANDS[name].safeParse(payload);
    if (!parsed.success) {
      const setting = name === 'room.settings' ? invalidSetting(parsed.error) : null;
      return reply(
        setting ?? refusal('INVALID_PAYLOAD', `${name}: ${z.prettifyError(parsed.error)}`),
      );
    }
    const { tableId } = parsed.data;
    const table = registry?.get(tableId);
    if (!table) return reply(refusal('UNKNOWN_TABLE', `no table ${tableId}`));

    const playerId = socket.data.player.id;
    let entered = false;
    /** Set while the command's ack is awaited by a socket new at the table (P1.7, issue 23). */
    let joiningNow = false;
    const enterJoining = () => {
      if (socket.data.tables.has(tableId)) return false;
      joining.start(tableId, socket.id);
      joiningNow = true;
      return enter(socket, table);
    };
    try {
      if (name === 'table.join' || name === 'table.resync') {
        entered = enterJoining();
      } else if (name === 'table.leave') {
        exit(socket, tableId, true);
      } else if (!socket.data.tables.has(tableId)) {
        // T13.8: a table another node runs answers both questions at its owner.
        if (table.admission) {
          const barred = await table.admission(playerId);
          if (barred) return reply(barred);
        } else {
          // T11.2: a removed player hears why, not merely that they have not joined.
          const barred = table.entryRefusal(playerId);
          if (barred) return reply(barred);
          // T9.4: after a restart a client's new socket carries on where its old one was.
          if (!table.knows(playerId)) {
            return reply(refusal('NOT_AT_TABLE', `join table ${tableId} first`));
          }
        }
        enterJoining();
      }
      const response = await table.command(playerId, name, parsed.data);
      // A refused join leaves nothing behind: no rooms, no presence.
      if (entered && !response.ok) exit(socket, tableId, true);
      // P6, P1.7: the events before the ack, held ones included; a snapshot or a resync's
      // list of events carries those up to its version already.
      if (joiningNow) {
        const still = socket.data.tables.has(tableId);
        joining.finish(tableId, socket, still ? coveredBy(response) : Number.POSITIVE_INFINITY);
      }
      if (socket.data.tables.has(tableId)) {
        heldAt.get(tableId)?.catchUp(socket, coveredBy(response));
      }
      reply(response);
    } catch (error) {
      if (joiningNow) joining.finish(tableId, socket, Number.POSITIVE_INFINITY);
      if (entered) exit(socket, tableId, true);
      log.error({ err: error, command: name, tableId, playerId }, 'command failed');
      reply(refusal('INTERNAL', 'internal error'));
    }
  }

  io.use((socket, next) => {
    const auth: unknown = socket.handshake.auth;
    const version =
      typeof auth === 'object' && auth !== null
        ? (auth as { protocolVersion?: unknown }).protocolVersion
        : undefined;
    if (version !== PROTOCOL_VERSION) {
      return next(
        connectRefusal(
          'PROTOCOL_MISMATCH',
          `this server speaks protocol ${PROTOCOL_VERSION}, the client ${JSON.stringify(version ?? null)}: reload the page`,
        ),
      );
    }
    const parsed = handshakeAuthSchema.safeParse(auth);
    if (!parsed.success) {
      return next(connectRefusal('UNAUTHORIZED', 'a guest token is required (POST /api/guests)'));
    }
    // Checked before the token costs a database lookup, and again once the player is known.
    const address = clientAddress(socket.request, trust);
    const stillOpen = () => socket.conn.readyState === 'open';
    share
      .connectRefusal(address)
      .then((refused) => {
        if (refused === 'full') {
          throw connectRefusal('TOO_MANY_CONNECTIONS', 'too many connections from here');
        }
        if (refused === 'fast') {
          throw connectRefusal('RATE_LIMITED', 'reconnecting too fast: wait a second');
        }
        return sessions.lookup(parsed.data.token);
      })
      .then(async (found) => {
        if (found.status === 'unknown') {
          return next(connectRefusal('UNAUTHORIZED', 'unknown token'));
        }
        if (found.status === 'ended') {
          return next(connectRefusal('SESSION_EXPIRED', 'this session has ended: log in again'));
        }
        const { session } = found;
        // Gone while the token was looked up: nothing to count, and no close event to come.
        if (!stillOpen()) return next(connectRefusal('INTERNAL', 'closed'));
        const admitted = await share.admit(session.player.id, address, stillOpen);
        if ('refused' in admitted) {
          return next(connectRefusal('TOO_MANY_CONNECTIONS', admitted.refused));
        }
        // The engine connection closes however the socket ends, even before it connects.
        socket.conn.once('close', admitted.release);
        socket.data.player = session.player;
        socket.data.sessionId = session.id;
        socket.data.sessionExpiresAt = session.expiresAt;
        socket.data.tables = new Set();
        socket.data.strikes = 0;
        next();
      })
      .catch((error: unknown) => {
        if (error instanceof Error && 'data' in error) return next(error);
        log.error({ err: error }, 'token lookup failed');
        next(connectRefusal('INTERNAL', 'could not check the token; try again'));
      });
  });

  io.on('connection', (socket) => {
    metrics.sockets.inc();
    coalesceWrites(socket.conn);
    const { player, sessionId, sessionExpiresAt } = socket.data;
    // Joined before the session is checked again below: a logout that commits after that
    // check finds this socket in its rooms, and one that committed before fails the check.
    void socket.join([sessionRoom(sessionId), accountRoom(player.id)]);
    closeAtExpiry(socket, sessionExpiresAt);
    sessions.touch(sessionId).then(
      (live) => {
        if (!live && socket.connected) {
          endSocket(socket, sessionExpiresAt.getTime() <= Date.now() ? 'expired' : 'logout');
        }
      },
      (error: unknown) => log.warn({ err: error, sessionId }, 'could not note the session as seen'),
    );
    const bucket = new TokenBucket(config.socketRatePerSecond, config.socketRateBurst);

    for (const name of COMMAND_NAMES) {
      socket.on(name, (...args: unknown[]) => void handleCommand(socket, bucket, name, args));
    }
    socket.onAny((event: string, ...args: unknown[]) => {
      if (COMMAND_SET.has(event)) return;
      const startedAt = performance.now();
      const { ack } = splitArgs(args);
      const response =
        overBudget(socket, bucket) ??
        refusal('UNKNOWN_COMMAND', `unknown command ${JSON.stringify(event).slice(0, 80)}`);
      record('unknown', response.code, startedAt);
      if (ack) ack(response);
      else socket.emit(COMMAND_REFUSED, { code: response.code, message: response.message });
    });

    socket.on('disconnect', () => {
      metrics.sockets.dec();
      for (const tableId of [...socket.data.tables]) exit(socket, tableId, false);
    });
  });

  // T9.11: close each client's transport, not its socket.io session, so that its own
  // reconnection runs and finds the server that comes back (a socket ended with `io server
  // disconnect` never reconnects by itself). What is queued for it is sent first. Then the HTTP
  // server can finish closing, and socket.io stops.
  app.addHook('preClose', (done) => {
    stopping = true;
    for (const held of heldAt.values()) held.flush();
    for (const socket of io.sockets.sockets.values()) socket.conn.close();
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    void io.close().then(
      () => done(),
      () => done(),
    );
  });

  return {
    io,
    outboxFor: (tableId) => {
      const held = new HeldBroadcasts(io, tableRoom(tableId), holdTimes, () => joining.of(tableId));
      heldAt.set(tableId, held);
      const socketsOf = (playerId: string) =>
        [...(io.sockets.adapter.rooms.get(playerRoom(playerId, tableId)) ?? [])].flatMap(
          (id) => io.sockets.sockets.get(id) ?? [],
        );
      return {
        broadcast: (event) => held.broadcast(event),
        sendPrivate: (playerId, message) => {
          // A turner's cards come after the turn that gives them (P1.5).
          for (const socket of socketsOf(playerId)) held.catchUp(socket);
          // Local: other nodes' sockets hear it through the cluster bus (T13.8).
          io.local.to(playerRoom(playerId, tableId)).emit(TABLE_PRIVATE, message);
        },
        // T11.2: a kicked player's sockets leave the table; they are still connected otherwise.
        eject: (playerId) => {
          held.flush();
          for (const socket of socketsOf(playerId)) exit(socket, tableId, true);
        },
        release: () => {
          held.flush();
          // A room opened again under its id has a holder of its own by now.
          if (heldAt.get(tableId) === held) heldAt.delete(tableId);
        },
      };
    },
    setTables: (tables) => {
      registry = tables;
    },
    endSessions: (target, reason) => endSessions(io, target, reason),
    presence: here,
  };
}
