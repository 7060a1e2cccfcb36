import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isCardCode, type CardCode } from '@banco/rules';
import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';

/** The repository root: this file sits at apps/server/{src,dist}/config.{ts,js}. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** An unset or blank variable takes the default. */
const optionalEnv = <S extends z.ZodType>(schema: S) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema,
  );

const integer = (fallback: number, min: number, max: number) =>
  optionalEnv(
    z
      .string()
      .regex(/^\s*\d+\s*$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(min).max(max))
      .default(fallback),
  );

const originList = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== ''),
  )
  .pipe(
    z
      .array(
        z
          .url({ protocol: /^https?$/, error: 'each origin must be an http(s) URL' })
          .refine((origin) => new URL(origin).origin === origin, {
            error: 'each origin must be scheme://host[:port] with no path or trailing slash',
          }),
      )
      .min(1, 'must list at least one origin'),
  );

/**
 * Which proxies to believe about the client's address (X-Forwarded-For): `false` (default:
 * none, the socket's peer is the client), `true` (any), a number of hops, or a comma list of
 * addresses, CIDR ranges or `loopback` / `linklocal` / `uniquelocal`.
 */
export type TrustProxy = boolean | number | string[];

const trustProxyEnv = z.string().transform((text, ctx): TrustProxy => {
  const value = text.trim();
  if (value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  try {
    proxyAddr.compile(list);
  } catch (error) {
    ctx.addIssue({
      code: 'custom',
      message: `must be true, false, a number of hops or a list of addresses/CIDRs (${(error as Error).message})`,
    });
    return z.NEVER;
  }
  return list;
});

/**
 * The server's environment. Keys are the variable names; docker-compose.yml may only set
 * these (src/deploy.test.ts checks it).
 */
export const envSchema = z.object({
  PORT: integer(3001, 0, 65_535),
  HOST: optionalEnv(z.string().min(1).default('127.0.0.1')),
  /** When unset, main starts an embedded Postgres in EMBEDDED_PG_DIR. */
  DATABASE_URL: optionalEnv(
    z
      .string()
      .regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  EMBEDDED_PG_DIR: optionalEnv(z.string().min(1).default('.data/postgres')),
  EMBEDDED_PG_PORT: integer(54_329, 1, 65_535),
  CORS_ORIGINS: optionalEnv(originList.default(['http://localhost:3000', 'http://127.0.0.1:3000'])),
  LOG_LEVEL: optionalEnv(z.enum(LOG_LEVELS).default('info')),
  SOCKET_MAX_PAYLOAD_BYTES: integer(8192, 64, 1_048_576),
  SOCKET_RATE_PER_SECOND: integer(20, 1, 10_000),
  SOCKET_RATE_BURST: integer(40, 1, 100_000),
  /** P1.7: how long a table event nobody must act on may wait to go out with others (ms). */
  BROADCAST_HOLD_MS: integer(100, 0, 1_000),
  /** P1.7: the same for others' bets, which a betting window is full of (ms). */
  BET_BROADCAST_HOLD_MS: integer(400, 0, 2_000),
  TABLE_TIMINGS: optionalEnv(
    z.enum(['live', 'fast', 'patient', 'browser', 'bots', 'instant']).default('live'),
  ),
  /** The static export of apps/web, served at `/` (relative: from the repository root). */
  WEB_DIR: optionalEnv(z.string().min(1).default('apps/web/out')),
  /**
   * TEST ONLY, off by default, refused when NODE_ENV=production: every shoe of the main table
   * is this card order instead of a fair shuffle (browser tests script Player wins). Card codes
   * separated by spaces or commas, burn card first.
   */
  TEST_SCRIPTED_SHOE: optionalEnv(
    z
      .string()
      .transform((text) => text.split(/[\s,]+/).filter((code) => code !== ''))
      .pipe(
        z
          .array(z.string().refine(isCardCode, { error: 'not a card code (e.g. 9H, 10S, KD)' }))
          .min(1),
      )
      .optional(),
  ),
  TRUST_PROXY: optionalEnv(trustProxyEnv.default(false)),
  /** Live sockets one player may hold at once, across every tab and device. */
  SOCKETS_PER_PLAYER: integer(8, 1, 1_000),
  /** Live sockets from one client address (a household or office shares one). */
  SOCKETS_PER_ADDRESS: integer(100, 1, 100_000),
  /** Commands a second for one player across all their sockets. */
  PLAYER_RATE_PER_SECOND: integer(30, 1, 10_000),
  PLAYER_RATE_BURST: integer(60, 1, 100_000),
  /** How long a guest's session lets its player in after it was issued. */
  GUEST_TOKEN_TTL_HOURS: integer(720, 1, 87_600),
  /** How long a login session (P10.3) lasts after the login. */
  SESSION_TTL_HOURS: integer(168, 1, 87_600),
  /** P10.4: login attempts at one username, from anywhere, per window. */
  LOGIN_ATTEMPTS_PER_USERNAME: integer(5, 1, 1_000),
  /** P10.4: login attempts from one client address, at any username, per window. */
  LOGIN_ATTEMPTS_PER_ADDRESS: integer(30, 1, 100_000),
  LOGIN_ATTEMPT_WINDOW_MINUTES: integer(15, 1, 1_440),
  /** T9.7: a stop that takes longer than this ends the process anyway (ms). */
  SHUTDOWN_DEADLINE_MS: integer(9_000, 100, 60_000),
  /**
   * Postgres aborts a statement that waits longer than this for a lock, or runs longer than
   * twice it (ms), so no transaction can hold a table (or a shutdown) for ever.
   */
  DB_LOCK_TIMEOUT_MS: integer(5_000, 100, 600_000),
  /** Test-only: every settlement waits this long first (the crash suite's mid-settlement kill). */
  TEST_HOLD_SETTLEMENT_MS: integer(0, 0, 60_000),
  /**
   * Test-only: a coup's escrow (its bank and stakes, in one statement) is answered this long
   * after the ledger stored it: the crash tests' kill with chips held and no card dealt.
   */
  TEST_HOLD_ESCROW_MS: integer(0, 0, 60_000),
  /**
   * Test-only: every room-chips ledger entry waits this long first (T11.17's kill between a
   * table's state save and the grant or top-up it stored).
   */
  TEST_HOLD_ROOM_CHIPS_MS: integer(0, 0, 60_000),
  /** T10.7: how many public tables the lobby lists: `main`, then `main-2`, `main-3`… */
  PUBLIC_TABLES: integer(1, 1, 50),
  /** T10.2: private rooms one host may have open at once. */
  ROOMS_PER_HOST: integer(3, 1, 100),
  /** T10.2: private rooms this server runs at once, all hosts together. */
  MAX_OPEN_ROOMS: integer(200, 1, 10_000),
  /**
   * T11.8: a private room nobody is connected to for this long closes itself. Fractions are
   * taken (tests close rooms in milliseconds: 0.005 is 300 ms).
   */
  ROOM_IDLE_MINUTES: optionalEnv(
    z
      .string()
      .regex(/^\s*\d+(\.\d+)?\s*$/, 'must be a number of minutes')
      .transform(Number)
      .pipe(z.number().positive().max(525_600))
      .default(30),
  ),
  /**
   * T12: several nodes share the tables through this Redis (redis://…). Unset: this process is
   * the only node, on its own, and needs no Redis.
   */
  REDIS_URL: optionalEnv(
    z
      .string()
      .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  /** T12: this node's name in the table leases; unique per live process (default: host:port:pid). */
  NODE_ID: optionalEnv(
    z
      .string()
      .regex(/^[\w.:@-]{1,100}$/, 'letters, digits and . : @ - _ only (at most 100)')
      .optional(),
  ),
  /** T13.2: how long a table's lease lasts past its last renewal; a dead node's tables wait this long. */
  LEASE_MS: integer(10_000, 300, 600_000),
  /**
   * T13.12: with several nodes, how long a stopping node waits for its tables to reach the end of
   * their round before it shuts the rest down as one node would (T9.7).
   */
  DRAIN_MS: integer(60_000, 0, 600_000),
});
export type EnvKey = keyof typeof envSchema.shape;
export const ENV_KEYS = Object.keys(envSchema.shape) as EnvKey[];

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Absolute; a relative EMBEDDED_PG_DIR is taken from the repository root. */
  embeddedPgDir: string;
  embeddedPgPort: number;
  corsOrigins: string[];
  logLevel: (typeof LOG_LEVELS)[number];
  socketMaxPayloadBytes: number;
  socketRatePerSecond: number;
  socketRateBurst: number;
  broadcastHoldMs: number;
  betBroadcastHoldMs: number;
  /** Absolute; a relative WEB_DIR is taken from the repository root. */
  webDir: string;
  /** TEST ONLY: see TEST_SCRIPTED_SHOE. */
  scriptedShoe: readonly CardCode[] | undefined;
  tableTimings: 'live' | 'fast' | 'patient' | 'browser' | 'bots' | 'instant';
  trustProxy: TrustProxy;
  socketsPerPlayer: number;
  socketsPerAddress: number;
  playerRatePerSecond: number;
  playerRateBurst: number;
  guestTokenTtlMs: number;
  sessionTtlMs: number;
  loginLimits: { perUsername: number; perAddress: number; windowMs: number };
  shutdownDeadlineMs: number;
  dbLockTimeoutMs: number;
  testHoldSettlementMs: number;
  testHoldEscrowMs: number;
  testHoldRoomChipsMs: number;
  publicTables: number;
  roomsPerHost: number;
  maxOpenRooms: number;
  roomIdleMs: number;
  redisUrl: string | undefined;
  nodeId: string | undefined;
  leaseMs: number;
  drainMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly { variable: string; message: string }[]) {
    super(`Invalid environment: ${problems.map((p) => `${p.variable}: ${p.message}`).join('; ')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the environment; throws a ConfigError naming every bad variable at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const picked = Object.fromEntries(ENV_KEYS.map((key) => [key, env[key]]));
  const parsed = envSchema.safeParse(picked);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const variable = String(issue.path[0] ?? '(environment)');
        // The database URL may hold a password: never echo it.
        const shown =
          variable === 'DATABASE_URL' ? '' : ` (got ${JSON.stringify(picked[variable])})`;
        return { variable, message: `${issue.message}${shown}` };
      }),
    );
  }
  const e = parsed.data;
  if (e.TEST_SCRIPTED_SHOE && env.NODE_ENV === 'production') {
    throw new ConfigError([
      {
        variable: 'TEST_SCRIPTED_SHOE',
        message: 'a scripted shoe is for tests only and is refused when NODE_ENV=production',
      },
    ]);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    embeddedPgDir: resolve(REPO_ROOT, e.EMBEDDED_PG_DIR),
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    corsOrigins: e.CORS_ORIGINS,
    logLevel: e.LOG_LEVEL,
    socketMaxPayloadBytes: e.SOCKET_MAX_PAYLOAD_BYTES,
    socketRatePerSecond: e.SOCKET_RATE_PER_SECOND,
    socketRateBurst: e.SOCKET_RATE_BURST,
    broadcastHoldMs: e.BROADCAST_HOLD_MS,
    betBroadcastHoldMs: e.BET_BROADCAST_HOLD_MS,
    tableTimings: e.TABLE_TIMINGS,
    webDir: resolve(REPO_ROOT, e.WEB_DIR),
    scriptedShoe: e.TEST_SCRIPTED_SHOE as CardCode[] | undefined,
    trustProxy: e.TRUST_PROXY,
    socketsPerPlayer: e.SOCKETS_PER_PLAYER,
    socketsPerAddress: e.SOCKETS_PER_ADDRESS,
    playerRatePerSecond: e.PLAYER_RATE_PER_SECOND,
    playerRateBurst: e.PLAYER_RATE_BURST,
    guestTokenTtlMs: e.GUEST_TOKEN_TTL_HOURS * 3_600_000,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    loginLimits: {
      perUsername: e.LOGIN_ATTEMPTS_PER_USERNAME,
      perAddress: e.LOGIN_ATTEMPTS_PER_ADDRESS,
      windowMs: e.LOGIN_ATTEMPT_WINDOW_MINUTES * 60_000,
    },
    shutdownDeadlineMs: e.SHUTDOWN_DEADLINE_MS,
    dbLockTimeoutMs: e.DB_LOCK_TIMEOUT_MS,
    testHoldSettlementMs: e.TEST_HOLD_SETTLEMENT_MS,
    testHoldEscrowMs: e.TEST_HOLD_ESCROW_MS,
    testHoldRoomChipsMs: e.TEST_HOLD_ROOM_CHIPS_MS,
    publicTables: e.PUBLIC_TABLES,
    roomsPerHost: e.ROOMS_PER_HOST,
    maxOpenRooms: e.MAX_OPEN_ROOMS,
    roomIdleMs: Math.round(e.ROOM_IDLE_MINUTES * 60_000),
    redisUrl: e.REDIS_URL,
    nodeId: e.NODE_ID,
    leaseMs: e.LEASE_MS,
    drainMs: e.DRAIN_MS,
  };
}
