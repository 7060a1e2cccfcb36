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
      outbox: { broadcast: (event) => events.push(event), sendPrivate: () => undefined },
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
    const settings = tableSettings({ ...TIMINGS.fast, bettingMs: 600_000, resultMs: 600_000 });
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
});
