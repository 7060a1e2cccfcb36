import type { TableEvent } from '@banco/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, type PrismaClient } from '../db/prisma.js';
import { createTestDatabase, type TestDatabase } from '../db/test-database.js';
import { ClusterBot, roundBettors, TRY_AGAIN } from '../testing/cluster-bot.js';
import { startNode, TestRedis } from '../testing/cluster-harness.js';
import { auditOutage } from '../testing/outage-audit.js';
import { freePort, type ServerProcess } from '../testing/server-process.js';
import { TcpProxy } from '../testing/tcp-proxy.js';
import { TEST_LEASE_MS } from '../testing/test-lease.js';

/**
 * T13.15, T13.17 on real infrastructure: two server processes over one Redis and one Postgres,
 * each node's every Postgres connection through a TCP proxy of its own that the test cuts and
 * restores (both: Postgres is out of reach; one: that node alone is cut off from it), and a
 * player on each node at the main table. The test's own audit connects to Postgres directly.
 * Every wait is for an ack, an event or a log line, never a sleep.
 */

const LEASE_MS = TEST_LEASE_MS;
/** DB_LOCK_TIMEOUT_MS: the client gives a query up after 3× this, a connect after 1× (T13.15). */
const LOCK_MS = 500;
const STAKE = 1_000;
/** Rounds a player who has just followed the table may need to bet in again (see below). */
const ROUNDS_TO_BET_IN = 3;

interface Node {
  id: string;
  server: ServerProcess;
  postgres: TcpProxy;
}

