import { COMMAND_NAMES, type CommandName } from '@banco/protocol';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ServerOptions } from 'socket.io';
import type { Config } from '../config.js';
import type { SessionSockets, SessionStore } from '../http/stores.js';
import type { Metrics } from '../metrics.js';
import type { LocalPresence } from '../cluster/local-presence.js';
import type { TableOutbox, TableRegistry } from '../table/runtime/table-port.js';
import { trustFunction } from '../http/client-address.js';
import type { SharedLimits } from '../cluster/shared-limits.js';
import { coalesceWrites } from './coalesce-writes.js';
import { commandBudget } from './command-budget.js';
import { commandHandlers } from './commands.js';
import { SharedFairShare } from './fair-share-shared.js';
import { useHandshake } from './handshake.js';
import { createIoServer } from './io-server.js';
import { TableOutboxes } from './outboxes.js';
import {
  accountRoom,
  closeAtExpiry,
  endSessions,
  endSocket,
  sessionRoom,
} from './session-sockets.js';
import { TableRooms } from './table-rooms.js';
import { TokenBucket } from '../token-bucket.js';
import type { BancoServer } from './typed-io.js';

export { STRIKES_BEFORE_DISCONNECT } from './command-budget.js';
export { TRANSPORT_MAX_BYTES } from './io-server.js';
export { playerRoom, tableRoom } from './table-rooms.js';
export type { BancoServer, BancoSocket, SocketData } from './typed-io.js';

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

const COMMAND_SET: ReadonlySet<string> = new Set(COMMAND_NAMES);
const isCommandName = (event: string): event is CommandName => COMMAND_SET.has(event);

/**
 * The socket.io side of the server, put together from its parts: the origin check
 * (io-server.ts), the handshake (handshake.ts), each command's checks and dispatch
 * (commands.ts, command-budget.ts), a socket's place at tables (table-rooms.ts) and the
 * tables' outboxes (outboxes.ts). Here: a connection's life, and the server's stop.
 */
export function attachSocketGateway(app: FastifyInstance, deps: SocketGatewayDeps): SocketGateway {
  const { config, sessions, metrics } = deps;
  const log: FastifyBaseLogger = app.log.child({ component: 'socket' });
  /** Set once the server starts closing: no new connection is taken. */
  let stopping = false;
  const io = createIoServer(app, { config, adapter: deps.adapter, log, stopping: () => stopping });
  const share = new SharedFairShare(config, deps.sharedLimits, log);
  useHandshake(io, { sessions, share, trust: trustFunction(config.trustProxy), log });

  let registry: TableRegistry | undefined;
  const rooms = new TableRooms(() => registry, log);
  const outboxes = new TableOutboxes(
    io,
    { holdMs: config.broadcastHoldMs, betHoldMs: config.betBroadcastHoldMs },
    rooms,
  );
  const handlers = commandHandlers({
    config,
    metrics,
    log,
    overBudget: commandBudget({ config, share, log }),
    rooms,
    outboxes,
    registry: () => registry,
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

    // One listener for every event rather than one per command: a node holds thousands of
    // sockets, and a closure per command on each was a sixth of its live heap at 7,000 sockets,
    // which every major GC marks (docs/performance-log.md).
    socket.onAny((event: string, ...args: unknown[]) => {
      if (isCommandName(event)) void handlers.command(socket, bucket, event, args);
      else handlers.unknown(socket, bucket, event, args);
    });

    socket.on('disconnect', () => {
      metrics.sockets.dec();
      for (const tableId of [...socket.data.tables]) rooms.exit(socket, tableId, false);
    });
  });

  // T9.11: close each client's transport, not its socket.io session, so that its own
  // reconnection runs and finds the server that comes back (a socket ended with `io server
  // disconnect` never reconnects by itself). What is queued for it is sent first. Then the HTTP
  // server can finish closing, and socket.io stops.
  app.addHook('preClose', (done) => {
    stopping = true;
    outboxes.flushAll();
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
    outboxFor: (tableId) => outboxes.outboxFor(tableId),
    setTables: (tables) => {
      registry = tables;
    },
    endSessions: (target, reason) => endSessions(io, target, reason),
    presence: rooms.presence,
  };
}
