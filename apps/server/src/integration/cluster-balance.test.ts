import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Banco } from '../banco.js';
import { checkLedger } from '../db/ledger-invariant.js';
import { migrate } from '../db/migrate.js';
import { createPrisma, type PrismaClient } from '../db/prisma.js';
import { createTestDatabase, type TestDatabase } from '../db/test-database.js';
import { ClusterBot } from '../testing/cluster-bot.js';
import { TEST_LEASE_MS } from '../testing/test-lease.js';
import { TestRedis } from '../testing/cluster-harness.js';
import { startLocalNode } from '../testing/local-node.js';

/**
 * T13.14: a node that joins gets its share. Two real nodes in this process over one Postgres
 * and a Redis the test starts: the first runs both public tables alone, then the second joins.
 */
describe('a node joins (T13.14)', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  let redis: TestRedis;
  const nodes: Banco[] = [];
  const bots: ClusterBot[] = [];

  const startNode = async (id: string) => {
    const node = await startLocalNode(db.url, redis.url, id, {
      PUBLIC_TABLES: '2',
      LEASE_MS: String(TEST_LEASE_MS),
    });
    nodes.push(node.banco);
    return node;
  };

  /** Who holds each table's lease, as Postgres has it. */
  const owners = async () =>
    Object.fromEntries(
      (await prisma.tableLease.findMany({ orderBy: { tableId: 'asc' } })).map((l) => [
        l.tableId,
        l.owner,
      ]),
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    await migrate(db.url);
    prisma = createPrisma(db.url);
    redis = await TestRedis.start();
  }, 30_000);

  afterAll(async () => {
    for (const bot of bots) bot.close();
    for (const node of nodes) await node.close();
    await redis?.stop();
    await prisma?.$disconnect();
    await db?.drop();
  });

  it('T13.14 T13.7 T13.12 T13.8: the first node gives the second its share between rounds; no round voided, the moved table’s player plays on', async () => {
    const a = await startNode('balance-a');
    await expect.poll(owners, { timeout: 10_000, interval: 50 }).toEqual({
      main: 'balance-a',
      'main-2': 'balance-a',
    });
    // Two at main, one at main-2: main-2 is the emptier, so it is the one to move.
    for (const [name, seat, tableId] of [
      ['ann', 1, 'main'],
      ['bob', 2, 'main'],
      ['cat', 1, 'main-2'],
    ] as const) {
      const bot = await ClusterBot.create(a.url, name, seat, 'banker', tableId);
      await bot.sit();
      bot.acting = true;
      bots.push(bot);
    }
    const cat = bots[2]!;
    await cat.next((e) => e.type === 'round.result');

    await startNode('balance-b');
    await expect.poll(owners, { timeout: 15_000, interval: 50 }).toEqual({
      main: 'balance-a',
      'main-2': 'balance-b',
    });
    const moved = await prisma.tableLease.findUniqueOrThrow({ where: { tableId: 'main-2' } });
    // Cat's socket is still on the first node: her table's rounds reach her through the bus,
    // with her bets in them, and versions that only go up.
    const from = cat.versions.length;
    const played = await prisma.round.count({ where: { table: { id: 'main-2' } } });
    for (let i = 0; i < 2; i++) {
      await cat.next((e) => e.type === 'round.result' && e.version > (cat.versions[from] ?? 0));
    }
    expect(cat.connected).toBe(true);
    expect(cat.disconnects).toBe(0);
    for (let i = from + 1; i < cat.versions.length; i++) {
      expect(cat.versions[i]!).toBeGreaterThanOrEqual(cat.versions[i - 1]!);
    }
    const hers = await prisma.bet.count({
      where: { round: { tableId: 'main-2', seq: { gt: played } } },
    });
    expect(hers).toBeGreaterThan(0);
    // And it stays: a node at its share gives nothing more up, the other claims nothing more.
    const settled = await prisma.tableLease.findUniqueOrThrow({ where: { tableId: 'main-2' } });
    expect(settled.epoch).toBe(moved.epoch);
    expect(await owners()).toEqual({ main: 'balance-a', 'main-2': 'balance-b' });

    expect(await prisma.round.count({ where: { status: 'VOIDED' } })).toBe(0);
    expect((await checkLedger(prisma, { liveTables: ['main', 'main-2'] })).problems).toEqual([]);
  }, 60_000);
});
