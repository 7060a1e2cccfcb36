import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import { createMetrics, type Metrics } from './metrics.js';
import { attachSocketGateway, type BancoServer, type SocketGatewayDeps } from './socket/gateway.js';
import type { Rooms } from './rooms/rooms.js';
import type { CreateTables } from './cluster/create-tables.js';
import type { TableRegistry } from './table/runtime/table-port.js';
import { buildHttpApp } from './http/app.js';
import { trackConnections } from './http/open-connections.js';
import type { GuestStore, HistoryStore, LoginStore, SessionStore } from './http/stores.js';

export interface BancoServerDeps {
  config: Config;
  guests: GuestStore;
  sessions: SessionStore;
  logins: LoginStore;
  history: HistoryStore;
  /** True when the database answers (GET /health). */
  checkDb: () => Promise<boolean>;
  /** Called once the socket layer can deliver table messages. */
  createTables: CreateTables;
  /** Pass one in to share it with the tables (rounds, bets, settle time); made here otherwise. */
  metrics?: Metrics;
  /** Private rooms (P8): their HTTP routes. */
  rooms?: Rooms;
  /** Runs last on close(), after the tables have closed: e.g. disconnect Prisma. */
  closeDb?: () => Promise<void>;
  logger?: FastifyServerOptions['logger'];
  /** T13.11: socket.io's Redis adapter (several nodes). */
  socketAdapter?: SocketGatewayDeps['adapter'];
  /** P1.6 across nodes (several nodes). */
  sharedLimits?: SocketGatewayDeps['sharedLimits'];
}

export interface BancoServerHandle {
  app: FastifyInstance;
  io: BancoServer;
  tables: TableRegistry;
  metrics: Metrics;
  /** Binds config.host:config.port (port 0: any free port) and reports where. */
  listen(): Promise<{ port: number; url: string }>;
  /** Stops sockets and HTTP, then the tables, then the database. Safe to call twice. */
  close(): Promise<void>;
  /**
   * T9.7: the graceful stop: every table tells its players, refuses commands and finishes or
   * voids its round, then everything closes as in close().
   */
  shutdown(): Promise<void>;
}

/**
 * T9.7: how long a stop lets the clients' connections end by themselves (a request in flight is
 * answered) before it ends those still open. A stop must be over within 10 s.
 */
const CONNECTION_GRACE_MS = 2_000;

/** HTTP routes + socket gateway + tables, wired in the order each needs the other. */
export async function createBancoServer(deps: BancoServerDeps): Promise<BancoServerHandle> {
  const { config } = deps;
  const metrics = deps.metrics ?? createMetrics();
  let tables: TableRegistry | undefined;
  const app = buildHttpApp({
    config,
    guests: deps.guests,
    sessions: deps.sessions,
    logins: deps.logins,
    // Called by a route, so only once the gateway below exists.
    sockets: () => gateway,
    history: deps.history,
    checkDb: deps.checkDb,
    rooms: deps.rooms,
    tables: () => tables,
    metrics,
    logger: deps.logger,
    ...(deps.sharedLimits ? { sharedLimits: deps.sharedLimits } : {}),
  });
  const gateway = attachSocketGateway(app, {
    config,
    sessions: deps.sessions,
    metrics,
    adapter: deps.socketAdapter,
    ...(deps.sharedLimits ? { sharedLimits: deps.sharedLimits } : {}),
  });

  try {
    await app.ready();
    tables = await deps.createTables(gateway.outboxFor, app.log, gateway.presence);
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  const registry = tables;
  gateway.setTables(registry);
  const connections = trackConnections(app.server);

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      // Each stage says when it ends, so a stop that outlives its deadline (T9.7) shows where.
      const started = Date.now();
      const ended = (stage: string) => app.log.info(`stop: ${stage} (${Date.now() - started} ms)`);
      const lingering = setTimeout(() => {
        app.log.warn(
          { connections: connections.describe() },
          `stop: connections still open after ${CONNECTION_GRACE_MS} ms: ended`,
        );
        connections.endAll();
      }, CONNECTION_GRACE_MS);
      try {
        await app.close();
        ended('HTTP and sockets closed');
      } finally {
        clearTimeout(lingering);
        try {
          await registry.close();
          ended('tables closed');
        } finally {
          await deps.closeDb?.();
          ended('database closed');
        }
      }
    })();
    return closing;
  };

  return {
    app,
    io: gateway.io,
    tables: registry,
    metrics,
    async listen() {
      await app.listen({ host: config.host, port: config.port });
      const { port } = app.server.address() as AddressInfo;
      const host =
        config.host === '0.0.0.0' || config.host === '::'
          ? '127.0.0.1'
          : config.host.includes(':')
            ? `[${config.host}]`
            : config.host;
      return { port, url: `http://${host}:${port}` };
    },
    close,
    async shutdown() {
      try {
        await registry.shutdown();
        app.log.info('stop: rounds finished and tables saved');
      } finally {
        await close();
      }
    },
  };
}
