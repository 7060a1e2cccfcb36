import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../db/ledger-invariant.js';
import { orphanedTables } from '../cluster/orphans.js';
import { createPrisma, type PrismaClient } from '../db/prisma.js';
import { createTestDatabase, type TestDatabase } from '../db/test-database.js';
import { ClusterBot } from '../testing/cluster-bot.js';
import { startNode, TestRedis } from '../testing/cluster-harness.js';
import { freePort, type ServerProcess } from '../testing/server-process.js';
import { TEST_LEASE_MS } from '../testing/test-lease.js';

/**
 * T13.18 on real infrastructure: a node runs two public tables and dies (kill -9) with a stake in
 * escrow at `main-2`; the node that takes over is configured with one public table only, so
 * nobody will run `main-2` again. Waits are for log lines and acks, never a sleep.
 */
describe('a table no node runs is swept (T13.18)', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  let redis: TestRedis;
  const servers: ServerProcess[] = [];
  const bots: ClusterBot[] = [];

  const start = async (id: string, publicTables: number) => {
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      TABLE_TIMINGS: 'bots',
      LEASE_MS: String(TEST_LEASE_MS),
      PUBLIC_TABLES: String(publicTables),
    };
    const server = await startNode(env, id, await freePort());
    servers.push(server);
    return server;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = createPrisma(db.url);
    redis = await TestRedis.start();
  }, 60_000);

  afterAll(async () => {
    for (const bot of bots) bot.close();
    for (const server of servers) {
      if (server.child.exitCode === null) await server.kill('SIGKILL');
    }
    await redis?.stop();
    await prisma?.$disconnect();
    await db?.drop();
  });

  it('T13.18, T9.5, T13.1: a public table dropped from PUBLIC_TABLES while its dead owner held a stake in escrow is claimed by the node left, its round refunded, its shoe revealed and its lease given up', async () => {
    const first = await start('orphan-a', 2);
    const ann = await ClusterBot.create(first.url, 'ann', 1, 'banker', 'main-2');
    const bob = await ClusterBot.create(first.url, 'bob', 2, 'player', 'main-2');
    bots.push(ann, bob);
    for (const bot of bots) await bot.sit();
    // T2.3: Bob never bets, so betting stays open with Ann's stake in escrow.
    ann.acting = true;
    const confirmed = await ann.next((e) => e.type === 'bets.confirmed' && e.seat === ann.seat);
    if (confirmed.type !== 'bets.confirmed') throw new Error('not a confirm');
    ann.acting = false;
    await first.kill('SIGKILL');
    for (const bot of bots) bot.close();

    const open = await prisma.round.findFirstOrThrow({
      where: { tableId: 'main-2', status: 'OPEN' },
      include: { bets: true },
    });
    const staked = open.bets.reduce((sum, b) => sum + Number(b.amount), 0);
    expect(staked).toBeGreaterThan(0);

    const second = await start('orphan-b', 1);
    const sweptAt = performance.now();
    const said = /a table no node runs/;
    const line =
      second.lines.find((l) => said.test(l)) ??
      (await second.waitFor(said, 4 * TEST_LEASE_MS + 5_000));
    const ms = Math.round(performance.now() - sweptAt);
    expect(JSON.parse(line)).toMatchObject({ table: 'main-2' });
    console.log(`orphan swept ${ms} ms after the second node was up`);

    const swept = await prisma.round.findUniqueOrThrow({
      where: { id: open.id },
      include: { bets: true },
    });
    expect(swept.status).toBe('VOIDED');
    expect(await prisma.transfer.count({ where: { kind: 'REFUND', roundId: open.id } })).toBe(
      open.bets.length,
    );
    const wallet = await prisma.account.findUniqueOrThrow({
      where: { id: `wallet:${ann.playerId}` },
    });
    expect(Number(wallet.balance)).toBe(confirmed.balance + staked);
    // R11: the shoe nobody will finish is ended and its seed revealed.
    const shoes = await prisma.shoe.findMany({ where: { tableId: 'main-2' } });
    expect(shoes.length).toBeGreaterThan(0);
    expect(shoes.filter((s) => s.endedAt === null || s.revealedAt === null)).toEqual([]);
    // T13.5: the lease given up at once; the sweep runs the table nowhere.
    const lease = await prisma.tableLease.findUniqueOrThrow({ where: { tableId: 'main-2' } });
    expect(lease.owner).toBeNull();
    expect(second.lines.some((l) => /"table":"main-2".*claimed and resumed/.test(l))).toBe(false);
    expect((await checkLedger(prisma, { liveTables: ['main'] })).problems).toEqual([]);
    // Nothing left for a later sweep: the table is no longer an orphan.
    const pool = new pg.Pool({ connectionString: db.url, max: 1 });
    try {
      expect(await orphanedTables(pool, ['main'])).toEqual([]);
    } finally {
      await pool.end();
    }
  });
});
