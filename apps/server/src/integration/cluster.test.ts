import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../db/ledger-invariant.js';
import { createPrisma, type PrismaClient } from '../db/prisma.js';
import { migrate } from '../db/migrate.js';
import { createTestDatabase, type TestDatabase } from '../db/test-database.js';
import { ClusterBot } from '../testing/cluster-bot.js';
import { startNode, TestProxy, TestRedis } from '../testing/cluster-harness.js';
import { freePort, type ServerProcess } from '../testing/server-process.js';

/**
 * Issue 16 on real infrastructure: a Redis and an HAProxy the test starts itself, two server
 * processes over one Postgres, real socket.io clients. Every wait is for an event, a version or
 * a log line, never a sleep.
 */

/** Short leases: a dead owner's tables are free 1.5 s after its last renewal (S1.2). */
const LEASE_MS = 1_500;

interface Node {
  id: string;
  port: number;
  process: ServerProcess;
}

describe('several nodes (S1, S2)', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  let redis: TestRedis;
  let proxy: TestProxy;
  const nodes: Node[] = [];
  const bots: ClusterBot[] = [];

  const env = () => ({
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    TABLE_TIMINGS: 'bots',
    LEASE_MS: String(LEASE_MS),
    DB_LOCK_TIMEOUT_MS: '1500',
    TRUST_PROXY: 'loopback',
  });

  const start = async (node: { id: string; port: number }) => startNode(env(), node.id, node.port);

  /** The node holding main's lease, as Postgres has it. */
  const ownerOfMain = async (): Promise<Node> => {
    const lease = await prisma.tableLease.findUniqueOrThrow({ where: { tableId: 'main' } });
    const node = nodes.find((n) => n.id === lease.owner);
    if (!node) throw new Error(`main is held by ${lease.owner}`);
    return node;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    await migrate(db.url);
    prisma = createPrisma(db.url);
    redis = await TestRedis.start();
    for (const id of ['node-a', 'node-b']) {
      const port = await freePort();
      nodes.push({ id, port, process: await start({ id, port }) });
    }
    proxy = await TestProxy.start(nodes.map((n) => n.port));
    // Ann on the first node, Bob on the second, Cat wherever the proxy sends her.
    const urls = [
      `http://127.0.0.1:${nodes[0]!.port}`,
      `http://127.0.0.1:${nodes[1]!.port}`,
      proxy.url,
    ];
    const names = ['ann', 'bob', 'cat'] as const;
    for (const [i, name] of names.entries()) {
      bots.push(await ClusterBot.create(urls[i]!, name, i + 1, i === 1 ? 'player' : 'banker'));
    }
    for (const bot of bots) await bot.sit();
  }, 60_000);

  afterAll(async () => {
    for (const bot of bots) bot.close();
    for (const node of nodes) {
      if (node.process.child.exitCode === null) await node.process.kill('SIGKILL');
    }
    await proxy?.stop();
    await redis?.stop();
    await prisma?.$disconnect();
    await db?.drop();
  });

  it('S2.3 P6: players on both nodes play rounds at one table; balances equal the ledger', async () => {
    const owner = await ownerOfMain();
    expect(nodes.map((n) => n.id)).toContain(owner.id);
    for (const bot of bots) bot.acting = true;
    // Two rounds with every bot's bets, seen to their result by every bot.
    const confirmed = new Map<number, Set<number>>();
    const full = (round: number) => (confirmed.get(round)?.size ?? 0) === bots.length;
    for (let i = 0; i < 2; i++) {
      const results = bots.map((bot) =>
        bot.next((e) => {
          if (e.type === 'bets.confirmed') {
            confirmed.set(e.round, (confirmed.get(e.round) ?? new Set()).add(e.seat));
          }
          return e.type === 'round.result' && full(e.round);
        }),
      );
      await Promise.all(results);
    }
    for (const bot of bots) bot.acting = false;

    // P6 across nodes: a command's events reach its socket before its ack, wherever it is.
    const bob = bots[1]!;
    const opened = await bob.next((e) => e.type === 'betting.opened');
    const round = 'round' in opened ? (opened.round as number) : 0;
    const before = bob.seen.length;
    const ack = await bob.send('bets.confirm', {
      tableId: 'main',
      round,
      seat: bob.seat,
      confirmId: `bob-p6-${round}`,
      bets: [{ spot: 'player', amount: 1_000 }],
    });
    expect(ack.ok).toBe(true);
    expect(
      bob.seen.slice(before).some((e) => e.type === 'bets.confirmed' && e.seat === bob.seat),
    ).toBe(true);

    // Versions only go up, on every node.
    for (const bot of bots) {
      for (let i = 1; i < bot.versions.length; i++) {
        expect(bot.versions[i]!).toBeGreaterThanOrEqual(bot.versions[i - 1]!);
      }
    }
    // Every seated balance the table shows is the ledger's.
    const snap = await bots[2]!.send('table.snapshot', { tableId: 'main' });
    if (!snap.ok) throw new Error(snap.code);
    await bots[0]!.next((e) => e.type === 'round.result' || e.type === 'round.voided');
    const shown = await bots[0]!.send('table.snapshot', { tableId: 'main' });
    if (!shown.ok) throw new Error(shown.code);
    for (const seat of shown.snapshot.seats) {
      const wallet = await prisma.account.findUniqueOrThrow({
        where: { id: `wallet:${seat.player.id}` },
      });
      expect(seat.balance).toBe(Number(wallet.balance));
    }
    expect((await checkLedger(prisma, { liveTables: ['main'] })).problems).toEqual([]);
  }, 60_000);
});
