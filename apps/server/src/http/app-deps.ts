import type { FastifyServerOptions } from 'fastify';
import type { SharedLimits } from '../cluster/shared-limits.js';
import type { Config } from '../config.js';
import type { Metrics } from '../metrics.js';
import type { Rooms } from '../rooms/rooms.js';
import type { TableRegistry } from '../table/runtime/table-port.js';
import type {
  GuestStore,
  HistoryStore,
  LoginStore,
  SessionSockets,
  SessionStore,
} from './stores.js';

/**
 * Per client IP: every route but /health, and the stricter limit on creating guests; 30 a
 * minute so a table of 14 friends behind one router can all sign up at once (P0.1).
 */
export const RATE_LIMITS = {
  global: { max: 100, timeWindow: 60_000 },
  createGuest: { max: 30, timeWindow: 60_000 },
  /** T10.2: on top of the per-host cap. */
  createRoom: { max: 10, timeWindow: 60_000 },
  createInvite: { max: 30, timeWindow: 60_000 },
  /** T10.3: codes are short, so guessing them is slowed down. */
  resolveInvite: { max: 20, timeWindow: 60_000 },
} as const;

export interface HttpAppDeps {
  config: Config;
  guests: GuestStore;
  sessions: SessionStore;
  logins: LoginStore;
  /** The socket side, once it exists: closes the sockets of sessions that end. */
  sockets: () => SessionSockets | undefined;
  history: HistoryStore;
  /** The live tables, once they exist (the socket layer must be up before tables are made). */
  tables: () => TableRegistry | undefined;
  metrics: Metrics;
  /** True when the database answers. */
  checkDb: () => Promise<boolean>;
  /** Private rooms (P8); their routes exist only where rooms are run. */
  rooms?: Rooms;
  /** Fastify's logger option; defaults to pino at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
  /** P1.6 across nodes: the HTTP and login limits count in Redis, once for every node. */
  sharedLimits?: SharedLimits;
}