describe('Postgres unreachable, two nodes with a player on each (T13.15, T13.17)', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  let redis: TestRedis;
  const nodes: Node[] = [];
  let ann: ClusterBot;
  let bob: ClusterBot;
  const figures: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = createPrisma(db.url);
    redis = await TestRedis.start();
    for (const id of ['pg-a', 'pg-b']) {
      const postgres = await TcpProxy.start({ host: '127.0.0.1', port: 5432 });
      const env = {
        DATABASE_URL: postgres.urlFor(db.url),
        REDIS_URL: redis.url,
        TABLE_TIMINGS: 'bots',
        LEASE_MS: String(LEASE_MS),
        DB_LOCK_TIMEOUT_MS: String(LOCK_MS),
      };
      nodes.push({ id, postgres, server: await startNode(env, id, await freePort()) });
    }
    // Ann on the first node, Bob on the second: whichever runs main, one of them plays through
    // the bus (T13.8).
    ann = await ClusterBot.create(nodes[0]!.server.url, 'ann', 1, 'banker');
    bob = await ClusterBot.create(nodes[1]!.server.url, 'bob', 2, 'player');
    for (const bot of [ann, bob]) await bot.sit();
    everyoneActs();
    await everyoneHears((e) => e.type === 'round.result');
  }, 60_000);

  afterAll(async () => {
    ann?.close();
    bob?.close();
    for (const node of nodes) {
      if (node.server.child.exitCode === null) await node.server.kill('SIGKILL');
      await node.postgres.close();
    }
    await redis?.stop();
    await prisma?.$disconnect();
    await db?.drop();
    console.log(`postgres outage, two nodes: ${figures.join('; ')}`);
  });

  const bots = () => [ann, bob];
  /** A round after `after` already open counts: the resumed table may open it first. */
  const everyoneActs = (after = 0) => {
    for (const bot of bots()) bot.joinIn(after);
  };
  /** Both players hear it: the one on the owner and the one the bus serves. */
  const everyoneHears = (test: (e: TableEvent) => boolean, timeoutMs = 20_000) =>
    Promise.all(bots().map((bot) => bot.next(test, timeoutMs)));
  const onFirst = (test: (e: TableEvent) => boolean, timeoutMs = 20_000) =>
    Promise.race(bots().map((bot) => bot.next(test, timeoutMs)));
  const roundOf = (e: TableEvent) => ('round' in e ? (e.round as number) : 0);
  const ms = (from: number) => Math.round(performance.now() - from);

  const lease = () => prisma.tableLease.findUniqueOrThrow({ where: { tableId: 'main' } });
  const ownerOfMain = async (): Promise<Node> => {
    const { owner } = await lease();
    const node = nodes.find((n) => n.id === owner);
    if (!node) throw new Error(`main is held by ${owner}`);
    return node;
  };

  /** The first line matching `test` that `node` logged since `mark` (an index into its lines). */
  const logged = (node: Node, test: RegExp, mark: number, timeoutMs = 10_000) => {
    const seen = node.server.lines.slice(mark).find((line) => test.test(line));
    return seen !== undefined ? Promise.resolve(seen) : node.server.waitFor(test, timeoutMs);
  };
  const marks = () => nodes.map((n) => n.server.lines.length);
  /** Which nodes logged a claim and resume of main since `at` (marks()). */
  const resumedOn = (at: number[]) =>
    nodes.filter((n, i) =>
      n.server.lines.slice(at[i]).some((l) => /table claimed and resumed here/.test(l)),
    );

  /** Stakes in escrow with betting still open: Ann's are taken, Bob waits (T2.3: it stays open). */
  async function annBetsAlone(): Promise<{ round: number; balance: number }> {
    bob.acting = false;
    ann.acting = true;
    const opened = roundOf(await onFirst((e) => e.type === 'betting.opened'));
    const confirmed = await onFirst(
      (e) => e.type === 'bets.confirmed' && e.round === opened && e.seat === ann.seat,
    );
    if (confirmed.type !== 'bets.confirmed') throw new Error('not a confirm');
    return { round: opened, balance: confirmed.balance };
  }

  /**
   * Rounds after `round` played to their results until one has both players' stakes (at most
   * ROUNDS_TO_BET_IN); then nobody bets. On two cores the other suites fill, a player who has
   * just followed the table to its new owner may confirm after that round's betting closed: the
   * table refuses it as too late (T2.1) and the player bets the next round. A refusal that is the
   * table's decision fails the test, and so does a player who has not bet in ROUNDS_TO_BET_IN
   * rounds.
   */
  async function bothBetAndPlayAfter(round: number): Promise<number> {
    const confirmed = roundBettors();
    everyoneActs(round);
    let played = round;
    for (let tries = 0; tries < ROUNDS_TO_BET_IN; tries++) {
      const after = played;
      const [result] = await Promise.all(
        bots().map((bot) =>
          bot.next((e) => {
            confirmed.note(e);
            return e.type === 'round.result' && e.round > after;
          }),
        ),
      );
      played = roundOf(result!);
      const missing = bots().filter((bot) => !confirmed.seats(played).has(bot.seat));
      if (missing.length === 0) break;
      // Late, or asked to try again until the window closed, or still on its way to the new
      // owner while it was open: nothing else.
      for (const bot of missing) {
        const refused = bot.refusedConfirms
          .filter((r) => r.startsWith(`${played} `))
          .map((r) => r.split(' ')[1]!);
        expect(
          refused.filter((code) => code !== 'WRONG_PHASE' && !TRY_AGAIN.has(code)),
          `${bot.name} missed round ${played}`,
        ).toEqual([]);
      }
    }
    for (const bot of bots()) bot.acting = false;
    const refused = bots().map((b) => `${b.name}: ${b.refusedConfirms.join(' ') || 'none'}`);
    expect([...confirmed.seats(played)].sort(), `confirms refused: ${refused.join('; ')}`).toEqual([
      ann.seat,
      bob.seat,
    ]);
    return played;
  }

  /**
   * Ann's stake in escrow, betting open, then `cut` nodes lose Postgres for longer than a lease.
   * Returns once main is back on one node, its round voided and refunded, seen by both players.
   */
  async function outlastTheLease(cut: Node[]): Promise<{ owner: Node; resumedOn: Node[] }> {
    const before = await lease();
    const { round, balance } = await annBetsAlone();
    const at = marks();
    const owner = await ownerOfMain();
    // Listening from before the cut: the claimer may void the round before the fence is logged.
    const voided = everyoneHears((e) => e.type === 'round.voided' && e.round === round, 30_000);
    const cutAt = performance.now();
    for (const node of cut) await node.postgres.cut('refuse');
    await logged(owner, /table fenced off/, at[nodes.indexOf(owner)]!);
    const stoppedMs = ms(cutAt);
    // A node still reaching Postgres claims the table once its lease runs out, before the one
    // cut off is back (T13.10); with none left, the first to reach it again does (T13.17).
    const reaching = nodes.find((n) => !cut.includes(n));
    // P13.6: meanwhile each player, on the owner or through the bus, is told to retry. The
    // owner fences itself off as its lease runs out, which is when another node reaching
    // Postgres may claim it: a snapshot answered is then the claimer's, and it must have claimed.
    for (const bot of bots()) {
      const reply = await bot.send('table.snapshot', { tableId: 'main' });
      if (reply.ok && reaching) {
        await logged(reaching, /table claimed and resumed here/, at[nodes.indexOf(reaching)]!);
        continue;
      }
      expect(reply).toMatchObject({ ok: false, code: 'TABLE_CLOSING' });
    }
    everyoneActs(round);
    let heard: TableEvent[] = [];
    if (reaching) {
      await logged(reaching, /table claimed and resumed here/, at[nodes.indexOf(reaching)]!);
      heard = await voided;
    }
    const restoredAt = performance.now();
    for (const node of cut) await node.postgres.restore();
    if (!reaching) heard = await voided;
    const resumedMs = ms(reaching ? cutAt : restoredAt);
    for (const event of heard) {
      if (event.type !== 'round.voided') throw new Error('not a void');
      expect(event.reason).toBe('restart');
      // T9.2: Ann's stake back in her wallet, as the refund says, told to both players.
      expect(event.refunds).toEqual([{ playerId: ann.playerId, balance: balance + STAKE }]);
    }
    // Both heard the same resumed table: one version, past the fenced actor's.
    expect(new Set(heard.map((e) => e.version)).size).toBe(1);
    const next = await bothBetAndPlayAfter(round);
    const after = await lease();
    const on = resumedOn(at);
    figures.push(
      `${cut.map((n) => n.id).join('+')} cut off (owner ${owner.id}): stopped after ${stoppedMs} ms; resumed on ${on.map((n) => n.id).join('+')}, round ${round} voided ${resumedMs} ms after ${reaching ? 'the cut' : 'the restore'}, round ${next} played after ${ms(restoredAt)} ms, events caught up by a resync: ${bots()
        .map((b) => `${b.name} ${b.replayed.length}`)
        .join(', ')}, confirms refused: ${bots()
        .map((b) => `${b.name} ${b.refusedConfirms.join(' ') || 'none'}`)
        .join(', ')}`,
    );
    // T13.5: claimed again under a new epoch, by one node, the one the lease names.
    expect(Number(after.epoch)).toBeGreaterThan(Number(before.epoch));
    expect(on.map((n) => n.id)).toEqual([after.owner]);

    const lost = await prisma.round.findUniqueOrThrow({
      where: { tableId_seq: { tableId: 'main', seq: round } },
      include: { bets: true },
    });
    expect(lost.status).toBe('VOIDED');
    expect(lost.bets.map((b) => b.playerId)).toEqual([ann.playerId]);
    expect(await prisma.transfer.count({ where: { kind: 'REFUND', roundId: lost.id } })).toBe(1);
    await auditOutage(prisma, bots());
    return { owner, resumedOn: on };
  }

  it('T13.15, T13.17, P13.6: Postgres out of reach of both nodes for longer than a lease in betting: the table stops, is claimed back by one node, voids and refunds the round; both players see it and play on', async () => {
    await outlastTheLease(nodes);
  });

  it('T13.17, T13.10: the owner alone cut off from Postgres for longer than a lease: the other node claims the table and both players follow it; the owner, reconnected, does not take it back', async () => {
    const owner = await ownerOfMain();
    const { resumedOn: on } = await outlastTheLease([owner]);
    expect(on.map((n) => n.id)).not.toContain(owner.id);
    // A round later, still one owner: the node that was cut off claimed nothing back.
    const at = marks();
    const round = Math.max(...ann.seen.map(roundOf));
    await bothBetAndPlayAfter(round);
    expect(resumedOn(at)).toEqual([]);
    expect((await ownerOfMain()).id).toBe(on[0]!.id);
    await auditOutage(prisma, bots());
  });
});
