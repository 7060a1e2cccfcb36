import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import { createMetrics, type Metrics } from './metrics.js';
import { attachSocketGateway, type BancoServer, type SocketGatewayDeps } from './socket/gateway.js';
import type { Rooms } from './rooms/rooms.js';
import type { CreateTables, TableRegistry } from './table/table-port.js';
import { buildHttpApp } from './http/app.js';
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

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      try {
        await app.close();
      } finally {
        try {
          await registry.close();
        } finally {
          await deps.closeDb?.();
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
      } finally {
        await close();
      }
    },
  };
}
