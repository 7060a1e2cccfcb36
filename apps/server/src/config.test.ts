import { isAbsolute, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENV_KEYS, loadConfig, REPO_ROOT } from './config.js';

function problemsOf(env: Record<string, string>) {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected loadConfig to throw');
}

describe('loadConfig', () => {
  it('has a default for everything but DATABASE_URL', () => {
    expect(loadConfig({})).toEqual({
      port: 3001,
      host: '127.0.0.1',
      databaseUrl: undefined,
      embeddedPgDir: join(REPO_ROOT, '.data/postgres'),
      embeddedPgPort: 54329,
      corsOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      logLevel: 'info',
      socketMaxPayloadBytes: 8192,
      socketRatePerSecond: 20,
      socketRateBurst: 40,
      broadcastHoldMs: 100,
      betBroadcastHoldMs: 400,
      tableTimings: 'live',
      webDir: join(REPO_ROOT, 'apps/web/out'),
      scriptedShoe: undefined,
      trustProxy: false,
      socketsPerPlayer: 8,
      socketsPerAddress: 100,
      playerRatePerSecond: 30,
      playerRateBurst: 60,
      guestTokenTtlMs: 720 * 3_600_000,
      sessionTtlMs: 168 * 3_600_000,
      loginLimits: { perUsername: 5, perAddress: 30, windowMs: 15 * 60_000 },
      shutdownDeadlineMs: 9_000,
      dbLockTimeoutMs: 5_000,
      testHoldSettlementMs: 0,
      testHoldEscrowMs: 0,
      testHoldRoomChipsMs: 0,
      publicTables: 1,
      roomsPerHost: 3,
      maxOpenRooms: 200,
      roomIdleMs: 30 * 60_000,
      redisUrl: undefined,
      nodeId: undefined,
      leaseMs: 10_000,
      drainMs: 60_000,
    });
  });

  it('takes the repository root from its own location', () => {
    expect(isAbsolute(REPO_ROOT)).toBe(true);
    expect(REPO_ROOT).toMatch(/[\\/]$/);
    expect(join(REPO_ROOT, 'apps/server/src/config.ts')).toBe(
      join(import.meta.dirname, 'config.ts'),
    );
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://postgres:secret@db:5432/banco',
      EMBEDDED_PG_DIR: '/var/lib/banco-pg',
      EMBEDDED_PG_PORT: '6000',
      CORS_ORIGINS: ' https://banco.example , http://localhost:3000 ',
      LOG_LEVEL: 'debug',
      SOCKET_MAX_PAYLOAD_BYTES: '4096',
      SOCKET_RATE_PER_SECOND: '5',
      SOCKET_RATE_BURST: '10',
      BROADCAST_HOLD_MS: '0',
      BET_BROADCAST_HOLD_MS: '250',
      TABLE_TIMINGS: 'fast',
      WEB_DIR: '/srv/banco-web',
      TEST_SCRIPTED_SHOE: 'AS 10H, 9H 2C KD 3S',
      TRUST_PROXY: '10.0.0.0/8, loopback',
      SOCKETS_PER_PLAYER: '4',
      SOCKETS_PER_ADDRESS: '50',
      PLAYER_RATE_PER_SECOND: '15',
      PLAYER_RATE_BURST: '25',
      GUEST_TOKEN_TTL_HOURS: '2',
      SESSION_TTL_HOURS: '24',
      LOGIN_ATTEMPTS_PER_USERNAME: '3',
      LOGIN_ATTEMPTS_PER_ADDRESS: '12',
      LOGIN_ATTEMPT_WINDOW_MINUTES: '10',
      SHUTDOWN_DEADLINE_MS: '5000',
      DB_LOCK_TIMEOUT_MS: '2000',
      TEST_HOLD_SETTLEMENT_MS: '300',
      TEST_HOLD_ESCROW_MS: '400',
      PUBLIC_TABLES: '4',
      ROOMS_PER_HOST: '2',
      MAX_OPEN_ROOMS: '50',
      ROOM_IDLE_MINUTES: '0.005',
      REDIS_URL: 'redis://cache:6380',
      NODE_ID: 'node-7',
      LEASE_MS: '2500',
      DRAIN_MS: '15000',
    });
    expect(config).toEqual({
      port: 0,
      host: '0.0.0.0',
      databaseUrl: 'postgres://postgres:secret@db:5432/banco',
      embeddedPgDir: '/var/lib/banco-pg',
      embeddedPgPort: 6000,
      corsOrigins: ['https://banco.example', 'http://localhost:3000'],
      logLevel: 'debug',
      socketMaxPayloadBytes: 4096,
      socketRatePerSecond: 5,
      socketRateBurst: 10,
      broadcastHoldMs: 0,
      betBroadcastHoldMs: 250,
      tableTimings: 'fast',
      webDir: '/srv/banco-web',
      scriptedShoe: ['AS', '10H', '9H', '2C', 'KD', '3S'],
      trustProxy: ['10.0.0.0/8', 'loopback'],
      socketsPerPlayer: 4,
      socketsPerAddress: 50,
      playerRatePerSecond: 15,
      playerRateBurst: 25,
      guestTokenTtlMs: 7_200_000,
      sessionTtlMs: 24 * 3_600_000,
      loginLimits: { perUsername: 3, perAddress: 12, windowMs: 600_000 },
      shutdownDeadlineMs: 5_000,
      dbLockTimeoutMs: 2_000,
      testHoldSettlementMs: 300,
      testHoldEscrowMs: 400,
      testHoldRoomChipsMs: 0,
      publicTables: 4,
      roomsPerHost: 2,
      maxOpenRooms: 50,
      roomIdleMs: 300,
      redisUrl: 'redis://cache:6380',
      nodeId: 'node-7',
      leaseMs: 2_500,
      drainMs: 15_000,
    });
  });

  it('knows the patient timings and resolves a relative WEB_DIR against the repository root', () => {
    expect(loadConfig({ TABLE_TIMINGS: 'patient' }).tableTimings).toBe('patient');
    expect(loadConfig({ WEB_DIR: 'build/web' }).webDir).toBe(join(REPO_ROOT, 'build/web'));
  });

  it('refuses a scripted shoe with a card that does not exist', () => {
    const problems = problemsOf({ TEST_SCRIPTED_SHOE: 'AS 11H KD' });
    expect(problems.map((p) => p.variable)).toEqual(['TEST_SCRIPTED_SHOE']);
    expect(problems[0]!.message).toMatch(/not a card code/);
  });

  it('refuses a scripted shoe under NODE_ENV=production: it is for tests only', () => {
    const problems = problemsOf({ TEST_SCRIPTED_SHOE: 'AS 10H', NODE_ENV: 'production' });
    expect(problems).toEqual([
      { variable: 'TEST_SCRIPTED_SHOE', message: expect.stringMatching(/tests only/) },
    ]);
    expect(loadConfig({ NODE_ENV: 'production' }).scriptedShoe).toBeUndefined();
  });

  it('reads TRUST_PROXY as off, on, a hop count or an address list, and refuses nonsense', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(problemsOf({ TRUST_PROXY: 'my proxy' }).map((p) => p.variable)).toEqual(['TRUST_PROXY']);
  });

  it('resolves a relative EMBEDDED_PG_DIR against the repository root', () => {
    expect(loadConfig({ EMBEDDED_PG_DIR: 'tmp/pg' }).embeddedPgDir).toBe(join(REPO_ROOT, 'tmp/pg'));
  });

  it('treats a blank variable as unset and ignores unrelated ones', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '  ', PATH: '/bin', NODE_ENV: 'x' });
    expect(config.port).toBe(3001);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('lists every bad variable at once', () => {
    const problems = problemsOf({
      PORT: 'abc',
      DATABASE_URL: 'mysql://root:hunter2@db/banco',
      EMBEDDED_PG_PORT: '70000',
      CORS_ORIGINS: 'http://ok.example,https://bad.example/path',
      LOG_LEVEL: 'loud',
      SOCKET_MAX_PAYLOAD_BYTES: '1.5',
      SOCKET_RATE_PER_SECOND: '0',
      SOCKET_RATE_BURST: '-3',
      TABLE_TIMINGS: 'slow',
      SHUTDOWN_DEADLINE_MS: '5',
      DB_LOCK_TIMEOUT_MS: 'soon',
      TEST_HOLD_SETTLEMENT_MS: '-1',
    });
    expect([...new Set(problems.map((p) => p.variable))].sort()).toEqual(
      [
        'PORT',
        'DATABASE_URL',
        'EMBEDDED_PG_PORT',
        'CORS_ORIGINS',
        'LOG_LEVEL',
        'SOCKET_MAX_PAYLOAD_BYTES',
        'SOCKET_RATE_PER_SECOND',
        'SOCKET_RATE_BURST',
        'TABLE_TIMINGS',
        'SHUTDOWN_DEADLINE_MS',
        'DB_LOCK_TIMEOUT_MS',
        'TEST_HOLD_SETTLEMENT_MS',
      ].sort(),
    );
  });

  it('names the variables in the error message and never echoes the database URL', () => {
    expect(() => loadConfig({ PORT: 'x', TABLE_TIMINGS: 'slow' })).toThrow(
      /Invalid environment: PORT: .*"x".*; TABLE_TIMINGS: .*"slow"/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db/banco' })).toThrow(
      /DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db/banco' })).not.toThrow(
      /hunter2/,
    );
  });

  it('refuses an empty origin list and origins that are not bare http(s) origins', () => {
    expect(problemsOf({ CORS_ORIGINS: ' , ' }).map((p) => p.variable)).toEqual(['CORS_ORIGINS']);
    expect(problemsOf({ CORS_ORIGINS: 'ftp://files.example' })[0]?.variable).toBe('CORS_ORIGINS');
    expect(problemsOf({ CORS_ORIGINS: 'http://localhost:3000/' })[0]?.variable).toBe(
      'CORS_ORIGINS',
    );
  });

  it('exports the variable names it reads', () => {
    expect(ENV_KEYS).toEqual([
      'PORT',
      'HOST',
      'DATABASE_URL',
      'EMBEDDED_PG_DIR',
      'EMBEDDED_PG_PORT',
      'CORS_ORIGINS',
      'LOG_LEVEL',
      'SOCKET_MAX_PAYLOAD_BYTES',
      'SOCKET_RATE_PER_SECOND',
      'SOCKET_RATE_BURST',
      'BROADCAST_HOLD_MS',
      'BET_BROADCAST_HOLD_MS',
      'TABLE_TIMINGS',
      'WEB_DIR',
      'TEST_SCRIPTED_SHOE',
      'TRUST_PROXY',
      'SOCKETS_PER_PLAYER',
      'SOCKETS_PER_ADDRESS',
      'PLAYER_RATE_PER_SECOND',
      'PLAYER_RATE_BURST',
      'GUEST_TOKEN_TTL_HOURS',
      'SESSION_TTL_HOURS',
      'LOGIN_ATTEMPTS_PER_USERNAME',
      'LOGIN_ATTEMPTS_PER_ADDRESS',
      'LOGIN_ATTEMPT_WINDOW_MINUTES',
      'SHUTDOWN_DEADLINE_MS',
      'DB_LOCK_TIMEOUT_MS',
      'TEST_HOLD_SETTLEMENT_MS',
      'TEST_HOLD_ESCROW_MS',
      'TEST_HOLD_ROOM_CHIPS_MS',
      'PUBLIC_TABLES',
      'ROOMS_PER_HOST',
      'MAX_OPEN_ROOMS',
      'ROOM_IDLE_MINUTES',
      'REDIS_URL',
      'NODE_ID',
      'LEASE_MS',
      'DRAIN_MS',
    ]);
  });
});
