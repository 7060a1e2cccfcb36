import type { TableSummary } from '@banco/protocol';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../db/test-database.js';
import { startNode, TestRedis } from '../testing/cluster-harness.js';
import { freePort, type ServerProcess } from '../testing/server-process.js';
import { TEST_LEASE_MS } from '../testing/test-lease.js';

const RESUMED = /table claimed and resumed here/;

/**
 * T13.19 on real processes: the owner of the one public table is killed (kill -9); the node left
 * lists the table as resuming until it runs it. The test holds the lease row locked meanwhile,
 * so the new owner's claim waits for the test, not for a race: the gap lasts until the test
 * lets go, and its end is the new owner's log line, never a sleep.
 */
describe('the lobby during a failover (T13.19)', () => {
  let db: TestDatabase;
  let redis: TestRedis;
  let lock: pg.Client | undefined;
  const servers: ServerProcess[] = [];

  const start = async (id: string) => {
    const server = await startNode(
      {
        DATABASE_URL: db.url,
        REDIS_URL: redis.url,
        TABLE_TIMINGS: 'bots',
        LEASE_MS: String(TEST_LEASE_MS),
        PUBLIC_TABLES: '1',
      },
      id,
      await freePort(),
    );
    servers.push(server);
    return server;
  };

  const lobby = async (server: ServerProcess): Promise<TableSummary[]> => {
    const res = await fetch(`${server.url}/api/tables`);
    expect(res.status).toBe(200);
    return (await res.json()) as TableSummary[];
  };

  /** The first line that matches, logged already or from now on. */
  const said = async (server: ServerProcess, test: RegExp, timeoutMs?: number) =>
    server.lines.find((line) => test.test(line)) ?? (await server.waitFor(test, timeoutMs));

  beforeAll(async () => {
    db = await createTestDatabase();
    redis = await TestRedis.start();
  }, 60_000);

  afterAll(async () => {
    await lock?.end().catch(() => undefined);
    for (const server of servers) {
      if (server.child.exitCode === null) await server.kill('SIGKILL');
    }
    await redis?.stop();
    await db?.drop();
  });

  it('T13.19 T13.10: a table whose owner died is listed as resuming on the node left, and unmarked once it runs there', async () => {
    const owner = await start('lobby-a');
    await said(owner, RESUMED);
    const left = await start('lobby-b');
    // T13.6: the node left knows the table from the owner's beat: listed, not resuming.
    await expect
      .poll(async () => (await lobby(left)).map((t) => [t.id, t.resuming ?? false]), {
        timeout: 10_000,
        interval: 100,
      })
      .toEqual([['main', false]]);

    await owner.kill('SIGKILL');
    // The new owner's claim (T13.1) waits on this row lock until the test lets go.
    lock = new pg.Client({ connectionString: db.url });
    await lock.connect();
    await lock.query('BEGIN');
    await lock.query(`SELECT 1 FROM table_leases WHERE table_id = 'main' FOR UPDATE`);

    // The owner is taken for gone three beats after its last (T13.6): from then on, resuming.
    await expect
      .poll(async () => (await lobby(left)).find((t) => t.id === 'main')?.resuming, {
        timeout: 4 * TEST_LEASE_MS + 5_000,
        // P1.6: an address gets 100 requests a minute; the lock keeps the gap open meanwhile.
        interval: 250,
      })
      .toBe(true);
    const resuming = (await lobby(left)).find((t) => t.id === 'main');
    expect(resuming).toMatchObject({ id: 'main', name: expect.any(String), resuming: true });
    // Not run here yet: the claim is still waiting on the lock.
    expect(left.lines.some((line) => RESUMED.test(line))).toBe(false);

    await lock.query('ROLLBACK');
    await said(left, RESUMED, 4 * TEST_LEASE_MS + 5_000);
    // T13.19: runs here now (its actor resumed before the line is logged): no longer marked.
    const running = (await lobby(left)).find((t) => t.id === 'main');
    expect(running).toBeDefined();
    expect(running).not.toHaveProperty('resuming');
  }, 60_000);
});
