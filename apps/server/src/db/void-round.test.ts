import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from './ledger-invariant.js';
import { Ledger, walletAccount } from './ledger.js';
import { createPrisma, type PrismaClient } from './prisma.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

let db: TestDatabase;
let prisma: PrismaClient;
let ledger: Ledger;
let shoeId: string;
let seq = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = createPrisma(db.url);
  ledger = new Ledger(prisma);
  ({ shoeId } = await ledger.createShoe({
    tableId: 'main',
    number: 1,
    serverSeed: 'a'.repeat(64),
    commitment: 'b'.repeat(64),
    clientSeed: 'main-1',
    settings: { decks: 8, cut: 16, lastHand: 'plus-one' },
  }));
});

afterAll(async () => {
  await prisma?.$disconnect();
  await db?.drop();
});

async function roundWithBet(amount = 5_000) {
  const guest = await ledger.createGuest('Bettor');
  seq += 1;
  const { roundId } = await ledger.openRound({
    tableId: 'main',
    shoeId,
    seq,
    number: seq,
    holderSeat: null,
  });
  const { bets } = await ledger.escrowBets({
    tableId: 'main',
    roundId,
    playerId: guest.player.id,
    seat: 1,
    confirmId: `c-${seq}`,
    bets: [{ spot: 'banker', amount }],
  });
  return { playerId: guest.player.id, roundId, betId: bets[0]!.id, seq };
}

const transfersOf = (betId: string) =>
  prisma.transfer.findMany({ where: { betId }, orderBy: { id: 'asc' } });

describe('voiding a round (T9.2)', () => {
  it('refunds every open stake once, by a REFUND transfer keyed by its bet', async () => {
    const { playerId, roundId, betId, seq: roundSeq } = await roundWithBet();
    expect(await ledger.balanceOf(playerId)).toBe(95_000);
    const first = await ledger.voidRound({ tableId: 'main', seq: roundSeq });
    expect(first).toEqual({ roundId, balances: new Map([[playerId, 100_000]]) });
    // Voiding again (a retried effect, a second restart) moves nothing.
    await ledger.voidRound({ tableId: 'main', seq: roundSeq });
    expect(await ledger.balanceOf(playerId)).toBe(100_000);
    const transfers = await transfersOf(betId);
    expect(transfers.map((t) => [t.kind, t.key, Number(t.amount)])).toEqual([
      ['STAKE', `stake:${betId}`, 5_000],
      ['REFUND', `refund:${betId}`, 5_000],
    ]);
    const round = await prisma.round.findUniqueOrThrow({ where: { id: roundId } });
    expect(round.status).toBe('VOIDED');
    const bet = await prisma.bet.findUniqueOrThrow({ where: { id: betId } });
    expect([bet.status, bet.result, Number(bet.returned)]).toEqual(['VOIDED', null, 5_000]);
    // A voided round takes no more stakes.
    await expect(
      ledger.escrowBets({
        tableId: 'main',
        roundId,
        playerId,
        seat: 1,
        confirmId: 'late',
        bets: [{ spot: 'player', amount: 1_000 }],
      }),
    ).rejects.toMatchObject({ code: 'ROUND_NOT_OPEN' });
    // A settle arriving after the void changes nothing either (T6.5).
    await ledger.settleRound({
      tableId: 'main',
      roundId,
      round: { cards: [], outcome: 'banker', playerTotal: 0, bankerTotal: 9, trace: null },
      settled: [],
    });
    expect(await ledger.balanceOf(playerId)).toBe(100_000);
    expect(await ledger.voidRound({ tableId: 'main', seq: 999 })).toEqual({
      roundId: null,
      balances: new Map(),
    });
    expect((await checkLedger(prisma)).problems).toEqual([]);
  });

  it('T9.9: settlement refunds a stake the table never heard of, and settles the rest', async () => {
    const known = await roundWithBet(2_000);
    const stray = await ledger.createGuest('Lost reply');
    await ledger.escrowBets({
      tableId: 'main',
      roundId: known.roundId,
      playerId: stray.player.id,
      seat: 2,
      confirmId: 'lost',
      bets: [{ spot: 'player', amount: 3_000 }],
    });
    const { balances } = await ledger.settleRound({
      tableId: 'main',
      roundId: known.roundId,
      round: {
        cards: ['9h', '2c', 'Kd', 'Qs'],
        outcome: 'banker',
        playerTotal: 1,
        bankerTotal: 9,
        trace: null,
      },
      settled: [
        {
          betId: known.betId,
          playerId: known.playerId,
          result: 'win',
          stake: 2_000,
          returned: 3_900,
        },
      ],
    });
    expect(balances.get(stray.player.id)).toBe(100_000);
    expect(balances.get(known.playerId)).toBe(101_900);
    const refunds = await prisma.transfer.findMany({
      where: { kind: 'REFUND', toAccountId: walletAccount(stray.player.id) },
    });
    expect(refunds).toHaveLength(1);
    expect((await checkLedger(prisma)).problems).toEqual([]);
  });

  it('T9.5: reports an open round its table is not playing, and voids it on request', async () => {
    const orphan = await roundWithBet();
    await ledger.saveTableState('main', {
      version: 10,
      roundSeq: orphan.seq + 1,
      shoeId,
      state: {},
    });
    expect((await checkLedger(prisma)).problems).toEqual([
      `round ${orphan.roundId} (table main, #${orphan.seq}) is open with no live table`,
    ]);
    await ledger.saveTableState('main', { version: 11, roundSeq: orphan.seq, shoeId, state: {} });
    expect((await checkLedger(prisma)).problems).toEqual([]);
    // With the live tables named, a table nobody runs is reported as well.
    expect((await checkLedger(prisma, { liveTables: ['other'] })).problems).toHaveLength(1);

    const closed = await ledger.closeAbandoned({ tableId: 'main', roundSeq: null, shoeId: null });
    expect(closed.voided).toEqual([{ tableId: 'main', seq: orphan.seq }]);
    expect(closed.endedShoes).toEqual([shoeId]);
    expect(await ledger.balanceOf(orphan.playerId)).toBe(100_000);
    expect((await ledger.shoeRecord(shoeId))?.serverSeed).toBe('a'.repeat(64));
    expect((await checkLedger(prisma, { liveTables: ['main'] })).problems).toEqual([]);
  });
});

