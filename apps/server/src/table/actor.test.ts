import type { TableEvent } from '@banco/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger, type Ledger } from '../db/ledger.js';
import { checkLedger } from '../db/ledger-invariant.js';
import { createPrisma, type PrismaClient } from '../db/prisma.js';
import { createTestDatabase, type TestDatabase } from '../db/test-database.js';
import { TableActor } from './actor.js';
import { tableSettings, TIMINGS } from './settings.js';

/** The actor over the real ledger, with an outbox that keeps what it was given. */
describe('the table actor over the real ledger', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  let ledger: Ledger;

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = createPrisma(db.url);
    ledger = createLedger(prisma);
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.drop();
  });

  async function startTable(
    id: string,
    settings = tableSettings({ seedMs: 0, bettingMs: 600_000, lastBetsMs: 0 }),
  ) {
    const table = { id, name: id, isPublic: true, settings };
    await ledger.ensureTable(table);
    const events: TableEvent[] = [];
    const actor = await TableActor.start({
      table,
      ledger,
      outbox: {
        broadcast: (event) => events.push(event),
        sendPrivate: () => undefined,
        eject: () => undefined,
      },
      retryMs: 20,
    });
    return { actor, events };
  }

  it('T2.0: commands racing for one seat run one at a time; exactly one wins', async () => {
    const { actor, events } = await startTable('race');
    const guests = await Promise.all(
      Array.from({ length: 10 }, (_, i) => ledger.createGuest(`g${i}`)),
    );
    const acks = await Promise.all(
      guests.map((g) => actor.command(g.player.id, 'seat.take', { tableId: 'race', seat: 4 })),
    );
    expect(acks.filter((a) => a.ok)).toHaveLength(1);
    expect(acks.filter((a) => !a.ok).map((a) => (a.ok ? '' : a.code))).toEqual(
      Array(9).fill('SEAT_TAKEN'),
    );
    expect(events.filter((e) => e.type === 'seat.taken')).toHaveLength(1);
    events.forEach((e, i) => expect(e.version).toBe(i + 1));
    await actor.close();
  });

  it('T6.5 T8.3: a round settled by the table cannot be paid a second time', async () => {
    const settings = tableSettings({ ...TIMINGS.instant, bettingMs: 600_000, resultMs: 600_000 });
    const { actor, events } = await startTable('twice', settings);
    const ann = await ledger.createGuest('ann');
    await actor.command(ann.player.id, 'seat.take', { tableId: 'twice', seat: 1 });
    const ack = await actor.command(ann.player.id, 'bets.confirm', {
      tableId: 'twice',
      round: actor.current.roundSeq,
      seat: 1,
      confirmId: 'ann-confirm-1',
      bets: [{ spot: 'banker', amount: 5_000 }],
    });
    expect(ack).toMatchObject({ ok: true, balance: 95_000 });
    while (!events.some((e) => e.type === 'round.result')) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const round = await prisma.round.findFirstOrThrow({
      where: { tableId: 'twice', status: 'SETTLED' },
    });
    const bets = await prisma.bet.findMany({ where: { roundId: round.id } });
    const before = {
      ledger: await checkLedger(prisma),
      balance: await ledger.balanceOf(ann.player.id),
    };
    await ledger.settleRound({
      tableId: 'twice',
      roundId: round.id,
      round: {
        cards: round.cards as string[],
        outcome: 'banker',
        playerTotal: 0,
        bankerTotal: 9,
        trace: [],
      },
      settled: bets.map((b) => ({
        betId: b.id,
        playerId: b.playerId,
        result: 'win',
        stake: Number(b.amount),
        returned: 2 * Number(b.amount),
      })),
    });
    expect({
      ledger: await checkLedger(prisma),
      balance: await ledger.balanceOf(ann.player.id),
    }).toEqual(before);
    expect(before.ledger.problems).toEqual([]);
    await actor.close();
  });

  /** Waits until `done` holds, polling; the table works on its own timers meanwhile. */
  async function until(done: () => boolean): Promise<void> {
    for (let i = 0; !done(); i++) {
      if (i > 500) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('T6.5: when the database fails, the table waits and retries; nothing is lost or doubled', async () => {
    const settings = tableSettings({ ...TIMINGS.instant, bettingMs: 600_000, resultMs: 600_000 });
    const { actor, events } = await startTable('flaky', settings);
    const ann = await ledger.createGuest('ann');
    // A real failure: the rounds table is out of reach while the first round opens.
    await prisma.$executeRawUnsafe('ALTER TABLE rounds RENAME TO rounds_away');
    await actor.command(ann.player.id, 'seat.take', { tableId: 'flaky', seat: 1 });
    expect(actor.current.phase.kind).toBe('opening');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events.some((e) => e.type === 'betting.opened')).toBe(false);
    await prisma.$executeRawUnsafe('ALTER TABLE rounds_away RENAME TO rounds');
    await until(() => events.some((e) => e.type === 'betting.opened'));
    expect(await prisma.round.count({ where: { tableId: 'flaky' } })).toBe(1);

    // Then settlement: the transfers table is away when the round ends.
    const bob = await ledger.createGuest('bob');
    await actor.command(bob.player.id, 'seat.take', { tableId: 'flaky', seat: 2 });
    const round = actor.current.roundSeq;
    const ack = await actor.command(ann.player.id, 'bets.confirm', {
      tableId: 'flaky',
      round,
      seat: 1,
      confirmId: 'ann-flaky-1',
      bets: [{ spot: 'player', amount: 10_000 }],
    });
    expect(ack).toMatchObject({ ok: true, balance: 90_000 });
    await prisma.$executeRawUnsafe('ALTER TABLE transfers RENAME TO transfers_away');
    await actor.command(bob.player.id, 'bets.none', { tableId: 'flaky', round, seat: 2 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(actor.current.phase.kind).toBe('settling');
    expect(events.some((e) => e.type === 'settlement.collected')).toBe(false);
    await prisma.$executeRawUnsafe('ALTER TABLE transfers_away RENAME TO transfers');
    await until(() => events.some((e) => e.type === 'round.result'));
    const result = events.find((e) => e.type === 'round.result');
    // 100 chips on Player: won at 1 to 1 (R9.3), pushed by a tie (R9.6), or lost.
    const returned = { player: 20_000, tie: 10_000, banker: 0 };
    const expected = 90_000 + returned[result?.type === 'round.result' ? result.outcome : 'banker'];
    expect(await ledger.balanceOf(ann.player.id)).toBe(expected);
    expect((await checkLedger(prisma)).problems).toEqual([]);
    await actor.close();
  });
});
