import type { TableEvent } from '@banco/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, type PrismaClient } from '../db/prisma.js';
import { createTestDatabase, type TestDatabase } from '../db/test-database.js';
import { ClusterBot, roundBettors } from '../testing/cluster-bot.js';
import { auditOutage } from '../testing/outage-audit.js';
import { freePort, ServerProcess } from '../testing/server-process.js';
import { TcpProxy, type Cut } from '../testing/tcp-proxy.js';
import { TEST_LEASE_MS } from '../testing/test-lease.js';

/**
 * T13.15 on real infrastructure: one server process on its own (no REDIS_URL) whose
 * every Postgres connection goes through a TCP proxy the test cuts and restores, and two real
 * socket.io players at the main table. The test's own audit connects to Postgres directly.
 * Every wait is for an ack, an event or a log line, never a sleep.
 */

/** A lease runs out 1.5 s after its last renewal; the node stops trusting it after 1.35 s. */
const LEASE_MS = TEST_LEASE_MS;
/** DB_LOCK_TIMEOUT_MS: the client gives a query up after 3× this, a connect after 1× (T13.15). */
const LOCK_MS = 500;
const STAKE = 1_000;

describe('Postgres unreachable, one node alone (T13.15)', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  let proxy: TcpProxy;
  let server: ServerProcess;
  let ann: ClusterBot;
  let bob: ClusterBot;
  const figures: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = createPrisma(db.url);
    proxy = await TcpProxy.start({ host: '127.0.0.1', port: 5432 });
    const port = await freePort();
    server = await ServerProcess.start({
      DATABASE_URL: proxy.urlFor(db.url),
      PORT: String(port),
      TABLE_TIMINGS: 'bots',
      LEASE_MS: String(LEASE_MS),
      DB_LOCK_TIMEOUT_MS: String(LOCK_MS),
    });
    ann = await ClusterBot.create(server.url, 'ann', 1, 'banker');
    bob = await ClusterBot.create(server.url, 'bob', 2, 'player');
    for (const bot of [ann, bob]) await bot.sit();
    everyoneActs();
    await onFirst((e) => e.type === 'round.result');
  }, 60_000);

  afterAll(async () => {
    ann?.close();
    bob?.close();
    if (server && server.child.exitCode === null) await server.kill('SIGKILL');
    await proxy?.close();
    await prisma?.$disconnect();
    await db?.drop();
    // What an operator reads in the log meanwhile: each warning or error message, counted.
    const said = new Map<string, number>();
    for (const line of server?.lines ?? []) {
      const entry = /^\{/.test(line) ? (JSON.parse(line) as { level: number; msg: string }) : null;
      if (entry && entry.level >= 40) said.set(entry.msg, (said.get(entry.msg) ?? 0) + 1);
    }
    const log = [...said].map(([msg, n]) => `${n}× ${msg}`).join(', ');
    console.log(`postgres outage: ${figures.join('; ')}\nlog: ${log}`);
  });

  const bots = () => [ann, bob];
  const everyoneActs = () => {
    for (const bot of bots()) bot.acting = true;
  };
  const onFirst = (test: (e: TableEvent) => boolean, timeoutMs = 20_000) =>
    Promise.race(bots().map((bot) => bot.next(test, timeoutMs)));
  const roundOf = (e: TableEvent) => ('round' in e ? (e.round as number) : 0);

  /** The first server log line matching `test` logged since `mark` (an index into its lines). */
  const logged = (test: RegExp, mark: number, timeoutMs = 10_000): Promise<string> => {
    const seen = server.lines.slice(mark).find((line) => test.test(line));
    return seen !== undefined ? Promise.resolve(seen) : server.waitFor(test, timeoutMs);
  };

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

  const bobConfirms = (round: number, confirmId: string) =>
    bob.send('bets.confirm', {
      tableId: 'main',
      round,
      seat: bob.seat,
      confirmId,
      bets: [{ spot: 'player', amount: STAKE }],
    });

  /** A round after `round` played to its result with both players' stakes; then nobody bets. */
  async function bothBetAndPlayAfter(round: number): Promise<number> {
    const confirmed = new Set<number>();
    const result = await onFirst((e) => {
      if (e.type === 'bets.confirmed' && e.round > round) confirmed.add(e.seat);
      return e.type === 'round.result' && e.round > round;
    });
    for (const bot of bots()) bot.acting = false;
    expect([...confirmed].sort()).toEqual([ann.seat, bob.seat]);
    return roundOf(result);
  }

  /**
   * Both players join in (a window already open too) and this waits for betting to close on a
   * round both bet in: one turned on as a window was closing sits that round out. Events come in
   * table order (P1.7 holds them, never reorders), so a round's confirms come before its close.
   */
  async function closedWithBothBets(): Promise<number> {
    for (const bot of bots()) bot.joinIn();
    const bettors = roundBettors();
    const closed = await onFirst((e) => {
      bettors.note(e);
      return e.type === 'betting.closed' && bettors.count(e.round) === bots().length;
    });
    return roundOf(closed);
  }

  const audit = () => auditOutage(prisma, bots());

  const ms = (from: number) => Math.round(performance.now() - from);
  /** How long after `wall` (Date.now()) the server stamped a log line: the same machine's clock. */
  const loggedAfter = (line: string, wall: number) =>
    (JSON.parse(line) as { time: number }).time - wall;

  it('T13.15, P13.6: cut for less than a lease in betting, a confirm is refused INTERNAL and the same one is taken once Postgres answers; the round settles, nothing voided', async () => {
    const { round } = await annBetsAlone();
    const mark = server.lines.length;
    const cutAt = performance.now();
    await proxy.cut('refuse');
    const refused = await bobConfirms(round, `bob-short-${round}`);
    const refusedMs = ms(cutAt);
    await proxy.restore();
    expect(refused).toMatchObject({ ok: false, code: 'INTERNAL' });
    // P7.4: the same confirm id again: the stake was not taken, so it is now, once.
    expect(await bobConfirms(round, `bob-short-${round}`)).toMatchObject({
      ok: true,
      replayed: false,
    });
    everyoneActs();
    const settled = await onFirst((e) => e.type === 'round.result' && e.round === round);
    for (const bot of bots()) bot.acting = false;
    expect(settled.type).toBe('round.result');
    figures.push(`short cut: confirm refused ${refusedMs} ms after the cut`);

    const played = await prisma.round.findUniqueOrThrow({
      where: { tableId_seq: { tableId: 'main', seq: round } },
      include: { bets: true },
    });
    expect(played.status).toBe('SETTLED');
    expect(played.bets.map((b) => b.playerId).sort()).toEqual([ann.playerId, bob.playerId].sort());
    expect(server.lines.slice(mark).some((line) => /table fenced off/.test(line))).toBe(false);
    await audit();
  });

  /**
   * Cut in betting, with Ann's stake in escrow, for longer than a lease: bets are refused, the
   * table stops when it can no longer trust its lease, and once Postgres answers the node claims
   * it back, voids the round (refunding Ann) and plays on with both players in their seats.
   */
  async function outlastTheLease(mode: Cut): Promise<void> {
    const { round, balance } = await annBetsAlone();
    const mark = server.lines.length;
    const cutAt = performance.now();
    const cutWall = Date.now();
    await proxy.cut(mode);
    const refused = await bobConfirms(round, `bob-${mode}-${round}`);
    const refusedMs = ms(cutAt);
    expect(refused).toMatchObject({ ok: false, code: 'INTERNAL' });
    // No command waits on a Postgres that does not answer longer than the client's query limit.
    expect(refusedMs).toBeLessThan(3 * LOCK_MS + 2_000);

    const stoppedMs = loggedAfter(await logged(/table fenced off/, mark), cutWall);
    const heardBefore = bots().map((bot) => bot.seen.length);
    // P13.6: every command is answered at once meanwhile, with a code the client retries on.
    const moving = await bobConfirms(round, `bob-${mode}-${round}`);
    expect(moving).toMatchObject({ ok: false, code: 'TABLE_CLOSING' });
    expect(moving.ok ? '' : moving.message).toMatch(/database/);
    expect(await bob.send('table.snapshot', { tableId: 'main' })).toMatchObject({
      ok: false,
      code: 'TABLE_CLOSING',
    });
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(503);
    const report = (await health.json()) as {
      db: string;
      tables: { id: string; problems: string[] }[];
    };
    expect(report.db).toBe('down');
    expect(report.tables.find((t) => t.id === 'main')?.problems.join()).toMatch(/lease/);

    everyoneActs();
    const voided = onFirst((e) => e.type === 'round.voided' && e.round === round);
    const restoredAt = performance.now();
    await proxy.restore();
    const resumed = await voided;
    const resumedMs = ms(restoredAt);
    if (resumed.type !== 'round.voided') throw new Error('not a void');
    expect(resumed.reason).toBe('restart');
    // T13.3: the stopped actor said nothing more, even once Postgres answered what it had sent.
    for (const [i, bot] of bots().entries()) {
      expect(bot.seen.slice(heardBefore[i]).filter((e) => e.version < resumed.version)).toEqual([]);
    }
    // T9.2: Ann's stake back in her wallet, as the refund says.
    expect(resumed.refunds).toEqual([{ playerId: ann.playerId, balance: balance + STAKE }]);
    const next = await bothBetAndPlayAfter(round);
    figures.push(
      `${mode} for longer than a lease: confirm refused after ${refusedMs} ms, table stopped after ${stoppedMs} ms; restored: round ${round} voided after ${resumedMs} ms, round ${next} played after ${ms(restoredAt)} ms`,
    );

    const lost = await prisma.round.findUniqueOrThrow({
      where: { tableId_seq: { tableId: 'main', seq: round } },
      include: { bets: true },
    });
    expect(lost.status).toBe('VOIDED');
    expect(lost.bets.map((b) => b.playerId)).toEqual([ann.playerId]);
    expect(await prisma.transfer.count({ where: { kind: 'REFUND', roundId: lost.id } })).toBe(1);
    // T13.5: claimed back by this same node, under a new epoch.
    const lease = await prisma.tableLease.findUniqueOrThrow({ where: { tableId: 'main' } });
    expect(Number(lease.epoch)).toBeGreaterThan(1);
    await audit();
  }

  it('T13.15, T13.5, P13.6: Postgres gone (connections reset and refused) for longer than a lease in betting with stakes in escrow: bets refused, the table stops, claims itself back, voids and refunds the round, plays on', async () => {
    await outlastTheLease('refuse');
  });

  it('T13.15, T13.5, P13.6: a partition (nothing refused, nothing answered) for longer than a lease: no command waits for ever; the table stops, claims itself back and plays on', async () => {
    await outlastTheLease('blackhole');
  });

  it('T13.15, T9.3: cut once betting has closed, for longer than a lease: the dealt round is finished by the house from the same shoe and settled once', async () => {
    const round = await closedWithBothBets();
    const mark = server.lines.length;
    const cutWall = Date.now();
    await proxy.cut('refuse');
    const stoppedMs = loggedAfter(await logged(/table fenced off/, mark), cutWall);
    const settled = onFirst((e) => e.type === 'round.result' && e.round === round);
    const restoredAt = performance.now();
    await proxy.restore();
    await settled;
    const settledMs = ms(restoredAt);
    const next = await bothBetAndPlayAfter(round);
    figures.push(
      `cut after betting closed: table stopped after ${stoppedMs} ms; restored: round ${round} settled after ${settledMs} ms, round ${next} played after ${ms(restoredAt)} ms`,
    );
    const dealt = await prisma.round.findUniqueOrThrow({
      where: { tableId_seq: { tableId: 'main', seq: round } },
      include: { bets: true },
    });
    expect(dealt.status).toBe('SETTLED');
    expect(dealt.bets).toHaveLength(2);
    expect(await prisma.transfer.count({ where: { kind: 'REFUND', roundId: dealt.id } })).toBe(0);
    await audit();
  });
});