describe('retried shoe effects (T9.8)', () => {
  it('a replayed new shoe returns the stored one, a replayed shuffle is a no-op', async () => {
    await ledger.ensureTable({ id: 'again', name: 'Again', isPublic: false, settings: {} });
    const create = (serverSeed: string) =>
      ledger.createShoe({
        tableId: 'again',
        number: 1,
        serverSeed,
        commitment: `${serverSeed.slice(0, 1)}`.repeat(64),
        settings: { decks: 8, cut: 16, lastHand: 'plus-one' },
      });
    const first = await create('c'.repeat(64));
    const retried = await create('d'.repeat(64));
    expect(retried).toEqual(first);
    expect(first.serverSeed).toBe('c'.repeat(64));
    expect(await prisma.shoe.count({ where: { tableId: 'again' } })).toBe(1);
    await ledger.recordShuffle(first.shoeId, 'client', 'Kd');
    await ledger.recordShuffle(first.shoeId, 'client', 'Kd');
    await expect(ledger.recordShuffle(first.shoeId, 'other', 'Kd')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('a shoe that died while seeding is ended with the no-contribution client seed', async () => {
    await ledger.ensureTable({ id: 'seeding', name: 'Seeding', isPublic: false, settings: {} });
    const { shoeId: id } = await ledger.createShoe({
      tableId: 'seeding',
      number: 1,
      serverSeed: 'e'.repeat(64),
      commitment: 'f'.repeat(64),
      settings: { decks: 8, cut: 16, lastHand: 'plus-one' },
    });
    const { endedShoes } = await ledger.closeAbandoned({
      tableId: 'seeding',
      roundSeq: null,
      shoeId: null,
    });
    expect(endedShoes).toContain(id);
    const record = await ledger.shoeRecord(id);
    expect(record?.clientSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(record?.serverSeed).toBe('e'.repeat(64));
  });
});
